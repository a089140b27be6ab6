import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import type { PricePreview, ProductPricesView } from '@shop/contract/console/pricing';
import type { ProductView } from '@shop/contract/console/catalogue';
import { BACKENDS, startShop, type TestShop } from '../../../../test/harness.ts';
import { asOperator, loginOperator, type TestOperator } from '../../../../test/console.ts';
import { auditOf } from '../../../../test/catalogue.ts';
import { expectPricingRefused, PRICING } from '../../../../test/pricing.ts';
import { countryPricing, productPrices } from '../../../db/schema.ts';

describe.each(BACKENDS)('console pricing: a product\'s prices (%s)', (backend) => {
  let shop: TestShop;
  let admin: TestOperator;
  let support: TestOperator;
  let asAdmin: ReturnType<typeof asOperator>;

  beforeAll(async () => {
    shop = await startShop(backend);
    [admin, support] = await Promise.all([loginOperator(shop, 'admin'), loginOperator(shop, 'support')]);
    asAdmin = asOperator(shop, admin);
  });
  afterAll(() => shop?.close());

  const pricesOf = async (productId: number) => (await asAdmin<ProductPricesView>('GET', `${PRICING}/products/${productId}`)).body.data;
  const pointIn = async (productId: number, regionCode: string) => (await pricesOf(productId)).points.find((point) => point.regionCode === regionCode)!;
  const setPrices = (productId: number, points: unknown[]) => asAdmin<ProductPricesView>('POST', `${PRICING}/products/${productId}`, { body: { points } });

  it('answers one row per country of the table, computed points with their rate and what recomputing gives now', async () => {
    const prices = await pricesOf(1001);
    const [countries] = await shop.services.db.select({ n: count() }).from(countryPricing);
    expect(prices.points).toHaveLength(countries!.n);
    expect(prices.product).toMatchObject({ id: 1001, appId: 10030, currency: 'USD' });
    expect(prices.driftPercent).toBe(5);
    const japan = prices.points.find((point) => point.regionCode === 'JP')!;
    expect(japan).toMatchObject({ currency: 'JPY', override: false, drifted: false, stale: false, driftPercent: 0, taxIncluded: true });
    expect(japan.computedNow).toEqual({ currency: 'JPY', priceMinor: japan.priceMinor, discountPriceMinor: japan.discountPriceMinor });
    expect((await asOperator(shop, support)('GET', `${PRICING}/products/1001`)).body.code).toBe(200);
  });

  it('sets prices by hand in bulk (overrides, audited), and resets them to computed', async () => {
    const computedDe = await pointIn(1001, 'DE');
    const answer = await setPrices(1001, [
      { regionCode: 'DE', currency: 'EUR', priceMinor: 2999, discountPriceMinor: 1999, taxIncluded: true },
      { regionCode: 'jp', currency: 'USD', priceMinor: 500, discountPriceMinor: 500, taxIncluded: false },
    ]);
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
    const de = answer.body.data.points.find((point) => point.regionCode === 'DE')!;
    expect(de).toMatchObject({ currency: 'EUR', priceMinor: 2999, discountPriceMinor: 1999, override: true, rate: null, drifted: false, stale: false });
    expect(answer.body.data.points.find((point) => point.regionCode === 'JP')).toMatchObject({ currency: 'USD', priceMinor: 500, override: true, stale: false });
    const [entry] = await auditOf(shop, 'product', 1001);
    expect(entry).toMatchObject({ action: 'pricing.points.set', actor: admin.email, before: { DE: { override: false } }, after: { DE: { override: true, priceMinor: 2999 }, JP: { currency: 'USD' } } });

    // the shop sells the operator's price at once
    const list = await shop.api<{ id: number; productDiscountPrice: number; currency: string }[]>('POST', '/api/v1/voucher/list/10030?regionCode=DE');
    expect(list.body.data.find((pack) => pack.id === 1001)).toMatchObject({ currency: 'EUR', productDiscountPrice: 19.99 });

    const reset = await asAdmin<ProductPricesView>('POST', `${PRICING}/products/1001/reset`, { body: { regionCodes: ['DE', 'JP'] } });
    expect(reset.body.code).toBe(200);
    expect(reset.body.data.points.find((point) => point.regionCode === 'DE')).toMatchObject({ override: false, priceMinor: computedDe.priceMinor, currency: 'EUR' });
    expect((await auditOf(shop, 'product', 1001)).map((row) => row.action)).toEqual(['pricing.points.set', 'pricing.points.reset']);
  });

  it('recomputing all never touches an operator\'s price', async () => {
    await setPrices(1002, [{ regionCode: 'FR', currency: 'EUR', priceMinor: 777, discountPriceMinor: 777, taxIncluded: true }]);
    const recomputed = await asAdmin<{ recomputed: number }>('POST', `${PRICING}/recompute`, { body: { onlyDrifted: false, productIds: [1002] } });
    expect(recomputed.body.data.recomputed).toBeGreaterThan(100);
    expect(await pointIn(1002, 'FR')).toMatchObject({ override: true, priceMinor: 777 });
  });

  it.each([
    ['a currency that is neither the country\'s nor the base', [{ regionCode: 'DE', currency: 'GBP', priceMinor: 100, discountPriceMinor: 100, taxIncluded: true }], /EUR/],
    ['a negative price', [{ regionCode: 'DE', currency: 'EUR', priceMinor: -1, discountPriceMinor: -1, taxIncluded: true }], /below zero/],
    ['a discount above the price', [{ regionCode: 'DE', currency: 'EUR', priceMinor: 100, discountPriceMinor: 101, taxIncluded: true }], /discount/i],
    ['a price beyond int4', [{ regionCode: 'DE', currency: 'EUR', priceMinor: 2 ** 31, discountPriceMinor: 1, taxIncluded: true }], undefined],
    ['a fractional amount', [{ regionCode: 'DE', currency: 'EUR', priceMinor: 1.5, discountPriceMinor: 1, taxIncluded: true }], undefined],
    ['an amount as text', [{ regionCode: 'DE', currency: 'EUR', priceMinor: '100', discountPriceMinor: 100, taxIncluded: true }], undefined],
    ['an unknown country', [{ regionCode: 'XX', currency: 'EUR', priceMinor: 100, discountPriceMinor: 100, taxIncluded: true }], undefined],
    ['an unknown currency', [{ regionCode: 'DE', currency: 'XYZ', priceMinor: 100, discountPriceMinor: 100, taxIncluded: true }], undefined],
    ['a NUL in the country', [{ regionCode: 'D\u0000', currency: 'EUR', priceMinor: 100, discountPriceMinor: 100, taxIncluded: true }], undefined],
    ['a country twice', [{ regionCode: 'DE', currency: 'EUR', priceMinor: 100, discountPriceMinor: 100, taxIncluded: true }, { regionCode: 'de', currency: 'EUR', priceMinor: 200, discountPriceMinor: 200, taxIncluded: true }], /twice/],
    ['a good point beside a bad one', [{ regionCode: 'FR', currency: 'EUR', priceMinor: 100, discountPriceMinor: 100, taxIncluded: true }, { regionCode: 'DE', currency: 'EUR', priceMinor: -5, discountPriceMinor: 0, taxIncluded: true }], /below zero/],
    ['no point', [], undefined],
  ])('refuses %s, changing nothing', async (_name, points, message) => {
    await expectPricingRefused(shop, 400, () => setPrices(1001, points), message);
  });

  it('refuses an unknown product (404), bad reset countries, and writes to a read-only operator', async () => {
    await expectPricingRefused(shop, 404, () => asAdmin('GET', `${PRICING}/products/999999`));
    await expectPricingRefused(shop, 404, () => setPrices(999999, [{ regionCode: 'DE', currency: 'EUR', priceMinor: 1, discountPriceMinor: 1, taxIncluded: true }]));
    await expectPricingRefused(shop, 400, () => asAdmin('GET', `${PRICING}/products/abc`));
    await expectPricingRefused(shop, 400, () => asAdmin('POST', `${PRICING}/products/1001/reset`, { body: { regionCodes: ['XX'] } }));
    await expectPricingRefused(shop, 400, () => asAdmin('POST', `${PRICING}/products/1001/reset`, { body: { regionCodes: [] } }));
    await expectPricingRefused(shop, 400, () => asAdmin('POST', `${PRICING}/recompute`, { body: { onlyDrifted: 'yes' } }));
    await expectPricingRefused(shop, 400, () => asAdmin('POST', `${PRICING}/recompute`, { body: { onlyDrifted: true, regionCodes: ['ZZZ'] } }));
    const readOnly = asOperator(shop, support);
    await expectPricingRefused(shop, 403, () => readOnly('POST', `${PRICING}/products/1001`, { body: { points: [{ regionCode: 'DE', currency: 'EUR', priceMinor: 1, discountPriceMinor: 1, taxIncluded: true }] } }));
    await expectPricingRefused(shop, 403, () => readOnly('POST', `${PRICING}/products/1001/reset`, { body: { regionCodes: ['DE'] } }));
  });

  it('previews what a player sees and pays through each channel: local where the provider charges it, else the base price', async () => {
    const germany = await asAdmin<PricePreview>('GET', `${PRICING}/products/1001/preview?regionCode=DE`);
    expect(germany.body.code, JSON.stringify(germany.body)).toBe(200);
    const point = await pointIn(1001, 'DE');
    expect(germany.body.data).toMatchObject({ regionCode: 'DE', currency: 'EUR', taxModel: 'inclusive' });
    expect(germany.body.data.channels.length).toBeGreaterThan(0);
    for (const channel of germany.body.data.channels.filter((c) => c.chargesLocalCurrency)) {
      expect(channel).toMatchObject({ currency: 'EUR', priceMinor: point.priceMinor, discountPriceMinor: point.discountPriceMinor, taxIncluded: true });
    }
    const indonesia = await asAdmin<PricePreview>('GET', `${PRICING}/products/1001/preview?regionCode=ID`);
    const paypal = indonesia.body.data.channels.find((channel) => channel.provider === 'paypal');
    if (paypal) expect(paypal).toMatchObject({ chargesLocalCurrency: false, currency: 'USD' });
    expect(indonesia.body.data.channels.some((channel) => channel.chargesLocalCurrency && channel.currency === 'IDR')).toBe(true);
    await expectPricingRefused(shop, 400, () => asAdmin('GET', `${PRICING}/products/1001/preview?regionCode=XX`));
    await expectPricingRefused(shop, 400, () => asAdmin('GET', `${PRICING}/products/1001/preview`));
    await expectPricingRefused(shop, 404, () => asAdmin('GET', `${PRICING}/products/999999/preview?regionCode=DE`));
  });

  it('a product created, or whose base price changes, gets its computed points in the same change; an operator\'s price stays', async () => {
    const created = await asAdmin<ProductView>('POST', '/api/console/v1/catalogue/products', {
      body: { appId: 10030, goodsType: 5, productSn: 'PRICED-1', names: { en: 'Priced' }, priceMinor: 999, discountPriceMinor: 999, currency: 'USD', voucherAmount: 999 },
    });
    expect(created.body.code, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id;
    const points = await shop.services.db.select().from(productPrices).where(eq(productPrices.productId, id));
    expect(points.length).toBeGreaterThan(100);
    expect(points.every((point) => !point.override)).toBe(true);
    const before = await pointIn(id, 'JP');
    await setPrices(id, [{ regionCode: 'DE', currency: 'EUR', priceMinor: 555, discountPriceMinor: 555, taxIncluded: true }]);
    const updated = await asAdmin('POST', `/api/console/v1/catalogue/products/${id}`, { body: { priceMinor: 4999, discountPriceMinor: 4999 } });
    expect(updated.body.code, JSON.stringify(updated.body)).toBe(200);
    const after = await pointIn(id, 'JP');
    expect(after.priceMinor).toBeGreaterThan(before.priceMinor!);
    expect(after.priceMinor).toBe(after.computedNow!.priceMinor);
    const [germany] = await shop.services.db.select().from(productPrices).where(and(eq(productPrices.productId, id), eq(productPrices.regionCode, 'DE')));
    expect(germany).toMatchObject({ override: true, priceMinor: 555 });
  });
});
