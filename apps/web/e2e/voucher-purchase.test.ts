import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumAvailable, savedToken, useShopAndBrowser, voucherLink } from './harness.ts';

type Provider = 'paypal' | 'xsolla' | 'payermax';
const enabled = chromiumAvailable();

describe.skipIf(!enabled)('buying vouchers in Chromium', () => {
  const ctx = useShopAndBrowser();

  let seq = 0;
  async function openVoucherPage(options: { appId?: number; language?: string } = {}) {
    seq += 1;
    const roleId = `e2e-${Date.now().toString(36)}-${seq}`;
    const context = await ctx.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(voucherLink(ctx.shop, { roleId, ...options }));
    await page.getByTestId('voucher-card').first().waitFor();
    await page.locator('[data-testid="pay-channel"][data-checked="true"]').waitFor();
    return { page, roleId };
  }

  async function chooseAndSubmit(page: Page, provider: Provider, cardIndex = 1) {
    const cards = page.getByTestId('voucher-card');
    await cards.nth(cardIndex).click();
    await expect.poll(() => page.locator('[data-testid="voucher-card"][data-checked="true"]').count()).toBe(1);
    const channel = page.locator(`[data-testid="pay-channel"][data-channel="${provider}"]`).first();
    if (!(await channel.isVisible()) && (await page.getByTestId('view-more').isVisible())) await page.getByTestId('view-more').click();
    await channel.click();
    await expect.poll(() => channel.getAttribute('data-checked')).toBe('true');
    await page.getByTestId('submit-order').click();
  }

  /** Presses a button on the provider's hosted checkout (a page of its own, or Xsolla's lightbox frame). */
  async function pressAtProvider(page: Page, provider: Provider, button: 'Pay' | 'Decline' | 'Cancel') {
    if (provider === 'xsolla') {
      const frame = page.frameLocator('iframe[src*="paystation4"]');
      await frame.getByRole('button', { name: button, exact: true }).click();
      return;
    }
    await page.waitForURL(provider === 'paypal' ? /\/sandbox\/paypal\/checkoutnow/ : /\/sandbox\/payermax\/cashier/);
    await page.getByRole('button', { name: button, exact: true }).click();
  }

  async function voucherBalance(page: Page): Promise<number> {
    const info = await ctx.shop.api<{ voucherBalance: number }>('GET', '/api/user/info', { token: await savedToken(page) });
    return info.data.voucherBalance;
  }

  async function firstOrderStatus(page: Page): Promise<string | null> {
    await page.getByTestId('order-history-link').click();
    await page.waitForURL(/\/voucher\/OrderHistory/);
    const card = page.getByTestId('order-card').first();
    await card.waitFor();
    return card.getAttribute('data-status');
  }

  it.each<Provider>(['paypal', 'xsolla', 'payermax'])('pays with %s and finds the completed order and the balance', async (provider) => {
    const { page } = await openVoucherPage();
    const packs = await ctx.shop.api<{ voucherAmount: number }[]>('POST', '/api/v1/voucher/list/10030');
    const amount = packs.data[1]!.voucherAmount;
    await chooseAndSubmit(page, provider);
    await pressAtProvider(page, provider, 'Pay');
    await page.waitForURL(/\/payment\/return/);
    await expect.poll(() => page.getByTestId('payment-return').getAttribute('data-outcome'), { timeout: 20_000 }).toBe('success');
    await expect.poll(() => voucherBalance(page), { timeout: 10_000 }).toBe(amount);
    await page.goto(`${ctx.shop.url}/voucher?from=close`);
    await page.getByTestId('voucher-card').first().waitFor();
    expect(await firstOrderStatus(page)).toBe('3');
    await page.context().close();
  });

  it('shows a purchase and a spend in the game (through the game server) in the voucher history', async () => {
    const { page, roleId } = await openVoucherPage();
    const packs = await ctx.shop.api<{ voucherAmount: number }[]>('POST', '/api/v1/voucher/list/10030');
    const amount = packs.data[1]!.voucherAmount;
    await chooseAndSubmit(page, 'payermax');
    await pressAtProvider(page, 'payermax', 'Pay');
    await page.waitForURL(/\/payment\/return/);
    await expect.poll(() => voucherBalance(page), { timeout: 10_000 }).toBe(amount);
    // the player buys an item in the game with vouchers: the sandbox game server spends them through the shop's API
    const spent = await fetch(`${ctx.shop.url}/sandbox/game-server/vouchers/spend`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ appId: 10030, serverId: '10001', roleId, amount: 100, itemId: 'gems-100', itemName: '100 Gems' }),
    });
    expect(spent.status).toBe(200);
    await page.goto(`${ctx.shop.url}/voucher?from=close`);
    await page.getByTestId('voucher-history-link').click();
    await page.waitForURL(/\/voucher\/history$/);
    await expect.poll(() => page.getByTestId('voucher-entry').count()).toBe(2);
    expect(await page.getByTestId('voucher-balance').textContent()).toBe(`Balance: ${(amount - 100).toLocaleString('en')} vouchers`);
    const entries = await page.getByTestId('voucher-entry').allTextContents();
    expect(entries[0]).toContain('Spent in the game');
    expect(entries[0]).toContain('100 Gems');
    expect(entries[0]).toContain('−100');
    expect(entries[1]).toContain('Bought');
    expect(entries[1]).toContain(`+${amount.toLocaleString('en')}`);
    await page.getByTestId('back').click();
    await page.getByTestId('voucher-card').first().waitFor();
    await page.context().close();
  });

  it.each<Provider>(['paypal', 'payermax'])('a declined %s payment ends as Transaction Failed with nothing credited', async (provider) => {
    const { page } = await openVoucherPage();
    await chooseAndSubmit(page, provider);
    await pressAtProvider(page, provider, 'Decline');
    await page.waitForURL(/\/payment\/return/);
    await expect.poll(() => page.getByTestId('payment-return').getAttribute('data-outcome'), { timeout: 20_000 }).toBe('failed');
    expect(await voucherBalance(page)).toBe(0);
    await page.goto(`${ctx.shop.url}/voucher?from=close`);
    await page.getByTestId('voucher-card').first().waitFor();
    expect(await firstOrderStatus(page)).toBe('7');
    await page.context().close();
  });

  it('a declined xsolla payment leads to the payment-cancel page and leaves the order payable', async () => {
    const { page } = await openVoucherPage();
    await chooseAndSubmit(page, 'xsolla');
    await pressAtProvider(page, 'xsolla', 'Decline');
    await page.waitForURL(/\/payment\/cancel\?.*from=voucher/);
    await page.getByTestId('payment-cancel').waitFor();
    expect(await voucherBalance(page)).toBe(0);
    await page.goto(`${ctx.shop.url}/voucher?from=close`);
    await page.getByTestId('voucher-card').first().waitFor();
    expect(await firstOrderStatus(page)).toBe('0');
    await page.context().close();
  });

  it.each<Provider>(['paypal', 'payermax'])('an abandoned %s payment (Cancel) comes back without charging', async (provider) => {
    const { page } = await openVoucherPage();
    await chooseAndSubmit(page, provider);
    await pressAtProvider(page, provider, 'Cancel');
    await page.waitForURL(/\/payment\/(cancel|return)/);
    await expect
      .poll(async () => (await page.getByTestId('payment-cancel').isVisible()) || (await page.getByTestId('payment-return').getAttribute('data-outcome')) === 'pending', {
        timeout: 40_000,
      })
      .toBe(true);
    expect(await voucherBalance(page)).toBe(0);
    await page.goto(`${ctx.shop.url}/voucher?from=close`);
    await page.getByTestId('voucher-card').first().waitFor();
    expect(await firstOrderStatus(page)).toBe('0');
    await page.context().close();
  });

  it('a PayerMax Cancel says "Payment cancelled" at once: no "Confirming your payment", no waiting for the order', async () => {
    const { page } = await openVoucherPage();
    // remembers whether the checking view (payment-return) was ever on screen, from the first paint on
    await page.context().addInitScript(() => {
      const seen = () => document.querySelector('[data-testid="payment-return"]') !== null;
      new MutationObserver(() => {
        if (seen()) sessionStorage.setItem('saw-checking', '1');
      }).observe(document, { childList: true, subtree: true });
    });
    const orderLookups: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/(v1\/order\/detail|v1\/payment\/outcome)/.test(request.url())) orderLookups.push(request.url());
    });
    await chooseAndSubmit(page, 'payermax');
    await pressAtProvider(page, 'payermax', 'Cancel');
    await page.waitForURL(/\/payment\/return\?.*status=CANCEL/);
    await page.getByTestId('payment-cancel').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Payment cancelled');
    expect(await page.evaluate(() => sessionStorage.getItem('saw-checking'))).toBeNull();
    expect(orderLookups).toEqual([]);
    expect(await page.title()).toBe('Payment cancelled');
    // the order was not touched: still payable from the order history
    await page.getByTestId('back-to-shop').click();
    await page.getByTestId('voucher-card').first().waitFor();
    expect(await firstOrderStatus(page)).toBe('0');
    await page.context().close();
  });

  it('closing the xsolla lightbox (Cancel) keeps the player on the voucher page with a payable order', async () => {
    const { page } = await openVoucherPage();
    await chooseAndSubmit(page, 'xsolla');
    await pressAtProvider(page, 'xsolla', 'Cancel');
    await expect.poll(() => page.locator('iframe[src*="paystation4"]').count()).toBe(0);
    expect(page.url()).toContain('/voucher');
    expect(await firstOrderStatus(page)).toBe('0');
    await page.context().close();
  });
});
