import { describe, expect, it } from 'vitest';
import { CatalogueDocument, FORMAT_RULES, type ImportIssue } from '@shop/contract/console/catalogue';
import { importIssuesOf } from './import-issues.ts';

const product = { id: 30001, appId: 10030, goodsType: 5, productSn: 'BD-VC-1', names: { en: 'Pack' }, priceMinor: 100, discountPriceMinor: 100, currency: 'USD', voucherAmount: 100 };
const channel = { appId: 10030, regionCode: 'US', payMethodName: 'PayPal', payMethodId: 'PAYPAL', thirdChannelId: 'paypal-main', thirdChannelName: 'paypal', payIcon: '/pay/paypal.svg' };
const document = (changes: Record<string, unknown>) => ({ version: 1, games: [], products: [], channels: [], ...changes });

function issuesOf(raw: unknown): ImportIssue[] {
  const parsed = CatalogueDocument.safeParse(raw, { reportInput: true });
  if (parsed.success) throw new Error('the document was accepted');
  return importIssuesOf(parsed.error);
}

/**
 * The problems catalogue-document.test.ts does not reach through the API; every one is a code with its parameters and
 * the path as people write it (no zod sentence).
 */
describe('catalogue import problems from the schema', () => {
  it.each<[string, unknown, ImportIssue]>([
    ['not an object at all', null, { path: '(document)', problem: 'wrongType', params: { expected: 'object' } }],
    ['a list of products that is not a list', document({ products: {} }), { path: 'products', problem: 'wrongType', params: { expected: 'array' } }],
    ['text where true or false belongs', document({ products: [{ ...product, hidden: 'no' }] }), { path: 'products[0].hidden', problem: 'wrongType', params: { expected: 'boolean' } }],
    ['a sort below its minimum', document({ products: [{ ...product, sort: -2_000_000 }] }), { path: 'products[0].sort', problem: 'tooSmall', params: { minimum: -1_000_000 } }],
    ['more devices than exist', document({ channels: [{ ...channel, hiddenOnDevices: ['ios', 'android', 'ios'] }] }), { path: 'channels[0].hiddenOnDevices', problem: 'tooManyItems', params: { maximum: 2 } }],
    ['a currency of two letters', document({ products: [{ ...product, currency: 'US' }] }), { path: 'products[0].currency', problem: 'currencyCode', params: {} }],
    ['a thumbnail over ftp', document({ products: [{ ...product, thumbnail: 'ftp://example.com/a.png' }] }), { path: 'products[0].thumbnail', problem: 'imageRef', params: {} }],
    ['a region of three letters', document({ channels: [{ ...channel, regionCode: 'USA' }] }), { path: 'channels[0].regionCode', problem: 'regionCode', params: {} }],
    ['a name over two lines', document({ products: [{ ...product, names: { en: 'Pack\nof vouchers' } }] }), { path: 'products[0].names.en', problem: 'singleLine', params: {} }],
    ['an image id that is no hash', document({ media: [{ id: 'x', contentType: 'image/png', base64: 'AA==' }] }), { path: 'media[0].id', problem: 'mediaId', params: {} }],
    ['an unknown image type', document({ media: [{ id: 'a'.repeat(64), contentType: 'image/bmp', base64: 'AA==' }] }), { path: 'media[0].contentType', problem: 'notAllowed', params: { allowed: 'image/png, image/jpeg, image/webp, image/gif' } }],
    ['two unknown fields', document({ colour: 1, size: 2 }), { path: 'size', problem: 'unknownField', params: {} }],
    ['a gift with a price', document({ products: [{ ...product, goodsType: 4, voucherAmount: 0, priceMinor: 5, discountPriceMinor: 5 }] }), { path: 'products[0].priceMinor', problem: 'productFreeHasPrice', params: {} }],
  ])('%s', (_, raw, expected) => {
    expect(issuesOf(raw)).toContainEqual(expected);
  });

  it('words no problem with a zod sentence: every format rule of the schema has its code', () => {
    const issues = issuesOf(
      document({
        games: [{ appId: 10030, name: 'a\u0001', servers: [{ serverId: 'a b', serverName: 'S' }] }],
        products: [{ ...product, productSn: 'a b', currency: 'us', thumbnail: 'x', names: { en: 'a\nb' }, saleStartsAt: 'later' }],
        channels: [{ ...channel, regionCode: 'usa' }],
        media: [{ id: 'x', contentType: 'image/png', base64: 'AA==' }],
      }),
    );
    // a two-letter currency is also no ISO 4217 currency
    expect(new Set(issues.map((issue) => issue.problem))).toEqual(new Set([...Object.keys(FORMAT_RULES), 'notDateTime', 'unknownCurrency']));
  });
});
