import { describe, expect, it } from 'vitest';
import { chromiumAvailable, savedToken, useShopAndBrowser, voucherLink } from './harness.ts';

const enabled = chromiumAvailable();

describe.skipIf(!enabled)('sessions in Chromium', () => {
  const ctx = useShopAndBrowser();

  it('stores the token record as the spec says and refreshes an expired session from the dialog', async () => {
    const page = await ctx.browser.newPage();
    await page.goto(voucherLink(ctx.shop, { roleId: `sess-${Date.now().toString(36)}` }));
    await page.getByTestId('voucher-card').first().waitFor();
    const before = await savedToken(page);
    const record = await page.evaluate(() => JSON.parse(localStorage.getItem('token')!));
    expect(record).toMatchObject({ data: { token: expect.any(String), refreshToken: expect.any(String), expiresIn: 1800 }, maxAge: 1_800_000 });
    expect(typeof record.time).toBe('number');

    // Age the record past its maxAge: the next protected call must ask before going on.
    await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('token')!);
      stored.time = Date.now() - stored.maxAge - 1000;
      localStorage.setItem('token', JSON.stringify(stored));
    });
    await page.goto(`${ctx.shop.url}/voucher/OrderHistory`);
    await page.getByText('Your session has expired. Please refresh to continue.').waitFor();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByTestId('orders-empty').waitFor();
    const after = await savedToken(page);
    expect(after).not.toBe(before);
    const info = await ctx.shop.api<{ id: number }>('GET', '/api/user/info', { token: after });
    expect(info.code).toBe(200);
    await page.close();
  });

  it('a refresh the server refuses clears the tokens and reloads: the protected screen then goes to login', async () => {
    const page = await ctx.browser.newPage();
    await page.goto(voucherLink(ctx.shop, { roleId: `sess-bad-${Date.now().toString(36)}` }));
    await page.getByTestId('voucher-card').first().waitFor();
    await savedToken(page);
    // an expired record whose refresh token the server never issued
    await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('token')!);
      stored.time = Date.now() - stored.maxAge - 1000;
      stored.data.refreshToken = 'not-a-refresh-token';
      localStorage.setItem('token', JSON.stringify(stored));
    });
    await page.goto(`${ctx.shop.url}/my`);
    await page.getByText('Your session has expired. Please refresh to continue.').waitFor();
    // a mark on this document: a reload starts a new one without it
    await page.evaluate(() => Object.assign(window, { beforeRefresh: true }));
    const refresh = page.waitForResponse((response) => response.url().endsWith('/api/user/refresh/token'));
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Refresh' }).click();
    // refused (the reload follows at once, so only the status is read, not the body)
    expect((await refresh).status()).toBeGreaterThanOrEqual(400);
    await reloaded;
    expect(await page.evaluate(() => 'beforeRefresh' in window)).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // after the reload the guard finds no token: /my goes to login, which brings the player back to /my afterwards
    await page.getByTestId('login-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/my');
    await page.close();
  });
});
