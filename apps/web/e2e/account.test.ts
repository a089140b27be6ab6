import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_PASSWORD as PASSWORD, chromiumAvailable, launchBrowser, registerByEmail, savedToken, startShop, voucherLink, type ShopAndBrowser, pickCountry } from './harness.ts';
import { codeFromOutbox, newCodeFromOutbox, requestCode } from './verification.ts';

const enabled = chromiumAvailable();
const SECRET_10030 = 'e2e-launch-secret-of-10030';

/** A fresh UK mobile number in a valid range. */
const ukMobile = (salt: number) => `7400${String(Date.now() + salt).slice(-6)}`;

describe.skipIf(!enabled)('profile, password, phone and e-mail changes in Chromium', () => {
  const ctx = {} as ShopAndBrowser;
  beforeAll(async () => {
    // several codes go to one address within a minute in these flows: no server-side resend wait here
    ctx.shop = await startShop({ CODE_RESEND_SECONDS: '0' });
    ctx.browser = await launchBrowser();
  });
  afterAll(async () => {
    await ctx.browser?.close();
    await ctx.shop?.stop();
  });

  it('sends guests to login and back where they were; links and changes phone, e-mail and password; logs out', async () => {
    const email = `acct-${Date.now().toString(36)}@example.com`;
    const page = await ctx.browser.newPage();
    await page.goto(`${ctx.shop.url}/login/registerAccount?redirect=${encodeURIComponent('/my')}`);
    await registerByEmail(page, ctx.shop.url, email);
    await page.getByTestId('my-page').waitFor();
    await expect.poll(() => page.getByTestId('my-account').textContent()).toBe(`${email.slice(0, 2)}***@example.com`);
    expect(await page.getByTestId('my-balance').textContent()).toBe('Voucher balance: 0');

    // log out: the session ends on the server too
    const before = await savedToken(page);
    await page.getByTestId('logout').click();
    await page.getByTestId('login-page').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect((await ctx.shop.api('GET', '/api/user/info', { token: before })).code).toBe(401);

    // a guest on a login-required screen logs in and comes back to it
    await page.goto(`${ctx.shop.url}/my/personalCenter`);
    await page.getByTestId('login-page').waitFor();
    await page.getByTestId('email').fill(email);
    await page.getByTestId('password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('personal-center-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/my/personalCenter');
    await expect.poll(() => page.getByTestId('profile-mobile').textContent()).toBe('Not linked');

    // back-button rules: BindPhone -> PersonalCenter, replacing the screen left, so the browser's Back does not return to it
    await page.getByTestId('to-bind-phone').click();
    await page.getByTestId('bind-mobile-page').waitFor();
    await page.getByTestId('back').click();
    await page.getByTestId('personal-center-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/my/personalCenter');
    await page.goBack();
    await page.getByTestId('personal-center-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/my/personalCenter');
    expect(await page.getByTestId('bind-mobile-page').count()).toBe(0);

    // link a first phone: only the new number needs a code
    const first = ukMobile(1);
    await page.getByTestId('to-bind-phone').click();
    await page.getByTestId('bind-mobile-page').waitFor();
    await pickCountry(page, 'dial-code', 'GB');
    await page.getByTestId('mobile').fill(first);
    await requestCode(page);
    await page.getByTestId('code').fill('000000');
    await page.getByTestId('bind-submit').click();
    await page.getByText('SMS Code Invalid').waitFor();
    await page.getByTestId('code').fill(await codeFromOutbox(ctx.shop.url, `+44${first}`));
    await page.getByTestId('bind-submit').click();
    await page.getByTestId('personal-center-page').waitFor();
    await expect.poll(() => page.getByTestId('profile-mobile').textContent()).toBe(`+44 ${first.slice(0, 3)}****${first.slice(-3)}`);

    // change it: verify the current number first, then bind the new one
    const second = ukMobile(2);
    await page.getByTestId('to-change-phone').click();
    await page.getByTestId('change-mobile-page').waitFor();
    expect(await page.getByTestId('current-contact').textContent()).toContain('+44 ');
    const seen = [await codeFromOutbox(ctx.shop.url, `+44${first}`)];
    await requestCode(page);
    await page.getByTestId('code').fill(await newCodeFromOutbox(ctx.shop.url, `+44${first}`, seen));
    await page.getByTestId('verify-submit').click();
    await page.getByTestId('bind-new').waitFor();
    await pickCountry(page, 'dial-code', 'GB');
    await page.getByTestId('mobile').fill(second);
    await requestCode(page);
    await page.getByTestId('code').fill(await codeFromOutbox(ctx.shop.url, `+44${second}`));
    await page.getByTestId('bind-submit').click();
    await page.getByTestId('personal-center-page').waitFor();
    await expect.poll(() => page.getByTestId('profile-mobile').textContent()).toContain(second.slice(-3));
    const token = await savedToken(page);
    expect((await ctx.shop.api<{ mobile: string }>('GET', '/api/user/info', { token })).data.mobile).toBe(`+44${second}`);

    // change the e-mail the same way
    const newEmail = `moved-${Date.now().toString(36)}@example.com`;
    await page.getByTestId('to-change-email').click();
    await page.getByTestId('change-email-page').waitFor();
    const registerCode = await codeFromOutbox(ctx.shop.url, email);
    await requestCode(page);
    await page.getByTestId('code').fill(await newCodeFromOutbox(ctx.shop.url, email, [registerCode]));
    await page.getByTestId('verify-submit').click();
    await page.getByTestId('bind-new').waitFor();
    await page.getByTestId('email').fill(`  ${newEmail}  `);
    await requestCode(page);
    await page.getByTestId('code').fill(await codeFromOutbox(ctx.shop.url, newEmail));
    await page.getByTestId('bind-submit').click();
    await page.getByTestId('personal-center-page').waitFor();
    await expect.poll(() => page.getByTestId('profile-email').textContent()).toBe(`${newEmail.slice(0, 2)}***@example.com`);

    // back-button rules: ChangeEmail -> PersonalCenter, and the browser's Back after it stays off ChangeEmail
    await page.getByTestId('to-change-email').click();
    await page.getByTestId('change-email-page').waitFor();
    await page.getByTestId('back').click();
    await page.getByTestId('personal-center-page').waitFor();
    await page.goBack();
    await page.getByTestId('personal-center-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/my/personalCenter');
    expect(await page.getByTestId('change-email-page').count()).toBe(0);

    // back-button rules: ChangePhone -> PersonalCenter -> My
    await page.getByTestId('to-change-phone').click();
    await page.getByTestId('change-mobile-page').waitFor();
    await page.getByTestId('back').click();
    await page.getByTestId('personal-center-page').waitFor();

    // change the password: the form's own checks, the server's answer for a wrong current password, then success
    await page.getByTestId('to-change-password').click();
    await page.getByTestId('change-password-page').waitFor();
    await page.getByTestId('change-password-submit').click();
    await page.getByText('Missing required information').waitFor();
    await page.getByTestId('old-password').fill('wrong-password-1');
    await page.getByTestId('password').fill(`${PASSWORD}-2`);
    await page.getByTestId('confirm-password').fill(`${PASSWORD}-3`);
    await page.getByTestId('change-password-submit').click();
    expect(await page.getByTestId('password-match').textContent()).toBe('Passwords do not match');
    await page.getByTestId('form-error').getByText('Passwords do not match').waitFor();
    await page.getByTestId('confirm-password').fill(`${PASSWORD}-2`);
    await page.getByTestId('change-password-submit').click();
    await page.getByText('The current password is incorrect').waitFor();
    expect(new URL(page.url()).pathname).toBe('/my/changePassword');
    await page.getByTestId('old-password').fill(PASSWORD);
    await page.getByTestId('change-password-submit').click();
    await page.getByText('Your password has been changed.').waitFor();
    await page.getByTestId('personal-center-page').waitFor();
    // this session goes on with fresh tokens; the old one ended
    const fresh = await savedToken(page);
    expect((await ctx.shop.api('GET', '/api/user/info', { token: fresh })).code).toBe(200);
    expect((await ctx.shop.api('GET', '/api/user/info', { token })).code).toBe(401);

    await page.getByTestId('back').click();
    await page.getByTestId('my-page').waitFor();
    await page.getByTestId('logout').click();
    await page.getByTestId('login-page').waitFor();
    await page.getByTestId('email').fill(newEmail);
    await page.getByTestId('password').fill(`${PASSWORD}-2`);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await savedToken(page);
    await page.close();
  });

  it('logging out with an expired access token still ends the session on the server', async () => {
    const page = await ctx.browser.newPage();
    await page.goto(voucherLink(ctx.shop, { roleId: `expired-${Date.now()}` }));
    const before = await savedToken(page);
    await page.goto(`${ctx.shop.url}/my`);
    await page.getByTestId('my-page').waitFor();
    // the saved record says the access token is past its lifetime (the server would still take it)
    await page.evaluate(() => {
      const record = JSON.parse(localStorage.getItem('token')!);
      localStorage.setItem('token', JSON.stringify({ ...record, time: 0 }));
    });
    await page.getByTestId('logout').click();
    await page.getByTestId('login-page').waitFor();
    expect(await page.getByText('Your session has expired. Please refresh to continue.').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect((await ctx.shop.api('GET', '/api/user/info', { token: before })).code).toBe(401);
    await page.close();
  });

  it('a change screen for a contact the account lacks offers to link one instead', async () => {
    const page = await ctx.browser.newPage();
    // a quick-login player has neither e-mail nor phone
    await page.goto(voucherLink(ctx.shop, { roleId: `nocontact-${Date.now()}` }));
    await savedToken(page);
    await page.goto(`${ctx.shop.url}/my/changeEmail`);
    await page.getByTestId('bind-email-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/my/bindEmail');
    // back-button rules: BindEmail -> PersonalCenter
    await page.getByTestId('back').click();
    await page.getByTestId('personal-center-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/my/personalCenter');
    await expect.poll(() => page.getByTestId('profile-password').textContent()).toMatch(/^Not set/);
    expect(await page.getByTestId('to-change-password').count()).toBe(0);
    await page.goto(`${ctx.shop.url}/my`);
    await expect.poll(() => page.getByTestId('my-account').textContent()).toBe('Game player');
    await page.close();
  });
});

describe.skipIf(!enabled)('dynamic-token login with the feature switched on', () => {
  const ctx = {} as ShopAndBrowser;
  beforeAll(async () => {
    ctx.shop = await startShop({ FEATURE_OTP_LOGIN: 'true', GAME_LAUNCH_SECRETS: JSON.stringify({ 10030: SECRET_10030 }) });
    ctx.browser = await launchBrowser();
  });
  afterAll(async () => {
    await ctx.browser?.close();
    await ctx.shop?.stop();
  });

  /** The token a game shows in its settings (format in packages/contract/src/account.ts). */
  function dynamicToken(roleId: string) {
    const body = Buffer.from(
      JSON.stringify({ appId: 10030, accountId: `acc-${roleId}`, roleId, serverId: '10001', exp: Math.floor(Date.now() / 1000) + 300, nonce: randomUUID() }),
    ).toString('base64url');
    return `${body}.${createHmac('sha256', SECRET_10030).update(body).digest('hex')}`;
  }

  it('shows the role a token opens, logs in once with it, and explains where the token is', async () => {
    const page = await ctx.browser.newPage();
    await page.goto(`${ctx.shop.url}/login?redirect=%2Fmy`);
    await page.getByTestId('login-page').waitFor();
    expect(await page.getByRole('tab').allTextContents()).toEqual(['Dynamic token', 'E-mail']);
    await page.getByTestId('to-dynamic-help').click();
    await page.getByTestId('dynamic-help-page').waitFor();
    expect(await page.locator('ol li').count()).toBe(4);
    await page.getByTestId('back').click();
    await page.getByTestId('login-page').waitFor();

    await page.goto(`${ctx.shop.url}/login?redirect=%2Fmy`);
    await page.getByTestId('otp-submit').click();
    await page.getByText('Missing required information').waitFor();
    await page.getByTestId('dynamic-token').fill('garbage');
    await page.getByTestId('otp-submit').click();
    await page.getByText(/dynamic token is invalid/).waitFor();
    // what the contract refuses (too long, a NUL) gets the same message from the form, without a request
    const asked: string[] = [];
    page.on('request', (request) => void (request.url().includes('/api/user/dynamic/') && asked.push(request.url())));
    for (const refused of ['x'.repeat(3000), 'abc\u0000def']) {
      await page.getByTestId('dynamic-token').fill(refused);
      await page.getByTestId('otp-submit').click();
      await expect.poll(() => page.getByTestId('form-error').textContent()).toMatch(/dynamic token is invalid/);
      await page.getByTestId('dynamic-token').fill('');
      await page.getByTestId('otp-submit').click();
      await expect.poll(() => page.getByTestId('form-error').textContent()).toBe('Missing required information');
    }
    expect(asked).toEqual([]);

    const roleId = `otp-${Date.now()}`;
    const token = dynamicToken(roleId);
    await page.getByTestId('dynamic-token').fill(token);
    await page.getByTestId('otp-submit').click();
    await expect.poll(() => page.getByTestId('dynamic-role').textContent()).toContain(roleId);
    await page.getByTestId('otp-submit').click();
    await page.getByTestId('my-page').waitFor();
    await expect.poll(() => page.getByTestId('my-role').textContent()).toContain(roleId);

    // the token is used up
    const again = await ctx.shop.api('POST', '/api/user/dynamic/10030/login', { body: { token } });
    expect(again.code).toBe(400);
    await page.close();
  });
});
