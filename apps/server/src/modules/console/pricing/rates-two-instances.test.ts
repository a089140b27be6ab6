import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import type { RatesImportReport } from '@shop/contract/console/pricing';
import { auditOf } from '../../../../test/catalogue.ts';
import { startShop, type TestShop } from '../../../../test/harness.ts';
import { asOperator, loginOperator } from '../../../../test/console.ts';
import { PRICING } from '../../../../test/pricing.ts';
import { exchangeRates } from '../../../db/schema.ts';
import { plainRate } from './drift.ts';

type RateChange = RatesImportReport['changes'][number];

const CURRENCIES = ['EUR', 'GBP', 'JPY', 'KRW', 'IDR', 'VND', 'BRL', 'TRY', 'KWD', 'INR', 'PHP', 'THB', 'MXN', 'PLN'];

/** Two shop instances on one PostgreSQL import rates at the same moment: the table ends as one import wrote it, whole. */
describe.runIf(process.env.TEST_DATABASE_URL)('rates imported on two instances at once', () => {
  let first: TestShop;
  let second: TestShop;
  beforeAll(async () => {
    first = await startShop('postgres');
    second = await startShop('postgres', { DATABASE_URL: first.config.database.url! });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('leaves one consistent table every time, never a mix, and the later import reports what the earlier wrote', async () => {
    const [one, two] = await Promise.all([loginOperator(first, 'admin'), loginOperator(second, 'admin')]);
    // the two tables list their currencies in opposite orders: without the import lock their row locks could cross
    const table = (source: string, factor: number, order: string[]) => ({
      asOf: '2026-11-28',
      source,
      rates: Object.fromEntries(order.map((currency, index) => [currency, String(factor * (index + 1))])),
    });
    for (let round = 0; round < 6; round++) {
      const a = table(`first-${round}`, 3, CURRENCIES);
      const b = table(`second-${round}`, 7, [...CURRENCIES].reverse());
      const answers = await Promise.all([
        asOperator(first, one)<RatesImportReport>('POST', `${PRICING}/rates/import`, { body: a }),
        asOperator(second, two)<RatesImportReport>('POST', `${PRICING}/rates/import`, { body: b }),
      ]);
      for (const answer of answers) expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
      const rows = await first.services.db.select().from(exchangeRates).where(inArray(exchangeRates.currency, CURRENCIES));
      const sources = new Set(rows.map((row) => row.source));
      expect(sources.size, [...sources].join()).toBe(1);
      // the import that wrote last read the table the other had written: its entry's "before" is the other's table
      const [earlier, later] = (await auditOf(first, 'exchangeRates', '2026-11-28')).slice(-2) as { after: { source: string; changes: RateChange[] } }[];
      expect(later!.after.source).toBe([...sources][0]);
      const [loser, winner] = later!.after.source === a.source ? [b, a] : [a, b];
      expect(earlier!.after.source).toBe(loser.source);
      expect(Object.fromEntries(rows.map((row) => [row.currency, plainRate(row.perUsd)]))).toEqual(winner.rates);
      expect(Object.fromEntries(later!.after.changes.map((change) => [change.currency, change.before]))).toEqual(loser.rates);
    }
  });
});
