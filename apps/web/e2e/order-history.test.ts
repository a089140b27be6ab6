import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { chromiumAvailable, savedToken, useShopAndBrowser, voucherLink } from './harness.ts';

const enabled = chromiumAvailable();
/** The operators' token the shop is started with (their refund call needs it). */
const OPS_TOKEN = 'ops-token-for-e2e-0123456789abcdef';

describe.skipIf(!enabled)('order history, languages and the voucher screen in Chromium', () => {
  const ctx = useShopAndBrowser({ OPS_API_TOKEN: OPS_TOKEN });

  async function newPage(options: { userAgent?: string; locale?: string } = {}): Promise<{ context: BrowserContext; page: Page }> {
    const context = await ctx.browser.newContext({ viewport: { width: 390, height: 844 }, locale: options.locale ?? 'en-US', userAgent: options.userAgent });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ctx.shop.url });
    return { context, page: await context.newPage() };
  }

  /** Creates orders for the page's player straight through the API (the purchase flow has its own ctx.browser tests). */
  async function placeOrder(page: Page, provider: 'xsolla' | 'payermax', roleId: string) {
    const token = await savedToken(page);
    const packs = await ctx.shop.api<{ id: number; productSn: string }[]>('POST', '/api/v1/voucher/list/10030');
    const channels = await ctx.shop.api<{ payMethodName: string; payMethodId: string; thirdChannelId: string; thirdChannelName: string }[]>(
      'POST',
      '/api/v1/pay/channel/list/10030/US',
    );
    const channel = channels.data.find((c) => c.thirdChannelName === provider)!;
    const created = await ctx.shop.api<{ orderId: number; orderSn: string; thirdPayResponse: string }>('POST', '/api/v1/voucher/create/order', {
      token,
      body: {
        appId: 10030,
        gameRoleId: roleId,
        regionCode: 'US',
        selectedRegionCode: 'US',
        id: packs.data[0]!.id,
        payMethodName: channel.payMethodName,
        payMethodId: channel.payMethodId,
        quantity: 1,
        thirdChannelId: channel.thirdChannelId,
        voucherSn: packs.data[0]!.productSn,
        orderSource: 'voucher',
      },
    });
    expect(created.code).toBe(200);
    return created.data;
  }

  async function payWithXsolla(thirdPayResponse: string) {
    const { token } = JSON.parse(thirdPayResponse) as { token: string };
    const response = await fetch(`${ctx.shop.url}/sandbox/xsolla/paystation4/${token}/pay`, { method: 'POST', redirect: 'manual' });
    expect(response.status).toBeLessThan(400);
  }

  it('shows My Order with tabs, numbers from the 13th character, footers, copy, cancel and pay', async () => {
    const roleId = `hist-${Date.now().toString(36)}`;
    const { context, page } = await newPage();
    await page.goto(voucherLink(ctx.shop, { roleId }));
    await page.getByTestId('voucher-card').first().waitFor();
    const paid = await placeOrder(page, 'xsolla', roleId);
    await payWithXsolla(paid.thirdPayResponse);
    const open = await placeOrder(page, 'payermax', roleId);
    await expect
      .poll(async () => (await ctx.shop.api<{ status: number }>('POST', '/api/v1/order/detail', { token: await savedToken(page), body: { orderId: paid.orderId } })).data.status)
      .toBe(3);

    await page.getByTestId('order-history-link').click();
    await page.waitForURL(/\/voucher\/OrderHistory/);
    await expect.poll(() => page.title()).toBe('My Order');
    const cards = page.getByTestId('order-card');
    await expect.poll(() => cards.count()).toBe(2);
    const openCard = page.locator(`[data-testid="order-card"][data-order-id="${open.orderId}"]`);
    const paidCard = page.locator(`[data-testid="order-card"][data-order-id="${paid.orderId}"]`);
    expect(await openCard.getByTestId('order-number').textContent()).toBe(open.orderSn.slice(12));
    expect(await openCard.getByTestId('order-footer').textContent()).toContain('Order Total');
    expect(await paidCard.getByTestId('order-footer').textContent()).toContain('Total Paid');
    expect(await paidCard.getByTestId('cancel-payment').count()).toBe(0);

    await openCard.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(open.orderSn.slice(12));

    await page.getByRole('tab', { name: 'Pending' }).click();
    await expect.poll(() => page.url()).toContain('type=2');
    await expect.poll(() => cards.count()).toBe(1);
    await page.getByRole('tab', { name: 'Complete' }).click();
    await expect.poll(() => page.locator(`[data-testid="order-card"][data-order-id="${paid.orderId}"]`).count()).toBe(1);
    await page.getByRole('tab', { name: 'All' }).click();
    await expect.poll(() => cards.count()).toBe(2);

    // cancelling asks first, as My Orders does: Back keeps the order, Cancel payment cancels it
    await openCard.getByTestId('cancel-payment').click();
    const dialog = page.locator('.adm-dialog');
    await dialog.getByText('Cancel this unpaid order?').waitFor();
    await dialog.locator('.adm-dialog-button', { hasText: 'Back' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await openCard.getAttribute('data-status')).toBe('0');
    await openCard.getByTestId('cancel-payment').click();
    await page.locator('.adm-dialog-button', { hasText: 'Cancel payment' }).click();
    await expect.poll(() => openCard.getAttribute('data-status')).toBe('5');
    // never paid, so not "Refund Order" as if it had been refunded
    expect(await openCard.getByTestId('order-footer').textContent()).toContain('Order Total');
    await page.getByRole('tab', { name: 'Cancelled' }).click();
    await expect.poll(() => page.locator(`[data-testid="order-card"][data-order-id="${open.orderId}"]`).count()).toBe(1);

    const third = await placeOrder(page, 'xsolla', roleId);
    await page.goto(`${ctx.shop.url}/voucher/OrderHistory?type=2`);
    await page.locator(`[data-testid="order-card"][data-order-id="${third.orderId}"]`).getByTestId('pay-order').click();
    await page.waitForURL(new RegExp(`/purchaseOrder\\?id=${third.orderId}`));

    await page.goto(`${ctx.shop.url}/voucher/OrderHistory`);
    await page.getByTestId('back').click();
    await page.waitForURL(/\/voucher\?from=close/);
    await page.getByTestId('voucher-card').first().waitFor();
    await context.close();
  });

  it('tells the player what a refund of a voucher order took back, and which spent vouchers stay with him', async () => {
    const roleId = `refund-${Date.now().toString(36)}`;
    const { context, page } = await newPage();
    await page.goto(voucherLink(ctx.shop, { roleId }));
    await page.getByTestId('voucher-card').first().waitFor();
    const token = await savedToken(page);
    const packs = await ctx.shop.api<{ voucherAmount: number }[]>('POST', '/api/v1/voucher/list/10030');
    const vouchers = packs.data[0]!.voucherAmount;
    const paid = await placeOrder(page, 'xsolla', roleId);
    await payWithXsolla(paid.thirdPayResponse);
    const status = async () => (await ctx.shop.api<{ status: number }>('POST', '/api/v1/order/detail', { token, body: { orderId: paid.orderId } })).data.status;
    await expect.poll(status).toBe(3);
    // the player spends 100 of them in the game's own store, through the shop's signed game API
    const spent = await fetch(`${ctx.shop.url}/sandbox/game-server/vouchers/spend`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ appId: 10030, serverId: '10001', roleId, amount: 100, itemId: 'gems-60', itemName: '60 Gems' }),
    });
    expect(spent.status).toBe(200);
    // an operator refunds the order, accepting that the spent vouchers cannot be taken back
    const refund = await ctx.shop.api('POST', '/api/ops/v1/orders/refund', { token: OPS_TOKEN, body: { orderId: paid.orderId, allowUnrecoveredVouchers: true } });
    expect(refund.code).toBe(200);
    await expect.poll(status, { timeout: 20_000 }).toBe(9);
    const { data: refunded } = await ctx.shop.api<{ refund: { completeTime: string } }>('POST', '/api/v1/order/detail', { token, body: { orderId: paid.orderId } });
    const refundedOn = (language: string) => new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(refunded.refund.completeTime));

    // the voucher page's order history: the order's popup
    await page.goto(`${ctx.shop.url}/voucher/OrderHistory`);
    const card = page.locator(`[data-testid="order-card"][data-order-id="${paid.orderId}"]`);
    await expect.poll(() => card.getAttribute('data-status')).toBe('9');
    expect(await card.getByTestId('order-footer').textContent()).toContain('Refund Order');
    await card.getByRole('button', { name: /Show the item details/ }).click();
    const popup = page.getByTestId('items-popup');
    await popup.getByTestId('refund-summary').waitFor();
    expect(await popup.getByTestId('refund-date').textContent()).toBe(`Refunded on ${refundedOn('en')}`);
    expect(await popup.getByTestId('refund-taken-back').textContent()).toBe(`Vouchers taken back from your balance: ${(vouchers - 100).toLocaleString('en')}`);
    expect(await popup.getByTestId('refund-kept').textContent()).toBe('Vouchers already spent in the game, which stay with you: 100');

    // the shop's My Orders: the order detail, here in German
    await page.goto(`${ctx.shop.url}/myOrder?language=de`);
    await page.locator(`[data-testid="my-order-card"][data-order-id="${paid.orderId}"]`).getByTestId('open-order').click();
    const detail = page.getByTestId('order-detail');
    await detail.getByTestId('refund-summary').waitFor();
    expect(await detail.getByTestId('refund-date').textContent()).toBe(`Erstattet am ${refundedOn('de')}`);
    expect(await detail.getByTestId('refund-taken-back').textContent()).toBe(`Von deinem Guthaben abgezogene Gutscheine: ${(vouchers - 100).toLocaleString('de')}`);
    expect(await detail.getByTestId('refund-kept').textContent()).toBe('Bereits im Spiel ausgegebene Gutscheine, die du behältst: 100');
    await context.close();
  });

  it('shows Not found when there are no orders', async () => {
    const { context, page } = await newPage();
    await page.goto(voucherLink(ctx.shop, { roleId: `empty-${Date.now().toString(36)}` }));
    await page.getByTestId('voucher-card').first().waitFor();
    await page.goto(`${ctx.shop.url}/voucher/OrderHistory`);
    await page.getByTestId('orders-empty').waitFor();
    await context.close();
  });

  it('takes the language from the query, then storage, then the ctx.browser; switches and remembers it', async () => {
    const { context, page } = await newPage({ locale: 'de-DE' });
    const roleId = `lang-${Date.now().toString(36)}`;
    await page.goto(voucherLink(ctx.shop, { roleId, language: 'ja' }));
    await page.getByTestId('voucher-card').first().waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('ja');
    const japanese = await page.getByTestId('submit-order').textContent();

    await page.getByTestId('language-select').selectOption('zh_TW');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('zh-TW');
    expect(await page.getByTestId('submit-order').textContent()).not.toBe(japanese);
    expect(await page.getByTestId('language-select').locator('option').count()).toBe(22);

    await page.goto(`${ctx.shop.url}/voucher?from=close`);
    await page.getByTestId('voucher-card').first().waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-TW');
    await context.close();

    const browserOnly = await newPage({ locale: 'zh-HK' });
    await browserOnly.page.goto(voucherLink(ctx.shop, { roleId: `${roleId}-b`, language: 'xx-unsupported' }));
    await browserOnly.page.getByTestId('voucher-card').first().waitFor();
    expect(await browserOnly.page.locator('html').getAttribute('lang')).toBe('zh-TW');
    await browserOnly.context.close();

    const fallback = await newPage({ locale: 'sw-KE' });
    await fallback.page.goto(voucherLink(ctx.shop, { roleId: `${roleId}-c` }).replace(/&language=[^&]*/, ''));
    await fallback.page.getByTestId('voucher-card').first().waitFor();
    expect(await fallback.page.locator('html').getAttribute('lang')).toBe('en');
    expect(await fallback.page.getByTestId('submit-order').textContent()).toBe('Submit Order');
    await fallback.context.close();
  });

  it('shows the role and server, hides the server name for game 10002, and reuses uinfo with from=close', async () => {
    const { context, page } = await newPage();
    await page.goto(voucherLink(ctx.shop, { roleId: `hdr-${Date.now().toString(36)}` }));
    await page.getByTestId('voucher-card').first().waitFor();
    await expect.poll(() => page.getByTestId('game-name').textContent()).toContain('Breaking Dead');
    await page.getByTestId('server-name').waitFor();
    await page.goto(voucherLink(ctx.shop, { appId: 10002, roleId: `myth-${Date.now().toString(36)}` }));
    await page.getByTestId('voucher-card').first().waitFor();
    await expect.poll(() => page.getByTestId('game-name').textContent()).toContain('Myth Wars');
    expect(await page.getByTestId('server-name').count()).toBe(0);
    await page.goto(`${ctx.shop.url}/voucher?from=close`);
    await page.getByTestId('voucher-card').first().waitFor();
    await expect.poll(() => page.getByTestId('game-name').textContent()).toContain('Myth Wars');
    await context.close();
  });

  it('keeps Submit Order disabled until a voucher is chosen and shows the payermax hint', async () => {
    const { context, page } = await newPage();
    await page.goto(voucherLink(ctx.shop, { roleId: `bar-${Date.now().toString(36)}` }));
    await page.getByTestId('voucher-card').first().waitFor();
    expect(await page.getByTestId('submit-order').isDisabled()).toBe(true);
    await page.getByTestId('select-prompt').waitFor();
    await page.getByTestId('voucher-card').nth(0).click();
    expect(await page.getByTestId('submit-order').isDisabled()).toBe(false);
    await page.getByTestId('voucher-card').nth(2).click();
    expect(await page.locator('[data-testid="voucher-card"][data-checked="true"]').count()).toBe(1);
    const payermax = page.locator('[data-testid="pay-channel"][data-channel="payermax"]').first();
    if (!(await payermax.isVisible())) await page.getByTestId('view-more').click();
    await payermax.click();
    await page.getByTestId('payermax-hint').waitFor();
    await context.close();
  });

  it('hides Apple Pay on Android and Google Pay on iOS, where vouchers are not supported', async () => {
    const android = await newPage({ userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36' });
    await android.page.goto(voucherLink(ctx.shop, { roleId: `and-${Date.now().toString(36)}` }));
    await android.page.getByTestId('voucher-card').first().waitFor();
    if (await android.page.getByTestId('view-more').isVisible()) await android.page.getByTestId('view-more').click();
    const androidNames = await android.page.getByTestId('pay-channel').allTextContents();
    expect(androidNames.some((n) => /apple pay/i.test(n))).toBe(false);
    expect(androidNames.some((n) => /google pay/i.test(n))).toBe(true);
    await android.context.close();

    const ios = await newPage({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1' });
    await ios.page.goto(voucherLink(ctx.shop, { roleId: `ios-${Date.now().toString(36)}` }));
    await ios.page.getByTestId('ios-hint').waitFor();
    await ios.context.close();
  });
});
