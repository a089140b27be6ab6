import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { chromiumAvailable, useShopAndBrowser, type RunningShop } from '../../web/e2e/harness.ts';
import { consoleLogin, enrol, inviteFirstAdmin } from './operators.ts';

const enabled = chromiumAvailable();

/** An operator's laptop screen. */
const LAPTOP = { width: 1366, height: 768 };

/**
 * The console at 1366 x 768, where operators work: the Delivery errors queue gives its Game role column room and shows
 * Retry delivery, a refunded order's page keeps its number on one line, and the order search fits without a sideways
 * scroll (its Created column in view).
 */
describe.skipIf(!enabled)('the console on an operator’s laptop (1366 x 768) in Chromium', () => {
  let adminLink = '';
  const ctx = useShopAndBrowser({ DELIVERY_MAX_ATTEMPTS: '1', DELIVERY_RETRY_BASE_MS: '50' }, (env) => {
    adminLink = inviteFirstAdmin(env, 'laptop@console.test');
  });
  const shop = (): RunningShop => ctx.shop;

  it('shows the queue’s role and retry, a refunded order’s number on one line, and the search without scrolling sideways', async () => {
    const roleId = `laptop-${Date.now().toString(36)}`;
    const token = await playerWithRole(roleId, 'Console hero of the northern realms');
    await setDeliveriesFailing(true);
    const waiting = await paidOrder(token);
    const refunded = await paidOrder(token);

    const operator = await enrol(ctx.browser, adminLink, 'laptop@console.test', 'admin-password-123');
    const admin = await consoleLogin(ctx.browser, shop().url, operator);
    await admin.setViewportSize(LAPTOP);
    await expect.poll(() => orderStatus(admin, waiting.id), { timeout: 30_000, interval: 500 }).toBe(8);
    await expect.poll(() => orderStatus(admin, refunded.id), { timeout: 30_000, interval: 500 }).toBe(8);

    // the Delivery errors queue: the role keeps its column, one line; Retry delivery is in view
    await admin.goto(`${shop().url}/console/orders/queues`);
    const row = admin.getByTestId(`order-row-${waiting.sn}`);
    await row.waitFor();
    const roleHeader = admin.locator('.ant-table-thead th').filter({ hasText: /^Game role$/ });
    expect((await roleHeader.boundingBox())!.width).toBeGreaterThanOrEqual(150);
    const roleCell = row.locator('td').nth(1);
    expect(await roleCell.innerText()).toContain('Console hero');
    expect(await lineCount(roleCell)).toBe(1);
    const retry = row.getByTestId('order-retry-delivery');
    expect(await retry.isVisible()).toBe(true);
    expect(await inViewport(retry)).toBe(true);
    expect(await coveredAt(retry)).toBe(false);

    // a refunded order's page: the number players read out stays on one line
    const refund = await consoleApi(admin, 'POST', `/api/console/v1/orders/${refunded.id}/refund`, { reason: 'Laptop layout check' });
    expect(refund.code).toBe(200);
    await expect.poll(() => orderStatus(admin, refunded.id), { timeout: 30_000, interval: 500 }).toBe(6);
    await admin.goto(`${shop().url}/console/orders/${refunded.id}`);
    const number = admin.getByTestId('order-sn');
    await number.waitFor();
    expect((await number.innerText()).trim()).toBe(refunded.sn);
    expect(await lineCount(number)).toBe(1);

    // the order search: no sideways scroll, the Created column and the last row's date in view
    await admin.goto(`${shop().url}/console/orders`);
    await admin.getByTestId(`order-row-${waiting.sn}`).waitFor();
    const table = admin.getByTestId('order-search-table');
    const overflow = await table.evaluate((element) => {
      const scroller = element.querySelector('.ant-table-content') ?? element;
      return { table: scroller.scrollWidth - scroller.clientWidth, page: document.documentElement.scrollWidth - window.innerWidth };
    });
    expect(overflow).toEqual({ table: 0, page: 0 });
    const created = admin.locator('.ant-table-thead th').filter({ hasText: /^Created$/ });
    expect(await inViewport(created)).toBe(true);
    expect(await inViewport(admin.getByTestId(`order-row-${waiting.sn}`).locator('td').last())).toBe(true);
  });

  /** A player signed in from the game, with a role the sandbox game server knows (named `roleName`). */
  async function playerWithRole(roleId: string, roleName: string): Promise<string> {
    const registered = await fetch(`${shop().url}/sandbox/game-server/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ appId: 10030, gameId: `acc-${roleId}`, roles: [{ roleId, roleName, level: 12, serverId: '10001', serverName: 'S10001 - Demo' }] }),
    });
    expect(registered.status).toBe(201);
    const login = await shop().api<{ token: string }>('POST', '/api/user/inapp/quick/login', { body: { appId: 10030, roleId, serverId: '10001', accountId: `acc-${roleId}`, userLevel: 12 } });
    expect(login.code, login.message).toBe(200);
    return login.data.token;
  }

  async function setDeliveriesFailing(failing: boolean): Promise<void> {
    const response = await fetch(`${shop().url}/sandbox/game-server/control`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ failDeliveries: failing }) });
    expect(response.status).toBe(200);
  }

  /** A gem pack bought with PayPal (the sandbox's Pay pressed): its delivery then fails while the game server refuses. */
  async function paidOrder(token: string): Promise<{ id: number; sn: string }> {
    const roles = await shop().api<{ id: number }[]>('POST', '/api/v1/role/list', { token, body: { appId: 10030 } });
    const channels = await shop().api<{ payMethodId: string; thirdChannelId: string; thirdChannelName: string }[]>('POST', '/api/v1/pay/channel/list/10030/US');
    const paypal = channels.data.find((channel) => channel.thirdChannelName === 'paypal')!;
    const created = await shop().api<{ orderId: number; orderSn: string; thirdPayResponse: string }>('POST', '/api/v1/order/product/create', {
      token,
      body: { appId: 10030, gameAccountId: roles.data[0]!.id, productId: 1012, quantity: 1, payMethodId: paypal.payMethodId, thirdChannelId: paypal.thirdChannelId },
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
    return { id: created.data.orderId, sn: created.data.orderSn };
  }

  async function consoleApi<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ code: number; data: T }> {
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const response = await fetch(shop().url + path, {
      method,
      headers: { cookie, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    return (await response.json()) as { code: number; data: T };
  }

  async function orderStatus(page: Page, id: number): Promise<number> {
    const detail = await consoleApi<{ order: { status: number } }>(page, 'GET', `/api/console/v1/orders/${id}`);
    return detail.data.order.status;
  }
});

/** How many lines an element's text takes on screen (its text's boxes, by their tops). */
function lineCount(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top))).size;
  });
}

/** Whether the whole element lies inside the window (not cut at its right edge or beyond it). */
function inViewport(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return rect.width > 0 && rect.left >= 0 && rect.right <= window.innerWidth;
  });
}

/** Whether something else is drawn over the element's middle (a neighbouring column, a fixed column's shadow). */
function coveredAt(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const top = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return !top || !element.contains(top);
  });
}
