import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { chromiumAvailable, useShopAndBrowser } from '../../web/e2e/harness.ts';
import { consoleLogin, enrol, inviteFirstAdmin } from './operators.ts';

const enabled = chromiumAvailable();

interface PointAnswer {
  regionCode: string;
  currency: string | null;
  priceMinor: number | null;
  discountPriceMinor: number | null;
  override: boolean;
}

/**
 * A product's local prices as an operator walks them at 1366 x 768 (ADR 0050): reached from the product's page in the
 * catalogue, the demo's computed prices per country; a bulk edit that refuses a yen amount with decimals, then sets
 * 780 JPY and 1.490 KWD exactly; what a player in Kuwait pays per channel (the card charges dinars, PayPal cannot and
 * charges the base price in dollars, ADR 0053); a reset back to the computed price.
 */
describe.skipIf(!enabled)('a product’s local prices in the console', () => {
  let adminLink = '';
  const ctx = useShopAndBrowser({}, (env) => {
    adminLink = inviteFirstAdmin(env, 'prices@console.test');
  });
  let admin: Page;

  it('walks the product prices page: flags, bulk edit in yen and dinars, the preview, reset to computed', async () => {
    const operator = await enrol(ctx.browser, adminLink, 'prices@console.test', 'admin-password-123');
    admin = await consoleLogin(ctx.browser, ctx.shop.url, operator);
    await admin.setViewportSize({ width: 1366, height: 768 });
    const products = await consoleApi<{ items: { id: number }[] }>('GET', '/api/console/v1/catalogue/products?appId=10030&goodsType=5&pageSize=1');
    const productId = products.data.items[0]!.id;

    // from the catalogue's product page to its local prices
    await admin.goto(`${ctx.shop.url}/console/catalogue/products/${productId}`);
    await admin.getByTestId('product-local-prices').click();
    await admin.waitForURL(`**/console/pricing/products/${productId}`);
    await admin.getByTestId('prices-product-summary').waitFor();

    // the demo prices are computed from the demo rates: Japan's is a yen amount, flagged computed
    await search('Japan');
    const japan = admin.getByTestId('point-row-JP');
    await expect.poll(() => japan.innerText()).toMatch(/¥\d/);
    expect(await admin.getByTestId('point-flags-JP').innerText()).toContain('Computed');
    await japan.locator('.ant-checkbox-input').check();
    await search('Kuwait');
    await admin.getByTestId('point-row-KW').locator('.ant-checkbox-input').check();
    expect(await inViewport(admin.getByTestId('prices-edit'))).toBe(true);

    // bulk edit: a yen price with decimals is refused and nothing is saved; then the exact amounts
    await admin.getByTestId('prices-edit').click();
    await admin.getByTestId('edit-price-JP').fill('780.5');
    await admin.getByTestId('edit-price-KW').fill('1.49');
    await admin.getByTestId('edit-save').click();
    await expect.poll(() => admin.getByTestId('edit-problems').innerText()).toBe('1 amount needs fixing; nothing was saved.');
    expect(await admin.getByTestId('edit-problem-price-JP').innerText()).toBe('Too many decimals for this currency');
    expect((await points(productId)).JP!.override).toBe(false);
    await admin.getByTestId('edit-price-JP').fill('780');
    await admin.getByTestId('edit-save').click();
    await admin.getByTestId('edit-problems').waitFor({ state: 'detached' });
    await expect.poll(async () => (await points(productId)).JP).toMatchObject({ currency: 'JPY', priceMinor: 780, discountPriceMinor: 780, override: true });
    expect((await points(productId)).KW).toMatchObject({ currency: 'KWD', priceMinor: 1490, discountPriceMinor: 1490, override: true });
    await expect.poll(() => admin.getByTestId('point-row-KW').innerText()).toContain('KWD\u00a01.490');
    expect(await admin.getByTestId('point-flags-KW').innerText()).toContain('Set by hand');

    // a player in Kuwait: the card (Xsolla) charges 1.490 KWD, PayPal cannot charge dinars and charges the base price
    await admin.getByTestId('preview-country').click();
    await admin.keyboard.type('Kuwait');
    await admin.keyboard.press('Enter');
    const card = admin.getByTestId('preview-channels').locator('tr', { hasText: 'xsolla' }).first();
    await expect.poll(() => card.innerText()).toContain('KWD\u00a01.490');
    expect(await card.innerText()).toContain('Local price');
    const paypal = admin.getByTestId('preview-channels').locator('tr', { hasText: 'paypal' }).first();
    expect(await paypal.innerText()).toMatch(/Base price in USD[\s\S]*\$\d+\.\d\d/);

    // saving cleared the selection: select Kuwait alone and reset it to the computed price
    expect(await admin.getByTestId('prices-reset').isDisabled()).toBe(true);
    await admin.getByTestId('point-row-KW').locator('.ant-checkbox-input').check();
    await admin.getByTestId('prices-reset').click();
    await admin.getByTestId('confirm-ok').click();
    await expect.poll(async () => (await points(productId)).KW!.override).toBe(false);
    await expect.poll(() => admin.getByTestId('point-flags-KW').innerText()).toContain('Computed');
    expect((await points(productId)).JP).toMatchObject({ priceMinor: 780, override: true });
  });

  async function search(text: string): Promise<void> {
    const box = admin.getByTestId('points-filter-text').locator('input');
    await box.fill(text);
    await box.press('Enter');
  }

  async function points(productId: number): Promise<Record<string, PointAnswer>> {
    const answer = await consoleApi<{ points: PointAnswer[] }>('GET', `/api/console/v1/pricing/products/${productId}`);
    return Object.fromEntries(answer.data.points.map((point) => [point.regionCode, point]));
  }

  async function consoleApi<T>(method: string, path: string): Promise<{ code: number; data: T }> {
    const cookie = (await admin.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const response = await fetch(ctx.shop.url + path, { method, headers: { cookie } });
    return (await response.json()) as { code: number; data: T };
  }
});

/** Whether the whole element lies inside the window (not cut at its right edge or beyond it). */
function inViewport(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return rect.width > 0 && rect.left >= 0 && rect.right <= window.innerWidth;
  });
}
