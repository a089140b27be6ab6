import { describe, expect, it } from 'vitest';
import { chromiumAvailable, useShopAndBrowser } from '../../web/e2e/harness.ts';
import { consoleLogin, enrol, inviteFirstAdmin } from './operators.ts';

const enabled = chromiumAvailable();

/**
 * The publisher's dashboard in Chromium: a player signed in from the game opens the voucher page (the page view the web
 * shop sends with their token and game), and the admin's dashboard counts them as an active player and a store visitor
 * for today, draws the players chart, and switches to Chinese.
 */
describe.skipIf(!enabled)("the publisher's dashboard in Chromium", () => {
  let adminLink = '';
  const ctx = useShopAndBrowser({}, (env) => {
    adminLink = inviteFirstAdmin(env, 'dashboard@console.test');
  });

  it('shows the period’s players, the funnel and the charts, in English and Chinese', async () => {
    const login = await fetch(`${ctx.shop.url}/api/user/inapp/quick/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ appId: 10030, roleId: '10001001', serverId: '10001', accountId: 'demo-10001', userLevel: 12 }),
    });
    const { data: token } = (await login.json()) as { data: { token: string } };
    const view = await fetch(`${ctx.shop.url}/api/analytics/event`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token.token}` },
      body: JSON.stringify({ name: 'page_view', payload: { path: '/voucher', appId: 10030 } }),
    });
    expect(view.status).toBe(200);

    const operator = await enrol(ctx.browser, adminLink, 'dashboard@console.test', 'admin-password-123');
    const admin = await consoleLogin(ctx.browser, ctx.shop.url, operator);
    const today = new Date().toISOString().slice(0, 10);
    await admin.goto(`${ctx.shop.url}/console/reports/dashboard?from=${today}&to=${today}&appId=10030`);

    const players = admin.getByTestId('dashboard-players');
    const row = (label: string) => players.locator('tr.ant-table-row').filter({ hasText: label }).first();
    await expect.poll(() => row('Active players').innerText(), { timeout: 15_000 }).toMatch(/Active players\s+1\s+0/);
    await expect.poll(() => row('Opened the voucher page or shop').innerText()).toMatch(/\s1\s+0/);
    await expect.poll(() => admin.getByTestId('dashboard-players-chart').locator('svg .recharts-line').count()).toBe(2);
    await expect.poll(() => admin.getByTestId('dashboard-funnel-chart').locator('svg .recharts-bar-rectangle').count()).toBeGreaterThan(0);
    await expect.poll(() => admin.getByTestId('dashboard-split').innerText()).toContain('Country');

    await admin.evaluate(() => localStorage.setItem('console.language', 'zh'));
    await admin.reload();
    await expect.poll(() => players.innerText(), { timeout: 15_000 }).toContain('活跃玩家');
  });
});
