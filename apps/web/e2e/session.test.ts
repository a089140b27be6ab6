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
    expect(record).toMatchObject({ data: { token: expect.any(String), refreshToken: expect.any(String), expiresIn: 7200 }, maxAge: 7_200_000 });
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
});
