import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayChannel } from '@shop/contract/channels.schema';
import type { CountryPricingView, ProductPricesView } from '@shop/contract/console/pricing';
import { BACKENDS, startShop, type TestShop } from '../../../../test/harness.ts';
import { asOperator, loginOperator, type TestOperator } from '../../../../test/console.ts';
import { auditOf } from '../../../../test/catalogue.ts';
import { expectPricingRefused, PRICING } from '../../../../test/pricing.ts';

describe.each(BACKENDS)('console pricing: the country table (%s)', (backend) => {
  let shop: TestShop;
  let admin: TestOperator;
  let support: TestOperator;
  let asAdmin: ReturnType<typeof asOperator>;
  const germany = { currency: 'EUR', taxModel: 'inclusive', taxRateBp: 1900, localProviders: null };

  beforeAll(async () => {
    shop = await startShop(backend);
    [admin, support] = await Promise.all([loginOperator(shop, 'admin'), loginOperator(shop, 'support')]);
    asAdmin = asOperator(shop, admin);
  });
  afterAll(() => shop?.close());

  const countryOf = async (regionCode: string) =>
    (await asAdmin<CountryPricingView[]>('GET', `${PRICING}/countries`)).body.data.find((country) => country.regionCode === regionCode)!;

  it('lists every country with its currency, tax, current rate and the providers that charge its local prices', async () => {
    const list = await asAdmin<CountryPricingView[]>('GET', `${PRICING}/countries`);
    expect(list.body.code).toBe(200);
    expect(list.body.data.length).toBeGreaterThanOrEqual(240);
    expect(list.body.data.map((country) => country.regionCode)).toEqual(list.body.data.map((country) => country.regionCode).sort());
    const de = list.body.data.find((country) => country.regionCode === 'DE')!;
    expect(de).toMatchObject({ region: expect.any(String), currency: 'EUR', taxModel: 'inclusive', localProviders: null });
    expect(de.rate).toMatchObject({ currency: 'EUR', perUsd: expect.stringMatching(/^0\.\d+$/) });
    expect(de.chargingProviders).toEqual(expect.arrayContaining(['paypal', 'xsolla']));
    // PayPal cannot charge rupiah (ADR 0053)
    expect(list.body.data.find((country) => country.regionCode === 'ID')!.chargingProviders).not.toContain('paypal');
    expect((await asOperator(shop, support)('GET', `${PRICING}/countries`)).body.code).toBe(200);
  });

  it('changes a country with an audit entry; its points are flagged, not recomputed; the shop follows at once', async () => {
    const before = await countryOf('DE');
    const pointsBefore = (await asAdmin<ProductPricesView>('GET', `${PRICING}/products/1001`)).body.data.points.find((point) => point.regionCode === 'DE')!;
    const answer = await asAdmin<CountryPricingView>('POST', `${PRICING}/countries/de`, { body: { ...germany, taxRateBp: 2000, localProviders: ['xsolla', 'xsolla'] } });
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ regionCode: 'DE', taxRateBp: 2000, localProviders: ['xsolla'], chargingProviders: ['xsolla'] });
    expect(await auditOf(shop, 'country', 'DE')).toMatchObject([
      { action: 'pricing.country.update', actor: admin.email, before: { taxRateBp: before.taxRateBp, localProviders: null }, after: { taxRateBp: 2000, localProviders: ['xsolla'] } },
    ]);
    const pointAfter = (await asAdmin<ProductPricesView>('GET', `${PRICING}/products/1001`)).body.data.points.find((point) => point.regionCode === 'DE')!;
    expect(pointAfter).toMatchObject({ priceMinor: pointsBefore.priceMinor, taxRateBp: pointsBefore.taxRateBp, stale: true });
    const channels = (await shop.api<PayChannel[]>('POST', '/api/v1/pay/channel/list/10030/DE')).body.data;
    expect(channels.find((channel) => channel.thirdChannelName === 'paypal')!.chargesLocalCurrency).toBe(false);

    // the same values again change nothing and write no entry
    expect((await asAdmin('POST', `${PRICING}/countries/DE`, { body: { ...germany, taxRateBp: 2000, localProviders: ['xsolla'] } })).body.code).toBe(200);
    expect(await auditOf(shop, 'country', 'DE')).toHaveLength(1);
    await asAdmin('POST', `${PRICING}/countries/DE`, { body: { ...germany, taxRateBp: before.taxRateBp } });
    expect((await countryOf('DE')).chargingProviders).toEqual(before.chargingProviders);
  });

  it.each([
    ['an unknown country', 'XX', germany],
    ['three letters', 'DEU', germany],
    ['a NUL in the code', 'D%00', germany],
    ['an unknown currency', 'DE', { ...germany, currency: 'XYZ' }],
    ['a currency of two letters', 'DE', { ...germany, currency: 'EU' }],
    ['a number as the currency', 'DE', { ...germany, currency: 978 }],
    ['an unknown tax model', 'DE', { ...germany, taxModel: 'vat' }],
    ['a tax rate above 100%', 'DE', { ...germany, taxRateBp: 10_001 }],
    ['a negative tax rate', 'DE', { ...germany, taxRateBp: -1 }],
    ['a fractional tax rate', 'DE', { ...germany, taxRateBp: 19.5 }],
    ['a tax rate without tax', 'DE', { ...germany, taxModel: 'none', taxRateBp: 1900 }],
    ['an unknown provider', 'DE', { ...germany, localProviders: ['stripe'] }],
    ['providers as text', 'DE', { ...germany, localProviders: 'paypal' }],
    ['a field too many', 'DE', { ...germany, region: 'Germany' }],
    ['a field missing', 'DE', { currency: 'EUR', taxModel: 'inclusive', taxRateBp: 1900 }],
  ])('refuses %s without a change', async (_name, regionCode, body) => {
    await expectPricingRefused(shop, 400, () => asAdmin('POST', `${PRICING}/countries/${regionCode}`, { body }));
  });

  it('refuses every change without a session (401) and to a read-only operator (403)', async () => {
    await expectPricingRefused(shop, 401, () => shop.api('POST', `${PRICING}/countries/DE`, { body: germany }));
    await expectPricingRefused(shop, 401, () => shop.api('GET', `${PRICING}/countries`));
    await expectPricingRefused(shop, 403, () => asOperator(shop, support)('POST', `${PRICING}/countries/DE`, { body: germany }), /role does not allow/);
  });
});
