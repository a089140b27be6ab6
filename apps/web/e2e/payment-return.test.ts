import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chromiumAvailable, savedToken, useShopAndBrowser, voucherLink } from './harness.ts';

const enabled = chromiumAvailable();
const PHONE = { viewport: { width: 390, height: 844 }, locale: 'en-US' };

/** A browser with nothing in it: the system browser a game's web view hands the checkout to. */
async function freshBrowserPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext(PHONE);
  return context.newPage();
}

/** What the page says and links to, to check that it names no item and no player. */
const pageText = (page: Page) => page.locator('body').innerText();

/**
 * Issue 14.2: /payment/return needs no session. The game's web view hands PayPal's checkout to another browser; the
 * player pays there and lands on the return page, which shows the outcome by the return address's unguessable ref.
 */
describe.skipIf(!enabled)('the payment return page in a browser without the session, in Chromium', () => {
  const ctx = useShopAndBrowser();

  it('a voucher paid with PayPal in another browser shows its outcome there, and offers the game or the shop', async () => {
    const game = await ctx.browser.newContext(PHONE);
    const webView = await game.newPage();
    const roleId = `elsewhere-${Date.now().toString(36)}`;
    await webView.goto(voucherLink(ctx.shop, { roleId }));
    await webView.locator('[data-testid="pay-channel"][data-checked="true"]').waitFor();
    await webView.getByTestId('voucher-card').nth(1).click();
    await webView.locator('[data-testid="pay-channel"][data-channel="paypal"]').first().click();
    await webView.getByTestId('submit-order').click();
    await webView.waitForURL(/\/sandbox\/paypal\/checkoutnow/);
    const checkout = webView.url();
    const token = await savedToken(webView);

    const elsewhere = await freshBrowserPage(ctx.browser);
    const lookups: string[] = [];
    elsewhere.on('request', (request) => {
      if (request.url().includes('/api/')) lookups.push(new URL(request.url()).pathname);
    });
    await elsewhere.goto(checkout);
    await elsewhere.getByRole('button', { name: 'Pay', exact: true }).click();
    await elsewhere.waitForURL(/\/payment\/return\?.*ref=/);
    await expect.poll(() => elsewhere.getByTestId('payment-return').getAttribute('data-outcome'), { timeout: 20_000 }).toBe('success');
    expect(new URL(elsewhere.url()).pathname).toBe('/payment/return');
    expect(await elsewhere.getByTestId('order-status').textContent()).toBe('Order Complete');
    const packs = await ctx.shop.api<{ productName: string; productDiscountPrice: number }[]>('POST', '/api/v1/voucher/list/10030');
    expect(await elsewhere.getByTestId('paid-amount').textContent()).toBe(`$${packs.data[1]!.productDiscountPrice}`);
    // nothing but the outcome: no item, no player, and no call that needs a session
    const text = await pageText(elsewhere);
    expect(text).not.toContain(packs.data[1]!.productName);
    expect(text).not.toContain(roleId);
    expect(lookups.every((path) => ['/api/v1/pay/paypalCapture', '/api/v1/payment/outcome'].includes(path) || path.startsWith('/api/common/'))).toBe(true);
    expect(await elsewhere.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // the ways on: the game (this page cannot close itself here, so it says how) or the shop
    await elsewhere.getByTestId('back-to-game').click();
    expect(await elsewhere.getByTestId('back-to-game-hint').textContent()).toBe('Close this page and switch back to the game.');
    await elsewhere.getByTestId('to-shop').click();
    await elsewhere.waitForURL(/\/login\?redirect=%2Fhome$/);

    // the game's side sees the order complete and the vouchers credited
    const orders = await ctx.shop.api<{ list: { status: number }[] }>('GET', '/api/v1/order/list/all', { token });
    expect(orders.data.list.map((order) => order.status)).toEqual([3]);
    await game.close();
    await elsewhere.context().close();
  });

  it('a shop order paid in another browser shows its outcome there instead of asking for a login', async () => {
    const login = await ctx.shop.api<{ token: string }>('POST', '/api/user/inapp/quick/login', {
      body: { appId: 10030, roleId: `shop-${Date.now().toString(36)}`, serverId: '10001', accountId: `acc-${Date.now().toString(36)}`, userLevel: 3 },
    });
    const token = login.data.token;
    const roles = await ctx.shop.api<{ id: number }[]>('POST', '/api/v1/role/list', { token, body: {} });
    const gems = await ctx.shop.api<{ id: number; productDiscountPrice: number }[]>('POST', '/api/v1/product/list', { body: { appId: 10030, goodsType: 1 } });
    const channels = await ctx.shop.api<{ thirdChannelName: string; payMethodId: string; thirdChannelId: string }[]>('POST', '/api/v1/pay/channel/list/10030/US');
    const paypal = channels.data.find((channel) => channel.thirdChannelName === 'paypal')!;
    const created = await ctx.shop.api<{ orderId: number; thirdPayResponse: string }>('POST', '/api/v1/order/product/create', {
      token,
      body: { appId: 10030, gameAccountId: roles.data[0]!.id, productId: gems.data[0]!.id, quantity: 1, payMethodId: paypal.payMethodId, thirdChannelId: paypal.thirdChannelId },
    });
    expect(created.code).toBe(200);
    const payerAction = (JSON.parse(created.data.thirdPayResponse) as { links: { rel: string; href: string }[] }).links.find((link) => link.rel === 'payer-action')!.href;

    const elsewhere = await freshBrowserPage(ctx.browser);
    await elsewhere.goto(payerAction);
    await elsewhere.getByRole('button', { name: 'Pay', exact: true }).click();
    await elsewhere.waitForURL(/\/payment\/return\?from=shop/);
    await expect.poll(() => elsewhere.getByTestId('payment-return').getAttribute('data-outcome'), { timeout: 20_000 }).toBe('success');
    expect(new URL(elsewhere.url()).pathname).toBe('/payment/return');
    expect(await elsewhere.getByTestId('back-to-game').isVisible()).toBe(true);
    expect(await elsewhere.getByTestId('to-shop').isVisible()).toBe(true);
    await elsewhere.context().close();
  });

  it('someone who walks order numbers on the return page learns nothing', async () => {
    const login = await ctx.shop.api<{ token: string }>('POST', '/api/user/inapp/quick/login', {
      body: { appId: 10030, roleId: `victim-${Date.now().toString(36)}`, serverId: '10001', accountId: `victim-${Date.now().toString(36)}`, userLevel: 3 },
    });
    const orders = await ctx.shop.api<{ list: { id: number }[] }>('GET', '/api/v1/order/list/all', { token: login.data.token });
    const someOrder = orders.data.list[0]?.id ?? 1;
    const stranger = await freshBrowserPage(ctx.browser);
    for (const query of [
      `from=voucher&channel=paypal&orderId=${someOrder}`,
      `from=shop&channel=paypal&orderId=${someOrder}&ref=${someOrder}.${'A'.repeat(22)}`,
      `from=voucher&channel=payermax&orderId=${someOrder + 1}&ref=${someOrder + 1}.${'B'.repeat(22)}&status=SUCCESS`,
    ]) {
      await stranger.goto(`${ctx.shop.url}/payment/return?${query}`);
      await expect.poll(() => stranger.getByTestId('payment-return').getAttribute('data-outcome'), { timeout: 10_000 }).toBe('unknown');
      expect(await stranger.getByTestId('order-status').count()).toBe(0);
      expect(await stranger.getByTestId('paid-amount').count()).toBe(0);
      expect(new URL(stranger.url()).pathname).toBe('/payment/return');
    }
    await stranger.context().close();
  });
});
