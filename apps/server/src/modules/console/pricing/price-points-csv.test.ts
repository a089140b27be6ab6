import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { PricesImportReport } from '@shop/contract/console/pricing';
import { BACKENDS, startShop, type TestShop } from '../../../../test/harness.ts';
import { asOperator, loginOperator, type TestOperator } from '../../../../test/console.ts';
import { auditOf } from '../../../../test/catalogue.ts';
import { expectPricingRefused, pricingState, PRICING } from '../../../../test/pricing.ts';
import { productPrices, products } from '../../../db/schema.ts';
import { parseCsv } from './csv-text.ts';

const HEADER = 'product_sn,region_code,currency,price,discount_price,tax_included,override';

describe.each(BACKENDS)('console pricing: the price points CSV (%s)', (backend) => {
  let shop: TestShop;
  let admin: TestOperator;
  let support: TestOperator;
  let asAdmin: ReturnType<typeof asOperator>;
  let sn: string;
  let otherGameSn: string;

  beforeAll(async () => {
    shop = await startShop(backend);
    [admin, support] = await Promise.all([loginOperator(shop, 'admin'), loginOperator(shop, 'support')]);
    asAdmin = asOperator(shop, admin);
    sn = (await shop.services.db.select().from(products).where(eq(products.id, 1001)))[0]!.productSn;
    otherGameSn = (await shop.services.db.select().from(products).where(eq(products.appId, 10002)))[0]!.productSn;
  });
  afterAll(() => shop?.close());

  const download = async (query = '', operator: TestOperator = admin) => fetch(`${shop.url}${PRICING}/export.csv${query}`, { headers: { cookie: operator.cookie } });
  const importCsv = (csv: string, dryRun: boolean, headers: Record<string, string> = {}) =>
    asAdmin<PricesImportReport>('POST', `${PRICING}/import?dryRun=${dryRun}`, { body: { csv }, headers });
  const point = async (productId: number, regionCode: string) =>
    (await shop.services.db.select().from(productPrices).where(and(eq(productPrices.productId, productId), eq(productPrices.regionCode, regionCode))))[0];

  it('exports every point with a BOM, CRLF and amounts in major units with the currency\'s digits; one game on request', async () => {
    const response = await download();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    // read as bytes: fetch's text() drops a byte-order mark
    const text = Buffer.from(await response.arrayBuffer()).toString('utf8');
    expect(text.startsWith('\uFEFF' + HEADER + '\r\n')).toBe(true);
    const rows = parseCsv(text).slice(1);
    const japan = rows.find((row) => row[0] === sn && row[1] === 'JP')!;
    const jp = (await point(1001, 'JP'))!;
    expect(japan).toEqual([sn, 'JP', 'JPY', String(jp.priceMinor), String(jp.discountPriceMinor), 'true', 'false']);
    const de = (await point(1001, 'DE'))!;
    expect(rows.find((row) => row[0] === sn && row[1] === 'DE')!.slice(3, 5)).toEqual([(de.priceMinor / 100).toFixed(2), (de.discountPriceMinor / 100).toFixed(2)]);
    const kuwait = rows.find((row) => row[1] === 'KW');
    if (kuwait) expect(kuwait[3]).toMatch(/^\d+\.\d{3}$/);
    const oneGame = parseCsv(await (await download('?appId=10030')).text()).slice(1);
    expect(oneGame.length).toBeLessThan(rows.length);
    expect(oneGame.some((row) => row[0] === otherGameSn)).toBe(false);
    expect((await download('', support)).status).toBe(200);
  });

  it('the export imported again changes nothing and writes no entry', async () => {
    const text = await (await download('?appId=10030')).text();
    const before = await pricingState(shop);
    const answer = await importCsv(text, false);
    expect(answer.body.code, JSON.stringify(answer.body).slice(0, 500)).toBe(200);
    expect(answer.body.data).toMatchObject({ valid: true, applied: true, summary: { created: 0, updated: 0 } });
    expect(answer.body.data.summary.unchanged).toBe(parseCsv(text).length - 1);
    expect(await pricingState(shop)).toBe(before);
  });

  it('sets overrides as given and recomputes override=false rows, after a dry run that writes nothing; audited', async () => {
    const computedFr = (await point(1001, 'FR'))!;
    await asAdmin('POST', `${PRICING}/products/1001`, { body: { points: [{ regionCode: 'FR', currency: 'EUR', priceMinor: 1, discountPriceMinor: 1, taxIncluded: true }] } });
    const csv = [HEADER, `${sn},de,EUR,"12.90",9.99,true,true`, `${sn},JP,USD,4.99,4.99,false,TRUE`, `${sn},FR,,,,,false`].join('\r\n');
    const before = await pricingState(shop);
    const dry = await importCsv(csv, true);
    expect(dry.body.data).toMatchObject({ dryRun: true, valid: true, applied: false, summary: { created: 0, updated: 3, unchanged: 0 } });
    expect(await pricingState(shop)).toBe(before);
    const applied = await importCsv(csv, false);
    expect(applied.body.data).toMatchObject({ applied: true, summary: { updated: 3 } });
    expect(await point(1001, 'DE')).toMatchObject({ currency: 'EUR', priceMinor: 1290, discountPriceMinor: 999, override: true, taxIncluded: true });
    expect(await point(1001, 'JP')).toMatchObject({ currency: 'USD', priceMinor: 499, override: true, taxIncluded: false });
    expect(await point(1001, 'FR')).toMatchObject({ override: false, priceMinor: computedFr.priceMinor });
    expect(await auditOf(shop, 'pricePoints', 'import')).toMatchObject([{ action: 'pricing.points.import', actor: admin.email, after: { summary: { updated: 3 } } }]);
    // replayed: nothing changes, no second entry
    expect((await importCsv(csv, false)).body.data.summary).toEqual({ created: 0, updated: 0, unchanged: 3 });
    expect(await auditOf(shop, 'pricePoints', 'import')).toHaveLength(1);
  });

  it('a file with good and bad rows changes nothing; the dry run names every problem by row and column', async () => {
    const csv = [
      HEADER,
      `${sn},DE,EUR,5.00,4.00,true,true`,
      `NO-SUCH-SN,DE,EUR,1.00,1.00,true,true`,
      `${sn},XX,EUR,1.00,1.00,true,true`,
      `${sn},JP,JPY,1.5,1,true,true`,
      `${sn},FR,EUR,-1.00,0,true,true`,
      `${sn},IT,EUR,1.00,2.00,true,true`,
      `${sn},ES,GBP,1.00,1.00,true,true`,
      `${sn},NL,EUR,99999999999,1,true,true`,
      `${sn},BE,EUR,1.00,1.00,yes,true`,
      `${sn},DE,EUR,1.00,1.00,true,maybe`,
      `${sn},AT,XYZ,1.00,1.00,true,true`,
      `${sn},PT,EUR,1.00\u0000,1.00,true,true`,
      `${sn},DE,EUR,6.00,6.00,true,true`,
      `${sn},SE`,
    ].join('\n');
    const dry = await importCsv(csv, true);
    expect(dry.body.data).toMatchObject({ valid: false, applied: false });
    expect(dry.body.data.errors.map(({ row, column, problem }) => `${row} ${column} ${problem}`)).toEqual([
      '2 product_sn unknownProduct',
      '3 region_code unknownCountry',
      '4 price notAnAmount',
      '5 price belowZero',
      '6 discount_price discountAbovePrice',
      '7 currency wrongCurrency',
      '8 price tooBig',
      '9 tax_included notABoolean',
      '10 region_code duplicate',
      '10 override notABoolean',
      '11 currency unknownCurrency',
      '12 price notAnAmount',
      '13 region_code duplicate',
      '14 (row) wrongFieldCount',
    ]);
    expect(dry.body.data.errors[3]!.message).toBe('A price cannot be below zero');
    await expectPricingRefused(shop, 400, () => importCsv(csv, false), /row 2, product_sn/);
  });

  it.each([
    ['an empty file', ' '],
    ['a header alone', HEADER + '\r\n'],
    ['another header', 'sku,country,currency,price,discount,tax,override\nX,DE,EUR,1,1,true,true'],
    ['an unclosed quote', `${HEADER}\n"x,DE,EUR,1,1,true,true`],
  ])('refuses %s without a change', async (_name, csv) => {
    expect((await importCsv(csv, true)).body.data.valid).toBe(false);
    await expectPricingRefused(shop, 400, () => importCsv(csv, false));
  });

  it('refuses bodies of the wrong shape, and imports to a read-only operator', async () => {
    await expectPricingRefused(shop, 400, () => asAdmin('POST', `${PRICING}/import`, { body: { csv: 42 } }));
    await expectPricingRefused(shop, 400, () => asAdmin('POST', `${PRICING}/import`, { body: { csv: '' } }));
    await expectPricingRefused(shop, 400, () => asAdmin('POST', `${PRICING}/import?dryRun=maybe`, { body: { csv: HEADER } }));
    await expectPricingRefused(shop, 403, () => asOperator(shop, support)('POST', `${PRICING}/import?dryRun=true`, { body: { csv: HEADER } }));
    expect((await fetch(`${shop.url}${PRICING}/export.csv`)).status).toBe(401);
    expect((await download('?appId=abc')).status).toBe(400);
  });
});
