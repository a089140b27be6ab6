import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ProductPricesView, RateView, RatesImportReport } from '@shop/contract/console/pricing';
import { BACKENDS, startShop, type TestShop } from '../../../../test/harness.ts';
import { asOperator, loginOperator, type TestOperator } from '../../../../test/console.ts';
import { auditOf } from '../../../../test/catalogue.ts';
import { computedPointsIn, expectPricingRefused, pricingState, PRICING } from '../../../../test/pricing.ts';
import { exchangeRates } from '../../../db/schema.ts';
import { plainRate, scaledRate } from './drift.ts';

describe.each(BACKENDS)('console pricing: exchange rates (%s)', (backend) => {
  let shop: TestShop;
  let admin: TestOperator;
  let finance: TestOperator;
  let asAdmin: ReturnType<typeof asOperator>;
  let euro: string;

  beforeAll(async () => {
    shop = await startShop(backend, { PRICE_DRIFT_PERCENT: '5' });
    [admin, finance] = await Promise.all([loginOperator(shop, 'admin'), loginOperator(shop, 'finance')]);
    asAdmin = asOperator(shop, admin);
    euro = plainRate((await shop.services.db.select().from(exchangeRates).where(eq(exchangeRates.currency, 'EUR')))[0]!.perUsd);
  });
  afterAll(() => shop?.close());

  const importRates = (body: unknown, dryRun: boolean) => asAdmin<RatesImportReport>('POST', `${PRICING}/rates/import?dryRun=${dryRun}`, { body });
  /** The rate moved by `percent`, exactly (the rates here have at most 10 fraction digits). */
  const moved = (rate: string, percent: number) => {
    const scaled = (scaledRate(rate) * BigInt(100 + percent)) / 100n;
    return plainRate(`${scaled / 10n ** 12n}.${(scaled % 10n ** 12n).toString().padStart(12, '0')}`);
  };
  const germanPoint = async () => (await asAdmin<ProductPricesView>('GET', `${PRICING}/products/1001`)).body.data.points.find((point) => point.regionCode === 'DE')!;

  it('lists the rates with their date and source, and the drift', async () => {
    const list = await asOperator(shop, finance)<{ rates: RateView[]; driftPercent: number }>('GET', `${PRICING}/rates`);
    expect(list.body.data.driftPercent).toBe(5);
    expect(list.body.data.rates.find((rate) => rate.currency === 'EUR')).toMatchObject({ perUsd: euro, asOf: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  });

  it('a dry run answers the changes and the points that would drift, and writes nothing', async () => {
    expect(euro).toMatch(/^0\.\d{1,10}$/);
    const before = await pricingState(shop);
    const answer = await importRates({ asOf: '2026-11-27', source: 'ECB', csv: `currency,per_usd\r\nEUR,${moved(euro, 10)}\r\nJPY,157\r\n` }, true);
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ dryRun: true, valid: true, applied: false, errors: [] });
    expect(answer.body.data.changes.find((change) => change.currency === 'EUR')).toEqual({ currency: 'EUR', before: euro, after: moved(euro, 10), movePercent: 10 });
    expect(answer.body.data.driftedPoints).toBeGreaterThanOrEqual(await computedPointsIn(shop, 'EUR'));
    expect(await pricingState(shop)).toBe(before);
  });

  it('an import writes the table whole, audited; prices are flagged, not recomputed, until asked', async () => {
    const point = await germanPoint();
    expect(point).toMatchObject({ override: false, drifted: false });
    const table = { asOf: '2026-11-27', source: 'ECB', rates: { EUR: moved(euro, 30) } };
    const answer = await importRates(table, false);
    expect(answer.body.data).toMatchObject({ applied: true, changes: [{ currency: 'EUR', movePercent: 30 }] });
    expect(answer.body.data.driftedPoints).toBe(await computedPointsIn(shop, 'EUR'));
    expect(await auditOf(shop, 'exchangeRates', '2026-11-27')).toMatchObject([{ action: 'pricing.rates.import', actor: admin.email, after: { source: 'ECB', currencies: 1 } }]);
    const drifted = await germanPoint();
    expect(drifted).toMatchObject({ priceMinor: point.priceMinor, drifted: true, driftPercent: 30, rate: euro });
    expect(drifted.computedNow!.priceMinor).toBeGreaterThan(point.priceMinor!);

    // the same table again changes nothing and writes no entry
    const before = await pricingState(shop);
    expect((await importRates(table, false)).body.data).toMatchObject({ applied: true, changes: [], driftedPoints: answer.body.data.driftedPoints });
    expect(await pricingState(shop)).toBe(before);

    const recomputed = await asAdmin<{ recomputed: number }>('POST', `${PRICING}/recompute`, { body: { onlyDrifted: true, regionCodes: ['DE', 'FR'] } });
    expect(recomputed.body.data.recomputed).toBeGreaterThan(0);
    expect(await auditOf(shop, 'pricePoints', 'recompute')).toMatchObject([{ action: 'pricing.points.recompute', after: { onlyDrifted: true, regionCodes: ['DE', 'FR'] } }]);
    expect(await germanPoint()).toMatchObject({ drifted: false, driftPercent: 0, priceMinor: drifted.computedNow!.priceMinor, rate: moved(euro, 30) });
    // nothing is due any more: no write, no entry
    expect((await asAdmin<{ recomputed: number }>('POST', `${PRICING}/recompute`, { body: { onlyDrifted: true, regionCodes: ['DE'] } })).body.data.recomputed).toBe(0);
    expect(await auditOf(shop, 'pricePoints', 'recompute')).toHaveLength(1);
  });

  it('a table with good and bad rows changes nothing; its dry run names every problem by row and column', async () => {
    const csv = 'currency,per_usd\nGBP,0.79\nXXY,1\nJPY,-3\nGBP,0.8\n';
    const dry = await importRates({ asOf: '2026-11-28', source: 'mixed', csv }, true);
    expect(dry.body.data).toMatchObject({ valid: false, applied: false, changes: [] });
    expect(dry.body.data.errors.map(({ row, column, problem }) => `${row} ${column} ${problem}`)).toEqual(['2 currency unknownCurrency', '3 per_usd notARate', '4 currency duplicate']);
    const chinese = await asAdmin<RatesImportReport>('POST', `${PRICING}/rates/import?dryRun=true`, { body: { asOf: '2026-11-28', source: 'mixed', csv }, headers: { 'accept-language': 'zh' } });
    expect(chinese.body.data.errors[2]!.message).toBe('已在第 1 行给出');
    await expectPricingRefused(shop, 400, () => importRates({ asOf: '2026-11-28', source: 'mixed', csv }, false), /row 2, currency/);
  });

  it.each([
    ['no table', { asOf: '2026-11-28', source: 'x' }],
    ['an empty table', { asOf: '2026-11-28', source: 'x', rates: {} }],
    ['a header alone', { asOf: '2026-11-28', source: 'x', csv: 'currency,per_usd\n' }],
    ['a zero rate', { asOf: '2026-11-28', source: 'x', rates: { EUR: '0' } }],
    ['a float rate', { asOf: '2026-11-28', source: 'x', rates: { EUR: 0.92 } }],
    ['too many fraction digits', { asOf: '2026-11-28', source: 'x', rates: { EUR: '0.9200000000001' } }],
    ['a NUL', { asOf: '2026-11-28', source: 'x', rates: { 'EU\u0000': '1' } }],
    ['a bad date', { asOf: '2026-13-01', source: 'x', rates: { EUR: '1' } }],
    ['no source', { asOf: '2026-11-28', source: '', rates: { EUR: '1' } }],
    ['a field too many', { asOf: '2026-11-28', source: 'x', rates: { EUR: '1' }, extra: 1 }],
  ])('refuses %s without a change', async (_name, body) => {
    await expectPricingRefused(shop, 400, () => importRates(body, false));
  });

  it('refuses imports and recomputing to a read-only operator', async () => {
    const table = { asOf: '2026-11-28', source: 'x', rates: { EUR: '1' } };
    await expectPricingRefused(shop, 403, () => asOperator(shop, finance)('POST', `${PRICING}/rates/import?dryRun=true`, { body: table }));
    await expectPricingRefused(shop, 403, () => asOperator(shop, finance)('POST', `${PRICING}/recompute`, { body: { onlyDrifted: false } }));
    await expectPricingRefused(shop, 401, () => shop.api('POST', `${PRICING}/rates/import`, { body: table }));
  });
});
