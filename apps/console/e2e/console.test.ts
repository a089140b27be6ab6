import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumAvailable, savedToken, useShopAndBrowser, voucherLink, type RunningShop } from '../../web/e2e/harness.ts';
import { consoleLogin, enrol, inviteFirstAdmin, inviteOperator, type ConsoleOperator } from './operators.ts';

const enabled = chromiumAvailable();

/**
 * The publisher's console as its operators use it, against the built shop: the first admin from the command's link,
 * finance and support invited in the console, then the walk: a voucher pack made in the console is bought by a
 * player in German, finance refunds it through the provider, support finds an order by the tail of its number and
 * retries its failed delivery but may not refund, an adjustment reaches the player's voucher history, and the sales
 * report adds up to the orders.
 */
describe.skipIf(!enabled)("the publisher's console in Chromium", () => {
  let adminLink = '';
  const ctx = useShopAndBrowser({ DELIVERY_MAX_ATTEMPTS: '1', DELIVERY_RETRY_BASE_MS: '50' }, (env) => {
    adminLink = inviteFirstAdmin(env, 'lead@console.test');
  });
  const operators: Partial<Record<'admin' | 'finance' | 'support', ConsoleOperator>> = {};
  const pages: Partial<Record<'admin' | 'finance' | 'support', Page>> = {};
  /** What the walk made, for the later steps and the report's totals. */
  const made = {
    germanName: `Gutschein-Paket ${Date.now().toString(36)}`,
    priceMinor: 1234,
    vouchers: 1500,
    voucherOrder: { id: 0, sn: '', payMinor: 0 },
    shopOrder: { id: 0, sn: '', payMinor: 0 },
    playerToken: '',
    roleId: '',
  };

  const shop = (): RunningShop => ctx.shop;
  async function consoleApi<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; code: number; data: T }> {
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const response = await fetch(shop().url + path, {
      method,
      headers: { cookie, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const envelope = (await response.json()) as { code: number; data: T };
    return { status: response.status, code: envelope.code, data: envelope.data };
  }

  it('the first admin enrols from the command’s link, logs in with TOTP, and invites finance and support', async () => {
    operators.admin = await enrol(ctx.browser, adminLink, 'lead@console.test', 'admin-password-123');
    expect(operators.admin.recoveryCodes).toHaveLength(10);
    pages.admin = await consoleLogin(ctx.browser, shop().url, operators.admin);
    for (const role of ['finance', 'support'] as const) {
      const email = `${role}@console.test`;
      const link = await inviteOperator(pages.admin, shop().url, email, `${role} operator`, role);
      operators[role] = await enrol(ctx.browser, link, email, `${role}-password-123`);
      pages[role] = await consoleLogin(ctx.browser, shop().url, operators[role]!);
    }
    // support's menu has no reports or operators
    await expect.poll(() => pages.support!.getByTestId('menu-reports').count()).toBe(0);
    await expect.poll(() => pages.support!.getByTestId('menu-operators').count()).toBe(0);
  });

  it('an admin creates a voucher pack with a German name and a price; a player sees it in German and buys it', async () => {
    const admin = pages.admin!;
    await admin.goto(`${shop().url}/console/catalogue/products`);
    await admin.getByTestId('product-new').click();
    await selectOption(admin, 'product-game', /Breaking Dead/);
    await selectOption(admin, 'product-type', /voucher/i);
    await admin.getByTestId('product-name-en').fill(`Voucher pack ${made.germanName.split(' ')[1]}`);
    await admin.getByTestId('product-name-de').fill(made.germanName);
    await admin.getByTestId('product-price').fill((made.priceMinor / 100).toFixed(2));
    await admin.getByTestId('product-discount-price').fill((made.priceMinor / 100).toFixed(2));
    await admin.getByTestId('product-voucher-amount').fill(String(made.vouchers));
    await admin.getByTestId('product-save').click();
    await expect.poll(async () => (await consoleApi<{ code: number }>(admin, 'GET', '/api/console/v1/audit?action=product.')).data, { timeout: 10_000 }).toMatchObject({
      entries: expect.arrayContaining([expect.objectContaining({ action: expect.stringMatching(/^product\.create/) })]),
    });

    // The player, from the game, in German: the new pack is on the voucher page (after the catalogue cache's lifetime).
    made.roleId = `console-${Date.now().toString(36)}`;
    const context = await ctx.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'de-DE' });
    const page = await context.newPage();
    const card = page.getByTestId('voucher-card').filter({ hasText: made.germanName });
    await expect
      .poll(
        async () => {
          await page.goto(voucherLink(shop(), { roleId: made.roleId, language: 'de' }));
          await page.getByTestId('voucher-card').first().waitFor();
          return card.count();
        },
        { timeout: 30_000, interval: 2_000 },
      )
      .toBe(1);
    made.playerToken = await savedToken(page);
    await page.locator('[data-testid="pay-channel"][data-checked="true"]').waitFor();
    await card.click();
    const paypal = page.locator('[data-testid="pay-channel"][data-channel="paypal"]').first();
    if (!(await paypal.isVisible()) && (await page.getByTestId('view-more').isVisible())) await page.getByTestId('view-more').click();
    await paypal.click();
    await page.getByTestId('submit-order').click();
    await page.waitForURL(/\/sandbox\/paypal\/checkoutnow/);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/\/payment\/return/);
    await expect.poll(() => page.getByTestId('payment-return').getAttribute('data-outcome'), { timeout: 20_000 }).toBe('success');
    await expect.poll(() => voucherBalance(), { timeout: 10_000 }).toBe(made.vouchers);
    const orders = await shop().api<{ list: { id: number; orderSn: string; payAmount: number; items: { productName: string }[] }[] }>('GET', '/api/v1/order/list/all', {
      token: made.playerToken,
    });
    const order = orders.data.list[0]!;
    expect(order.payAmount).toBe(made.priceMinor / 100);
    made.voucherOrder = { id: order.id, sn: order.orderSn, payMinor: made.priceMinor };
    await context.close();
  });

  async function voucherBalance(): Promise<number> {
    const info = await shop().api<{ voucherBalance: number }>('GET', '/api/user/info', { token: made.playerToken });
    return info.data.voucherBalance;
  }

  it("finance refunds that order through the provider; the player's order and balance show it", async () => {
    const finance = pages.finance!;
    await openOrder(finance, made.voucherOrder.sn);
    await finance.getByTestId('order-refund').click();
    await finance.getByTestId('refund-reason').fill('Player asked by e-mail');
    await confirmDialog(finance);
    await expect.poll(() => voucherBalance(), { timeout: 20_000 }).toBe(0);
    await finance.getByTestId('order-reload').click().catch(() => undefined);
    await expect.poll(async () => (await finance.getByTestId('order-status').getAttribute('data-status')) ?? '', { timeout: 20_000 }).toMatch(/^(6|9)$/);
    const detail = await shop().api<{ status: number }>('POST', '/api/v1/order/detail', { token: made.playerToken, body: { orderId: made.voucherOrder.id } });
    expect([6, 9]).toContain(detail.data.status);

    // what the player sees: the order refunded in their order history, the vouchers gone from their balance
    const context = await ctx.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto(voucherLink(shop(), { roleId: made.roleId, language: 'de' }));
    await page.getByTestId('voucher-card').first().waitFor();
    await page.goto(`${shop().url}/voucher/OrderHistory`);
    const card = page.locator(`[data-testid="order-card"][data-order-id="${made.voucherOrder.id}"]`);
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 10_000 }).toMatch(/^(6|9)$/);
    await page.goto(`${shop().url}/voucher/history`);
    await expect.poll(async () => (await page.getByTestId('voucher-balance').innerText()).replace(/\D/g, ''), { timeout: 10_000 }).toBe('0');
    await context.close();
  });

  it('support finds an order by the tail of its number, retries its failed delivery, and is refused a refund', async () => {
    made.shopOrder = await paidShopOrderWithFailedDelivery();
    const support = pages.support!;
    await openOrder(support, made.shopOrder.sn.slice(12));
    // the failed delivery may come after the page loaded the order (paid, 2): the detail shows it on reload
    await expect
      .poll(
        async () => {
          await support.getByTestId('order-reload').click().catch(() => undefined);
          return support.getByTestId('order-status').getAttribute('data-status');
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe('8');
    await expect(support.getByTestId('order-refund').count()).resolves.toBe(0);
    await setDeliveriesFailing(false);
    await support.getByTestId('order-retry-delivery').click();
    await confirmDialog(support);
    await expect
      .poll(
        async () => {
          await support.getByTestId('order-reload').click().catch(() => undefined);
          return support.getByTestId('order-status').getAttribute('data-status');
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe('3');
    const refused = await consoleApi(support, 'POST', `/api/console/v1/orders/${made.shopOrder.id}/refund`, { reason: 'not allowed' });
    expect(refused.status).toBe(403);
    expect(refused.code).toBe(403);
    // the pages of other roles explain themselves when opened by address
    for (const path of ['/console/reports/sales', '/console/operators', '/console/audit']) {
      await support.goto(`${shop().url}${path}`);
      await support.getByTestId('forbidden').waitFor();
    }
  });

  it("a voucher adjustment appears in the player's voucher history", async () => {
    const finance = pages.finance!;
    await finance.goto(`${shop().url}/console/players`);
    await finance.getByTestId('player-search-input').fill(made.roleId);
    await finance.getByTestId('player-search-submit').click();
    await finance.locator('[data-testid^="player-row-"]').first().click();
    await finance.getByTestId('adjust-vouchers').first().click();
    await finance.getByTestId('adjust-direction-credit').click();
    await finance.getByTestId('adjust-amount').fill('250');
    await finance.getByTestId('adjust-reason').fill('Compensation for a late delivery');
    await finance.getByTestId('adjust-submit').click();
    await expect.poll(() => voucherBalance(), { timeout: 10_000 }).toBe(250);

    const context = await ctx.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(voucherLink(shop(), { roleId: made.roleId }));
    await page.getByTestId('voucher-card').first().waitFor();
    await page.goto(`${shop().url}/voucher/history`);
    await expect.poll(() => page.getByText('Adjusted by customer service').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await context.close();
  });

  it("the sales report's totals match the orders", async () => {
    const admin = pages.admin!;
    const today = new Date().toISOString().slice(0, 10);
    await admin.goto(`${shop().url}/console/reports/sales?from=${today}&to=${today}`);
    const gross = admin.getByTestId('report-total-gross-USD');
    await gross.waitFor();
    // both orders were paid today: the refunded voucher pack stays in gross (its refund is subtracted in net)
    const expected = made.voucherOrder.payMinor + made.shopOrder.payMinor;
    await expect.poll(() => gross.getAttribute('data-value'), { timeout: 10_000 }).toBe(String(expected));
    await expect.poll(() => admin.getByTestId('report-total-refunds-USD').getAttribute('data-value')).toBe(String(made.voucherOrder.payMinor));
    await expect.poll(() => admin.getByTestId('report-total-orders').getAttribute('data-value')).toBe('2');
  });

  it('the console speaks Chinese: the server’s messages, the menus and the audit log of what support and finance did', async () => {
    const context = await ctx.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${shop().url}/console/login`);
    await page.getByTestId('language-switch').getByText('简体中文').click();
    await page.getByTestId('login-email').fill(operators.admin!.email);
    await page.getByTestId('login-password').fill('not the password');
    await page.getByTestId('login-code').fill('123456');
    await page.getByTestId('login-submit').click();
    // the server's refusal, in the console's language (Accept-Language)
    await expect.poll(() => page.getByTestId('login-error').innerText()).toBe('邮箱、密码或验证码错误');
    await context.close();

    const admin = await consoleLogin(ctx.browser, shop().url, operators.admin!, 'zh-CN');
    await admin.getByTestId('language-switch').getByText('简体中文').click();
    await expect.poll(() => admin.getByTestId('menu-audit').innerText()).toBe('审计日志');
    await admin.goto(`${shop().url}/console/audit`);
    await admin.getByTestId('audit-entity-type').click();
    await admin.locator('.ant-select-item-option').filter({ hasText: /^订单$/ }).click();
    await admin.getByTestId('audit-entity-id').fill(String(made.shopOrder.id));
    await admin.getByTestId('audit-search').click();
    const rows = admin.getByTestId('audit-table').locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.filter({ hasText: 'support@console.test' }).filter({ hasText: '重新发货' }).count(), { timeout: 10_000 }).toBe(1);
    await admin.goto(`${shop().url}/console/audit`);
    await admin.getByTestId('audit-entity-type').click();
    await admin.locator('.ant-select-item-option').filter({ hasText: /^订单$/ }).click();
    await admin.getByTestId('audit-entity-id').fill(String(made.voucherOrder.id));
    await admin.getByTestId('audit-search').click();
    await expect.poll(() => rows.filter({ hasText: 'finance@console.test' }).filter({ hasText: '发起退款' }).count(), { timeout: 10_000 }).toBe(1);
    pages.admin = admin;
  });

  it('an admin changes an operator’s role after a confirmation; that operator’s open console ends at the login, saying why', async () => {
    const admin = pages.admin!;
    const support = pages.support!;
    await admin.goto(`${shop().url}/console/operators`);
    const row = admin.locator('tr').filter({ hasText: 'support@console.test' });
    await row.locator('.ant-select').click();
    await admin.locator('.ant-select-item-option').filter({ hasText: /^财务$/ }).click();
    await confirmDialog(admin);
    await expect.poll(() => row.locator('.ant-select').innerText()).toBe('财务');
    const listed = await consoleApi<{ email: string; role: string }[]>(admin, 'GET', '/api/console/v1/operators');
    expect(listed.data.find((operator) => operator.email === 'support@console.test')?.role).toBe('finance');
    // the support operator's console is still open: their next request is refused and the console says why
    await support.getByTestId('menu-orders').click();
    await support.getByTestId('login-session-ended').waitFor({ timeout: 10_000 });
    expect(support.url()).toContain('/console/login');
  });

  // --- helpers ---------------------------------------------------------------------------------------------------------

  async function openOrder(page: Page, search: string): Promise<void> {
    await page.goto(`${shop().url}/console/orders`);
    await page.getByTestId('order-search-input').fill(search);
    await page.getByTestId('order-search-submit').click();
    await page.locator('[data-testid^="order-row-"]').first().click();
    await page.getByTestId('order-status').waitFor();
  }

  async function confirmDialog(page: Page): Promise<void> {
    const ok = page.getByTestId('confirm-ok');
    await ok.first().click();
  }

  async function selectOption(page: Page, testId: string, label: RegExp): Promise<void> {
    await page.getByTestId(testId).click();
    await page.locator('.ant-select-item-option').filter({ hasText: label }).first().click();
  }

  async function setDeliveriesFailing(failing: boolean): Promise<void> {
    const response = await fetch(`${shop().url}/sandbox/game-server/control`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ failDeliveries: failing }) });
    expect(response.status).toBe(200);
  }

  /** The player (the same role) buys a gem pack in the shop while the game server refuses deliveries: it ends in 8. */
  async function paidShopOrderWithFailedDelivery(): Promise<{ id: number; sn: string; payMinor: number }> {
    // the game server must know the role the game launched (the retry's delivery reaches it)
    const registered = await fetch(`${shop().url}/sandbox/game-server/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ appId: 10030, gameId: `acc-${made.roleId}`, roles: [{ roleId: made.roleId, roleName: 'Console hero', level: 12, serverId: '10001', serverName: 'S10001 - Demo' }] }),
    });
    expect(registered.status).toBe(201);
    await setDeliveriesFailing(true);
    const roles = await shop().api<{ id: number }[]>('POST', '/api/v1/role/list', { token: made.playerToken, body: { appId: 10030 } });
    const gameAccountId = roles.data[0]!.id;
    const channels = await shop().api<{ payMethodId: string; thirdChannelId: string; thirdChannelName: string }[]>('POST', '/api/v1/pay/channel/list/10030/US');
    const paypal = channels.data.find((channel) => channel.thirdChannelName === 'paypal')!;
    const created = await shop().api<{ orderId: number; orderSn: string; totalAmount: number; thirdPayResponse: string }>('POST', '/api/v1/order/product/create', {
      token: made.playerToken,
      body: { appId: 10030, gameAccountId, productId: 1012, quantity: 1, payMethodId: paypal.payMethodId, thirdChannelId: paypal.thirdChannelId },
    });
    expect(created.code, created.message).toBe(200);
    const approve = (JSON.parse(created.data.thirdPayResponse) as { links: { rel: string; href: string }[] }).links.find((link) => link.rel === 'payer-action')!.href;
    const checkout = new URL(approve);
    const pressed = await fetch(`${checkout.origin}${checkout.pathname.replace(/\/$/, '')}/${encodeURIComponent(checkout.searchParams.get('token')!)}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(pressed.status).toBeLessThan(400);
    return { id: created.data.orderId, sn: created.data.orderSn, payMinor: Math.round(created.data.totalAmount * 100) };
  }
});
