import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumAvailable, useShopAndBrowser } from '../../web/e2e/harness.ts';
import { consoleLogin, enrol, inviteFirstAdmin } from './operators.ts';

const enabled = chromiumAvailable();

/** A voucher pack of the demo game as a catalogue document carries it, with `changes`. */
const pack = (changes: Record<string, unknown>) => ({
  id: 30_001,
  appId: 10030,
  goodsType: 5,
  productSn: 'E2E-VC-500',
  names: { en: '500 vouchers' },
  priceMinor: 500,
  discountPriceMinor: 500,
  currency: 'USD',
  voucherAmount: 500,
  ...changes,
});
const catalogueFile = (name: string, products: unknown[]) => ({
  name,
  mimeType: 'application/json',
  buffer: Buffer.from(JSON.stringify({ version: 1, games: [], products, channels: [] })),
});

/**
 * The catalogue import's problems as an operator reads them: the server answers codes with their parameters, the
 * console words them in English and in Chinese; a refused import (the catalogue changed after the check) says so in
 * the console's language and shows the problem found.
 */
describe.skipIf(!enabled)('catalogue import problems in the console, in English and Chinese', () => {
  let adminLink = '';
  const ctx = useShopAndBrowser({}, (env) => {
    adminLink = inviteFirstAdmin(env, 'catalogue@console.test');
  });
  let admin: Page;

  const problemRows = () => admin.getByTestId('import-errors').locator('tbody tr.ant-table-row');
  const rowTexts = async () => (await problemRows().allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
  const upload = (file: ReturnType<typeof catalogueFile>) => admin.locator('input[type="file"]').setInputFiles(file);

  it('lists every problem of a dry run in English, and in Chinese once the console speaks Chinese', async () => {
    const operator = await enrol(ctx.browser, adminLink, 'catalogue@console.test', 'admin-password-123');
    admin = await consoleLogin(ctx.browser, ctx.shop.url, operator);
    await admin.goto(`${ctx.shop.url}/console/catalogue/transfer`);
    await upload(catalogueFile('broken.json', [pack({ names: { de: 'Nur Deutsch' }, saleStartsAt: 'tomorrow', colour: 'red' })]));

    await expect.poll(() => admin.getByTestId('import-invalid').innerText()).toBe('broken.json: 3 problems. Nothing was changed.');
    const english = [
      'products[0].saleStartsAt Must be a date and time with its offset, such as 2026-01-31T18:00:00Z',
      'products[0].colour Not a field of the catalogue format: remove it or check its spelling',
      'products[0].names An English name is required',
    ];
    expect(await rowTexts()).toEqual(english);

    // the same answer, now in Chinese: the console words the server's codes itself
    await admin.getByTestId('language-switch').getByText('简体中文').click();
    await expect.poll(() => admin.getByTestId('import-invalid').innerText()).toBe('broken.json：3 个问题，未做任何更改。');
    expect(await rowTexts()).toEqual([
      'products[0].saleStartsAt 必须是带时区偏移的日期时间，例如 2026-01-31T18:00:00Z',
      'products[0].colour 目录格式中没有此字段：请删除或检查拼写',
      'products[0].names 必须填写英文名称',
    ]);
  });

  it('a refused import says why in Chinese and shows the problem found on the check after it', async () => {
    await upload(catalogueFile('pack.json', [pack({})]));
    await admin.getByTestId('import-valid').waitFor();
    // meanwhile another operator gives the pack's product number to a new product
    const taken = await consoleCall(admin, 'POST', '/api/console/v1/catalogue/products', pack({ id: undefined, names: { en: 'Taken meanwhile' } }));
    expect(taken.code).toBe(200);

    await admin.getByTestId('catalogue-import-confirm').click();
    await admin.getByTestId('confirm-ok').click();
    await expect
      .poll(() => admin.locator('.ant-message-notice').allInnerTexts())
      .toContainEqual(expect.stringContaining('目录被拒绝，未做任何更改（共 1 个问题）。第一个：products[0].productSn'));
    await expect.poll(() => rowTexts()).toEqual([`products[0].productSn 商品编号 E2E-VC-500 在本商店中已属于商品 ${taken.data.id}`]);
  });

  async function consoleCall(page: Page, method: string, path: string, body: unknown): Promise<{ code: number; data: { id: number } }> {
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const response = await fetch(ctx.shop.url + path, { method, headers: { cookie, 'content-type': 'application/json', origin: ctx.shop.url }, body: JSON.stringify(body) });
    return (await response.json()) as { code: number; data: { id: number } };
  }
});
