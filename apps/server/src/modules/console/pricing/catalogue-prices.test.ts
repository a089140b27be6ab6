import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { CatalogueDocumentInput, ImportReport } from '@shop/contract/console/catalogue';
import { BACKENDS, startShop, type TestShop } from '../../../../test/harness.ts';
import { asOperator, loginOperator, type TestOperator } from '../../../../test/console.ts';
import { auditOf } from '../../../../test/catalogue.ts';
import { pricingState } from '../../../../test/pricing.ts';
import { productPrices } from '../../../db/schema.ts';

type DocumentProduct = CatalogueDocumentInput['products'][number];
const CATALOGUE = '/api/console/v1/catalogue';

describe.each(BACKENDS)('the catalogue document carries price points (%s)', (backend) => {
  let shop: TestShop;
  let admin: TestOperator;
  let asAdmin: ReturnType<typeof asOperator>;
  let document: CatalogueDocumentInput;

  beforeAll(async () => {
    shop = await startShop(backend);
    admin = await loginOperator(shop, 'admin');
    asAdmin = asOperator(shop, admin);
    document = (await asAdmin<CatalogueDocumentInput>('GET', `${CATALOGUE}/export?appId=10030`)).body.data;
  });
  afterAll(() => shop?.close());

  const importDocument = (body: unknown, dryRun: boolean) => asAdmin<ImportReport>('POST', `${CATALOGUE}/import?dryRun=${dryRun}`, { body });
  const withProduct = (id: number, change: (product: DocumentProduct) => DocumentProduct) => ({
    ...document,
    products: document.products.map((product) => (product.id === id ? change(product) : product)),
  });
  const point = async (productId: number, regionCode: string) =>
    (await shop.services.db.select().from(productPrices).where(and(eq(productPrices.productId, productId), eq(productPrices.regionCode, regionCode))))[0];

  it('exports each product\'s points; the export imported again changes nothing', async () => {
    const pack = document.products.find((product) => product.id === 1001)!;
    const de = (await point(1001, 'DE'))!;
    expect(pack.prices!.find((price) => price.regionCode === 'DE')).toEqual({
      regionCode: 'DE',
      currency: 'EUR',
      priceMinor: de.priceMinor,
      discountPriceMinor: de.discountPriceMinor,
      taxIncluded: true,
      override: false,
    });
    const before = await pricingState(shop);
    const answer = await importDocument(document, false);
    expect(answer.body.data.summary.products, JSON.stringify(answer.body.data.errors)).toMatchObject({ created: 0, updated: 0 });
    // the points as they were (the audit log has the import's own entry)
    expect(JSON.parse(await pricingState(shop)).points).toBe(JSON.parse(before).points);
  });

  it('imports an operator\'s price and drops the points a product no longer lists, audited', async () => {
    const changed = withProduct(1001, (product) => ({
      ...product,
      prices: [
        { regionCode: 'DE', currency: 'EUR', priceMinor: 4242, discountPriceMinor: 4000, taxIncluded: true, override: true },
        ...product.prices!.filter((price) => price.regionCode !== 'DE' && price.regionCode !== 'FR'),
      ],
    }));
    const dry = await importDocument(changed, true);
    expect(dry.body.data).toMatchObject({ valid: true, summary: { products: { updated: 1 } }, updated: ['product 1001'] });
    const answer = await importDocument(changed, false);
    expect(answer.body.data.applied).toBe(true);
    expect(await point(1001, 'DE')).toMatchObject({ priceMinor: 4242, discountPriceMinor: 4000, override: true, taxRateBp: expect.any(Number) });
    expect(await point(1001, 'FR')).toBeUndefined();
    expect((await auditOf(shop, 'product', 1001)).map((entry) => entry.action)).toEqual(['pricing.points.set']);
  });

  it.each([
    ['an unknown country', { regionCode: 'XX', currency: 'EUR', priceMinor: 1, discountPriceMinor: 1, taxIncluded: true, override: true }, 'products[IDX].prices[0].regionCode unknownCountry'],
    ['another country\'s currency', { regionCode: 'DE', currency: 'GBP', priceMinor: 1, discountPriceMinor: 1, taxIncluded: true, override: true }, 'products[IDX].prices[0].currency priceCurrency'],
    ['a negative price', { regionCode: 'DE', currency: 'EUR', priceMinor: -1, discountPriceMinor: -1, taxIncluded: true, override: true }, 'products[IDX].prices[0].priceMinor productPriceBelowZero'],
    ['a discount above the price', { regionCode: 'DE', currency: 'EUR', priceMinor: 1, discountPriceMinor: 2, taxIncluded: true, override: true }, 'products[IDX].prices[0].discountPriceMinor productDiscountAbovePrice'],
    ['a price beyond int4', { regionCode: 'DE', currency: 'EUR', priceMinor: 2 ** 31, discountPriceMinor: 1, taxIncluded: true, override: true }, 'products[IDX].prices[0].priceMinor tooBig'],
    ['an unknown field', { regionCode: 'DE', currency: 'EUR', priceMinor: 1, discountPriceMinor: 1, taxIncluded: true, override: true, rate: '1' }, 'products[IDX].prices[0].rate unknownField'],
    ['a NUL in the country', { regionCode: 'D\u0000', currency: 'EUR', priceMinor: 1, discountPriceMinor: 1, taxIncluded: true, override: true }, 'products[IDX].prices[0].regionCode controlCharacters'],
  ])('refuses %s, naming where, and changes nothing', async (_name, price, problem) => {
    const index = document.products.findIndex((product) => product.id === 1001);
    const bad = withProduct(1001, (product) => ({ ...product, prices: [price as never] }));
    const dry = await importDocument(bad, true);
    expect(dry.body.data.errors.map((issue) => `${issue.path} ${issue.problem}`)).toContain(problem.replace('IDX', String(index)));
    const before = await pricingState(shop);
    expect((await importDocument(bad, false)).status).toBe(400);
    expect(await pricingState(shop)).toBe(before);
  });

  it('refuses a country listed twice for one product', async () => {
    const de = { regionCode: 'DE', currency: 'EUR', priceMinor: 1, discountPriceMinor: 1, taxIncluded: true, override: true };
    const dry = await importDocument(withProduct(1001, (product) => ({ ...product, prices: [de, { ...de, regionCode: 'de' }] })), true);
    expect(dry.body.data.errors.map((issue) => issue.problem)).toEqual(['duplicate']);
  });

  it('a product without prices in the document keeps its points', async () => {
    const before = await point(1002, 'JP');
    const { prices: _prices, ...bare } = document.products.find((product) => product.id === 1002)!;
    const answer = await importDocument(withProduct(1002, () => bare), false);
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
    expect(await point(1002, 'JP')).toEqual(before);
  });
});
