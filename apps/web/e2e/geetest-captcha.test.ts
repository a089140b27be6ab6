import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { E2E_PASSWORD, chromiumAvailable, savedToken, useShopAndBrowser, pickerCount } from './harness.ts';
import { codeFromOutbox } from './verification.ts';

const enabled = chromiumAvailable();

/** Resources the page has loaded whose URL contains `part`. */
const loaded = (page: Page, part: string) =>
  page.evaluate((wanted) => performance.getEntriesByType('resource').filter((entry) => entry.name.includes(wanted)).length, part);

/** Solves the sandbox GeeTest's challenge as a person does: the tile showing the prompt's symbol. */
async function pickTheShownSymbol(page: Page, right = true): Promise<void> {
  const widget = page.getByRole('dialog', { name: 'GeeTest sandbox' });
  await widget.locator('.geetest_tile').first().waitFor();
  const symbol = await widget.locator('.geetest_target').textContent();
  const tiles = widget.locator('.geetest_tile');
  const texts = await tiles.allTextContents();
  const index = texts.findIndex((text) => (text === symbol) === right);
  await tiles.nth(index).click();
}

describe.skipIf(!enabled)('GeeTest v4 captcha in Chromium (CAPTCHA_PROVIDER=geetest, sandbox stand-in)', () => {
  const ctx = useShopAndBrowser({ CAPTCHA_PROVIDER: 'geetest' });

  it('registers by e-mail: Get code opens GeeTest, its result buys the code, the code registers', async () => {
    const email = `geetest-${Date.now().toString(36)}@example.com`;
    const page = await ctx.browser.newPage();
    const csp: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'document') csp.push(response.headers()['content-security-policy'] ?? '');
    });
    await page.goto(`${ctx.shop.url}/login/registerAccount?redirect=%2Fvoucher-instructions`);
    await page.getByTestId('register-page').waitFor();
    await expect.poll(() => pickerCount(page, 'country')).toBeGreaterThan(200);
    // GeeTest's script is not part of the page: it loads when the captcha opens
    expect(await loaded(page, '/geetest/v4/gt4.js')).toBe(0);
    expect(csp[0]).toMatch(/script-src [^;]*http:\/\/localhost:\d+/);

    await page.getByTestId('email').fill(email);
    await page.getByTestId('get-code').click();
    await page.getByRole('dialog', { name: 'GeeTest sandbox' }).waitFor();
    expect(await loaded(page, '/geetest/v4/gt4.js')).toBe(1);
    // our own frame made way for GeeTest's window
    await page.getByTestId('captcha').waitFor({ state: 'detached' });

    // a wrong pick: GeeTest shows another challenge in its window, nothing goes to the shop
    const verifyCalls: unknown[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/common/captcha/verify')) verifyCalls.push(request.postDataJSON());
    });
    await pickTheShownSymbol(page, false);
    await page.getByText('Not quite. Try this one.').waitFor();

    const verified = page.waitForResponse((response) => response.url().endsWith('/api/common/captcha/verify'));
    await pickTheShownSymbol(page);
    const answer = await verified;
    expect(await answer.json()).toMatchObject({ code: 200, message: 'Verification successful' });
    expect(verifyCalls).toEqual([
      {
        provider: 'geetest',
        lot_number: expect.stringMatching(/^[0-9a-f]{32}$/),
        captcha_output: expect.any(String),
        pass_token: expect.stringMatching(/^[0-9a-f]{64}$/),
        gen_time: expect.stringMatching(/^\d{10}$/),
      },
    ]);
    await page.getByRole('dialog', { name: 'GeeTest sandbox' }).waitFor({ state: 'detached' });
    await page.getByText('Verification code successfully sent.').waitFor();
    await expect.poll(() => page.getByTestId('get-code').isDisabled()).toBe(true);

    await page.getByTestId('code').fill(await codeFromOutbox(ctx.shop.url, email));
    await page.getByTestId('password').fill(E2E_PASSWORD);
    await page.getByTestId('confirm-password').fill(E2E_PASSWORD);
    await page.getByTestId('agree').check();
    await page.getByTestId('register-submit').click();
    const token = await savedToken(page);
    const info = await ctx.shop.api<{ email: string }>('GET', '/api/user/info', { token });
    expect(info.code).toBe(200);
    expect(JSON.stringify(info.data)).toContain(email.slice(0, 2));
    await page.close();
  });

  it("closing GeeTest's window closes the captcha and sends nothing", async () => {
    const page = await ctx.browser.newPage();
    await page.goto(`${ctx.shop.url}/login/registerAccount`);
    await page.getByTestId('register-page').waitFor();
    await page.getByTestId('email').fill(`closed-${Date.now().toString(36)}@example.com`);
    const captchaCalls: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/(common\/captcha\/verify|user\/getSmsCode)$/.test(request.url())) captchaCalls.push(request.url());
    });
    await page.getByTestId('get-code').click();
    const widget = page.getByRole('dialog', { name: 'GeeTest sandbox' });
    await widget.getByRole('button', { name: 'Close' }).click();
    await widget.waitFor({ state: 'detached' });
    expect(await page.getByTestId('get-code').isEnabled()).toBe(true);
    expect(captchaCalls).toEqual([]);
    // and it opens again
    await page.getByTestId('get-code').click();
    await widget.locator('.geetest_tile').first().waitFor();
    await page.close();
  });
});
