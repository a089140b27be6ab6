import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BASE_CURRENCY } from '@shop/contract/pricing';
import { BACKENDS } from '../../../../test/harness.ts';
import { createTestDatabase } from '../../../../test/test-database.ts';
import { openDatabase, type Database } from '../../../db/client.ts';
import { currencyDigits } from '../../../shared/money.ts';
import { toBaseMinor } from '../../pricing/base-amount.ts';

/** Small deterministic PRNG (mulberry32). */
function rng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const rowsOf = async <T>(database: Database, query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * The SQL functions of migration 0026 the rollups' base figures are computed with (currency_minor_digits,
 * to_base_minor, refund_base_minor) agree with the application's (currencyDigits, toBaseMinor) to the unit.
 */
describe.each(BACKENDS)('base-currency conversion in SQL (%s)', (backend) => {
  let database: Database;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const created = backend === 'postgres' ? await createTestDatabase() : undefined;
    dropDatabase = created?.drop;
    database = await openDatabase({ url: created?.url, dataDir: 'memory://' });
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    await dropDatabase?.();
  });

  it('currency_minor_digits is ICU’s digits for every currency the runtime knows', async () => {
    const codes = Intl.supportedValuesOf('currency');
    const found = await rowsOf<{ code: string; digits: number }>(
      database,
      sql`SELECT code, currency_minor_digits(code) AS digits FROM unnest(${`{${codes.join(',')}}`}::text[]) AS code`,
    );
    expect(Object.fromEntries(found.map((row) => [row.code, Number(row.digits)]))).toEqual(Object.fromEntries(codes.map((code) => [code, currencyDigits(code)])));
  });

  it('to_base_minor equals toBaseMinor: half up, exact, across 0, 2 and 3 digits', async () => {
    const random = rng(26);
    // From a tenth of a thousandth to a trillion per dollar, 12 fraction digits at most (numeric(24, 12) on the order).
    const rates = ['1', '0.92', '151.37', '7.2345', '0.307125', '1380.5', '16250', '0.0001', '999999999999.999999999999', '0.333333333333'];
    const currencies = ['USD', 'EUR', 'JPY', 'KRW', 'IDR', 'KWD', 'BHD', 'VND', 'HUF'];
    const cases = [
      // Exact halves: 1 cent at 2 per dollar is half a cent (up to 1); 3 cents at 2 is 1.5 (up to 2).
      { amount: 1, currency: 'USD', rate: '2' },
      { amount: 3, currency: 'USD', rate: '2' },
      { amount: 0, currency: 'JPY', rate: '151.37' },
      { amount: 2_000_000_000, currency: 'VND', rate: '0.0001' },
      ...Array.from({ length: 300 }, () => ({
        amount: Math.floor(random() * 10 ** Math.floor(random() * 10)),
        currency: currencies[Math.floor(random() * currencies.length)]!,
        rate: rates[Math.floor(random() * rates.length)]!,
      })),
    ];
    const found = await rowsOf<{ base: string }>(
      database,
      sql`SELECT to_base_minor(c.amount, c.currency, c.rate) AS base
            FROM jsonb_to_recordset(${JSON.stringify(cases.map((c, n) => ({ ...c, n })))}::jsonb) AS c(amount int8, currency text, rate numeric(24, 12), n int4)
           ORDER BY n`,
    );
    expect(found.map((row) => Number(row.base))).toEqual(cases.map((c) => toBaseMinor(c.amount, c.currency, c.rate, BASE_CURRENCY)));
  });

  it('a NULL rate (an order before local prices) keeps the amount; a whole refund is the frozen base payment, a part is converted', async () => {
    const [row] = await rowsOf<Record<string, string>>(
      database,
      sql`SELECT to_base_minor(499, 'USD', NULL)::text AS old, refund_base_minor(1999, 1999, 2173, 'EUR', 0.92)::text AS whole,
                 refund_base_minor(1000, 1999, 2173, 'EUR', 0.92)::text AS part, refund_base_minor(499, 499, NULL, 'USD', NULL)::text AS old_whole`,
    );
    expect(row).toEqual({ old: '499', whole: '2173', part: String(toBaseMinor(1000, 'EUR', '0.92', BASE_CURRENCY)), old_whole: '499' });
  });
});
