import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { E2E_PASSWORD as PASSWORD, chromiumAvailable, launchBrowser, registerByEmail, savedToken, startShop, type ShopAndBrowser, pickCountry, pickerCount, pickerOptions, pickerValue } from './harness.ts';
import { codeFromOutbox, dragTo, piecePosition } from './verification.ts';

const enabled = chromiumAvailable();

/** A saved player of a game (what the voucher page keeps as `uinfo`): the login screen's tabs follow its appId. */
async function asPlayerOf(page: Page, appId: number) {
  await page.addInitScript((id) => {
    localStorage.setItem('uinfo', JSON.stringify({ appId: id, roleId: 'r1', serverId: '10001', accountId: 'a1', userLevel: 1 }));
  }, appId);
}

describe.skipIf(!enabled)('login, register and forgotten password in Chromium', () => {
  // the register and the reset code go to the same address within a minute: no server-side resend wait here
  const ctx = {} as ShopAndBrowser;
  beforeAll(async () => {
    ctx.shop = await startShop({ CODE_RESEND_SECONDS: '0' });
    ctx.browser = await launchBrowser();
  });
  afterAll(async () => {
    await ctx.browser?.close();
    await ctx.shop?.stop();
  });

  it('shows the login methods of the game: 10030 e-mail only (otp is off), 10002 e-mail and mobile', async () => {
    const page = await ctx.browser.newPage();
    await page.goto(`${ctx.shop.url}/login`);
    await page.getByTestId('login-page').waitFor();
    expect(await page.getByRole('tab').allTextContents()).toEqual(['E-mail']);
    await page.close();

    const other = await ctx.browser.newPage();
    await asPlayerOf(other, 10002);
    await other.goto(`${ctx.shop.url}/login`);
    await other.getByTestId('login-page').waitFor();
    expect(await other.getByRole('tab').allTextContents()).toEqual(['E-mail', 'Mobile']);
    await other.getByTestId('tab-mobile').click();
    await other.getByTestId('dial-code').waitFor();
    // ~250 countries from GET /common/countries, with their calling codes
    await expect.poll(() => pickerCount(other, 'dial-code')).toBeGreaterThan(200);
    // territories without a calling code (Antarctica, Bouvet Island…) are no choice for a phone number
    const dialCodes = await pickerOptions(other, 'dial-code');
    for (const noDialCode of ['AQ', 'BV', 'HM', 'TF', 'UM']) expect(dialCodes.filter((option) => option.code === noDialCode)).toEqual([]);
    expect(dialCodes.filter((option) => !/\+\d/.test(option.text))).toEqual([]);
    await other.getByTestId('mobile').fill('123');
    await other.getByTestId('password').fill(PASSWORD);
    await other.getByTestId('login-submit').click();
    await other.getByText('Invalid number').waitFor();
    await other.close();
  });

  it('takes the game from ?appId= before the saved one and offers a choice of game; register follows the game', async () => {
    // a 10002 player arriving cold: nothing saved, the game only in the link
    const page = await ctx.browser.newPage();
    await page.goto(`${ctx.shop.url}/login?appId=10002`);
    await page.getByTestId('login-page').waitFor();
    expect(await page.getByRole('tab').allTextContents()).toEqual(['E-mail', 'Mobile']);
    expect(await page.getByTestId('game-choice').textContent()).toContain('Myth Wars & Puzzles');
    expect(await page.getByTestId('game-10002').isChecked()).toBe(true);

    // choosing the other game switches the tabs (10030: e-mail, otp being off) and keeps the game in the query
    await page.getByTestId('game-10030').check();
    await expect.poll(() => page.getByRole('tab').allTextContents()).toEqual(['E-mail']);
    expect(new URL(page.url()).searchParams.get('appId')).toBe('10030');
    await page.getByTestId('to-register').click();
    await page.getByTestId('register-page').waitFor();
    expect(new URL(page.url()).searchParams.get('appId')).toBe('10030');
    expect(await page.getByRole('tab').allTextContents()).toEqual(['E-mail']);
    await page.getByTestId('back').click();
    await page.getByTestId('login-page').waitFor();
    expect(await page.getByTestId('game-10030').isChecked()).toBe(true);

    await page.getByTestId('game-10002').check();
    await expect.poll(() => page.getByRole('tab').allTextContents()).toEqual(['E-mail', 'Mobile']);
    await page.getByTestId('tab-mobile').click();
    await page.getByTestId('dial-code').waitFor();
    // back to 10030, which has no mobile login: its first tab
    await page.getByTestId('game-10030').check();
    await expect.poll(() => page.getByRole('tab').allTextContents()).toEqual(['E-mail']);
    await page.getByTestId('email').waitFor();
    await page.getByTestId('game-10002').check();
    await page.getByTestId('to-register').click();
    await page.getByTestId('register-page').waitFor();
    expect(await page.getByRole('tab').allTextContents()).toEqual(['E-mail', 'Mobile']);
    await page.getByTestId('back').click();
    await page.getByTestId('to-forget').click();
    await page.getByTestId('forget-page').waitFor();
    expect(new URL(page.url()).searchParams.get('appId')).toBe('10002');
    await page.getByTestId('back').click();
    await page.getByTestId('login-page').waitFor();
    expect(await page.getByTestId('game-10002').isChecked()).toBe(true);
    await page.close();

    // the link's game wins over the saved player's; an unknown game is ignored
    const saved10002 = await ctx.browser.newPage();
    await asPlayerOf(saved10002, 10002);
    await saved10002.goto(`${ctx.shop.url}/login?appId=10030`);
    await saved10002.getByTestId('login-page').waitFor();
    expect(await saved10002.getByRole('tab').allTextContents()).toEqual(['E-mail']);
    await saved10002.goto(`${ctx.shop.url}/login?appId=12345`);
    await saved10002.getByTestId('login-page').waitFor();
    expect(await saved10002.getByRole('tab').allTextContents()).toEqual(['E-mail', 'Mobile']);
    await saved10002.close();
  });

  it('brings a guest back to the page he came from through register, forgot password and login (e-mail login for game 10002)', async () => {
    const email = `back-${Date.now().toString(36)}@example.com`;
    const page = await ctx.browser.newPage();
    // a guest on a login-required screen registers from the login screen and lands back on it
    await page.goto(`${ctx.shop.url}/my/personalCenter`);
    await page.getByTestId('login-page').waitFor();
    expect(new URL(page.url()).search).toBe('?redirect=%2Fmy%2FpersonalCenter');
    await page.getByTestId('to-register').click();
    await registerByEmail(page, ctx.shop.url, email);
    await page.getByTestId('personal-center-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/my/personalCenter');
    await page.evaluate(() => localStorage.removeItem('token'));

    // as a guest again: to Register and back, to Forgot password and back, then log in for game 10002 by e-mail
    await page.goto(`${ctx.shop.url}/my/personalCenter`);
    await page.getByTestId('login-page').waitFor();
    await page.getByTestId('game-10002').check();
    await expect.poll(() => new URL(page.url()).search).toBe('?redirect=%2Fmy%2FpersonalCenter&appId=10002');
    await page.getByTestId('to-register').click();
    await page.getByTestId('register-page').waitFor();
    expect(new URL(page.url()).search).toBe('?redirect=%2Fmy%2FpersonalCenter&appId=10002');
    await page.getByTestId('back').click();
    await page.getByTestId('login-page').waitFor();
    expect(new URL(page.url()).search).toBe('?redirect=%2Fmy%2FpersonalCenter&appId=10002');
    await page.getByTestId('to-forget').click();
    await page.getByTestId('forget-page').waitFor();
    expect(new URL(page.url()).search).toBe('?redirect=%2Fmy%2FpersonalCenter&appId=10002');
    await page.getByTestId('back').click();
    await page.getByTestId('login-page').waitFor();
    expect(await page.getByRole('tab').allTextContents()).toEqual(['E-mail', 'Mobile']);
    await page.getByTestId('email').fill(email);
    await page.getByTestId('password').fill(PASSWORD);
    const login = page.waitForRequest((request) => request.url().endsWith('/api/user/login'));
    await page.getByTestId('login-submit').click();
    expect((await login).postDataJSON()).toMatchObject({ loginType: 1, email, appId: 10002 });
    await page.getByTestId('personal-center-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/my/personalCenter');
    expect((await ctx.shop.api<{ email: string }>('GET', '/api/user/info', { token: await savedToken(page) })).data.email).toBe(email);
    await page.close();
  });

  it('a body code 401 sends the player to login with the page as return target; a foreign return target is ignored', async () => {
    const email = `unauth-${Date.now().toString(36)}@example.com`;
    const page = await ctx.browser.newPage();
    await page.goto(`${ctx.shop.url}/login/registerAccount`);
    await registerByEmail(page, ctx.shop.url, email);
    await page.waitForURL(/\/home$/);

    // a token the server no longer takes (the session was ended elsewhere): the profile's first call answers 401
    const ended = await savedToken(page);
    expect((await ctx.shop.api('POST', '/api/user/logout', { token: ended, body: {} })).code).toBe(200);
    await page.goto(`${ctx.shop.url}/my/personalCenter?tab=1`);
    await page.waitForURL(/\/login\?/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/my/personalCenter?tab=1');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.getByTestId('email').fill(email);
    await page.getByTestId('password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('personal-center-page').waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/my/personalCenter?tab=1');

    // an absolute or protocol-relative return target is not followed (no open redirect) and not handed on
    for (const foreign of ['https://evil.example/steal', '//evil.example/steal', '/\\evil.example/steal']) {
      await page.evaluate(() => localStorage.removeItem('token'));
      await page.goto(`${ctx.shop.url}/login?redirect=${encodeURIComponent(foreign)}`);
      await page.getByTestId('login-page').waitFor();
      expect(await page.getByTestId('to-register').getAttribute('href')).toBe('/login/registerAccount');
      await page.getByTestId('email').fill(email);
      await page.getByTestId('password').fill(PASSWORD);
      await page.getByTestId('login-submit').click();
      await page.waitForURL(`${ctx.shop.url}/home`);
    }
    await page.close();
  });

  it('checks the form before sending and shows the server message for a wrong account', async () => {
    const page = await ctx.browser.newPage();
    await page.goto(`${ctx.shop.url}/login`);
    await page.getByTestId('login-submit').click();
    await page.getByText('Missing required information').waitFor();
    await page.getByTestId('email').fill('not-an-address');
    await page.getByTestId('password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByText('Invalid Email').waitFor();
    await page.getByTestId('email').fill('nobody@example.com');
    await page.getByTestId('password').fill('short');
    await page.getByTestId('login-submit').click();
    await page.getByText('Password Invalid').waitFor();
    await page.getByTestId('password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByText('Invalid Account').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.close();
  });

  it('register: validation, user agreement, captcha on get code, back to login', async () => {
    const page = await ctx.browser.newPage();
    await page.goto(`${ctx.shop.url}/login`);
    await page.getByTestId('to-register').click();
    await page.getByTestId('register-page').waitFor();
    // game 10030 (the default) logs in by e-mail only: no Mobile registration it could not log in with
    expect(await page.getByRole('tab').allTextContents()).toEqual(['E-mail']);
    // the country/region picker still lists the territories without a calling code
    expect((await pickerOptions(page, 'country')).filter((option) => option.code === 'AQ')).toHaveLength(1);
    await page.getByTestId('email').fill('new-player@example.com');
    await page.getByTestId('code').fill('12345');
    await page.getByTestId('register-submit').click();
    // an e-mail code is not an SMS code
    await page.getByTestId('form-error').getByText('Verification code invalid or incorrect').waitFor();
    await page.getByTestId('code').fill('123456');
    await page.getByTestId('password').fill(PASSWORD);
    await page.getByTestId('confirm-password').fill(`${PASSWORD}x`);
    await page.getByTestId('register-submit').click();
    expect(await page.getByTestId('password-match').textContent()).toBe('Passwords do not match');
    await page.getByTestId('form-error').getByText('Passwords do not match').waitFor();
    await page.getByTestId('confirm-password').fill(PASSWORD);
    expect(await page.getByTestId('password-match').textContent()).toBe('Passwords match');
    await page.getByTestId('register-submit').click();
    await page.getByText('Please accept the user agreement first').waitFor();

    // the code is only sent behind the slide puzzle; a miss uses the puzzle up and a new one comes
    await page.getByTestId('get-code').click();
    await page.getByTestId('captcha').waitFor();
    await page.getByTestId('captcha-piece').waitFor();
    const first = await page.getByTestId('captcha-piece').getAttribute('src');
    await dragTo(page, 0);
    await page.getByText('Verification failed, please try again.').waitFor();
    const piece = page.getByTestId('captcha-piece');
    await expect.poll(async () => ((await piece.count()) ? piece.getAttribute('src') : first)).not.toBe(first);
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('captcha').waitFor({ state: 'detached' });

    // back-button rules: RegisterAccount and ForgetPassword go to Login, replacing themselves, so the browser's Back
    // afterwards does not return to them
    await page.getByTestId('back').click();
    await page.getByTestId('login-page').waitFor();
    await page.goBack();
    await page.getByTestId('login-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.getByTestId('register-page').count()).toBe(0);
    await page.getByTestId('to-forget').click();
    await page.getByTestId('forget-page').waitFor();
    await page.getByTestId('email').fill('new-player@example.com');
    await page.getByTestId('code').fill('abc');
    await page.getByTestId('password').fill(PASSWORD);
    await page.getByTestId('confirm-password').fill(PASSWORD);
    await page.getByTestId('reset-submit').click();
    await page.getByTestId('form-error').getByText('Verification code invalid or incorrect').waitFor();
    await page.getByTestId('back').click();
    await page.getByTestId('login-page').waitFor();
    await page.goBack();
    await page.getByTestId('login-page').waitFor();
    expect(await page.getByTestId('forget-page').count()).toBe(0);
    await page.close();
  });

  it('registers by e-mail through the puzzle and the outbox code, resets the password and logs in', async () => {
    const email = `reg-${Date.now().toString(36)}@example.com`;
    const page = await ctx.browser.newPage();
    await page.goto(`${ctx.shop.url}/login/registerAccount?redirect=%2Fvoucher-instructions`);
    await pickCountry(page, 'country', 'DE');
    await page.getByTestId('email').fill(email);
    await page.getByTestId('get-code').click();
    await page.getByTestId('captcha-piece').waitFor();
    const verified = page.waitForResponse((response) => response.url().endsWith('/api/common/captcha/verify'));
    await dragTo(page, await piecePosition(page));
    // "Verification successful" (its toast stays on screen next to "Verification code successfully sent.")
    const verification = await verified;
    expect(await verification.json()).toMatchObject({ code: 200, message: 'Verification successful' });
    // the real drag goes along: one point at the press, one per pointer move, the last where the piece was let go;
    // x in background pixels like the answer's x, y the drift from the press, t ms since the press
    const sent = verification.request().postDataJSON() as { x: number; track: { x: number; y: number; t: number }[] };
    expect(sent.track.length).toBeGreaterThanOrEqual(14); // press + 12 moves + release
    expect(sent.track[0]).toEqual({ x: 0, y: 0, t: 0 });
    expect(sent.track.at(-1)!.x).toBe(sent.x);
    for (const [i, point] of sent.track.entries()) {
      expect(point).toEqual({ x: expect.any(Number), y: expect.any(Number), t: expect.any(Number) });
      if (i > 0) expect(point.t).toBeGreaterThanOrEqual(sent.track[i - 1]!.t);
    }
    // the test's mouse wobbles by a pixel: the track shows it, it is not a drawn straight line
    expect(new Set(sent.track.map((point) => point.y)).size).toBeGreaterThan(1);
    await page.getByTestId('captcha').waitFor({ state: 'detached' });
    await page.getByText('Verification code successfully sent.').waitFor();
    await expect.poll(() => page.getByTestId('get-code').textContent()).toMatch(/^Resend \(\d+ s\)$/);
    expect(await page.getByTestId('get-code').isDisabled()).toBe(true);
    const code = await codeFromOutbox(ctx.shop.url, email);
    await page.getByTestId('code').fill(code);
    await page.getByTestId('password').fill(PASSWORD);
    await page.getByTestId('confirm-password').fill(PASSWORD);
    await page.getByTestId('agree').check();
    await page.getByTestId('register-submit').click();
    await page.waitForURL(/\/voucher-instructions$/);
    const token = await savedToken(page);
    const info = await ctx.shop.api<{ email: string; countryCode: string }>('GET', '/api/user/info', { token });
    expect(info.data).toMatchObject({ email, countryCode: 'DE' });
    const record = await page.evaluate(() => JSON.parse(localStorage.getItem('token')!));
    expect(record).toMatchObject({ data: { token, refreshToken: expect.any(String), expiresIn: expect.any(Number) }, maxAge: record.data.expiresIn * 1000 });

    // forgotten password: same puzzle and code flow, purpose ForgetPassword
    // the guest came from a page he wants back to: the reset and the login keep it
    await page.evaluate(() => localStorage.removeItem('token'));
    await page.goto(`${ctx.shop.url}/login/forgetPassword?redirect=%2Fvoucher-instructions`);
    await page.getByTestId('email').fill(email);
    await page.getByTestId('get-code').click();
    await page.getByTestId('captcha-piece').waitFor();
    await dragTo(page, await piecePosition(page));
    await page.getByTestId('captcha').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('get-code').isDisabled()).toBe(true);
    const deadline = Date.now() + 10_000;
    let resetCode = code;
    while (resetCode === code && Date.now() < deadline) {
      resetCode = await codeFromOutbox(ctx.shop.url, email);
      if (resetCode === code) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(resetCode).not.toBe(code);
    const newPassword = `${PASSWORD}-new`;
    await page.getByTestId('code').fill(resetCode);
    await page.getByTestId('password').fill(newPassword);
    await page.getByTestId('confirm-password').fill(newPassword);
    await page.getByTestId('reset-submit').click();
    await page.getByTestId('login-page').waitFor();
    expect(new URL(page.url()).search).toBe('?redirect=%2Fvoucher-instructions');

    await page.getByTestId('email').fill(` ${email} `);
    await page.getByTestId('password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByText('Invalid Account').waitFor();
    await page.getByTestId('password').fill(newPassword);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/voucher-instructions$/);
    const loggedIn = await savedToken(page);
    expect((await ctx.shop.api<{ email: string }>('GET', '/api/user/info', { token: loggedIn })).data.email).toBe(email);
    await page.close();
  });

  it('registers by phone (UK) and logs in with the mobile tab of game 10002', async () => {
    const number = `7400${String(Date.now()).slice(-6)}`; // a valid UK mobile range, as the API tests use
    const page = await ctx.browser.newPage();
    await asPlayerOf(page, 10002);
    await page.goto(`${ctx.shop.url}/login/registerAccount?redirect=%2Fvoucher-instructions`);
    await page.getByTestId('tab-mobile').click();
    // the country/region also picks the calling code
    await pickCountry(page, 'country', 'GB');
    expect(await pickerValue(page, 'dial-code')).toBe('GB');
    await page.getByTestId('mobile').fill(number.replace(/^(\d{4})/, '$1 '));
    await page.getByTestId('get-code').click();
    await page.getByTestId('captcha-piece').waitFor();
    await dragTo(page, await piecePosition(page));
    await page.getByTestId('captcha').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('get-code').isDisabled()).toBe(true);
    await page.getByTestId('code').fill(await codeFromOutbox(ctx.shop.url, `+44${number}`));
    await page.getByTestId('password').fill(PASSWORD);
    await page.getByTestId('confirm-password').fill(PASSWORD);
    await page.getByTestId('agree').check();
    await page.getByTestId('register-submit').click();
    await page.waitForURL(/\/voucher-instructions$/);
    const registered = await savedToken(page);
    const info = await ctx.shop.api<{ mobile: string; countryCode: string }>('GET', '/api/user/info', { token: registered });
    expect(info.data).toMatchObject({ mobile: `+44${number}`, countryCode: 'GB' });

    await page.evaluate(() => localStorage.removeItem('token'));
    await page.goto(`${ctx.shop.url}/login?redirect=%2Fvoucher-instructions`);
    await page.getByTestId('tab-mobile').click();
    await pickCountry(page, 'dial-code', 'GB');
    await page.getByTestId('mobile').fill(number);
    await page.getByTestId('password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/voucher-instructions$/);
    const loggedIn = await savedToken(page);
    expect((await ctx.shop.api<{ mobile: string }>('GET', '/api/user/info', { token: loggedIn })).data.mobile).toBe(`+44${number}`);
    await page.close();
  });
});

describe.skipIf(!enabled)('login after many failed attempts from elsewhere (captcha, never a lockout) in Chromium', () => {
  const ctx = {} as ShopAndBrowser;
  beforeAll(async () => {
    // guessers reach the shop "through a proxy" with addresses of their own; the browser comes from 127.0.0.1 directly
    ctx.shop = await startShop({ TRUST_PROXY: '127.0.0.1', LOGIN_CAPTCHA_AFTER_FAILURES: '3' });
    ctx.browser = await launchBrowser();
  });
  afterAll(async () => {
    await ctx.browser?.close();
    await ctx.shop?.stop();
  });

  it('the owner is asked to solve the captcha, then the right password logs in', async () => {
    const email = `guessed-${Date.now()}@example.com`;
    const signup = await ctx.browser.newPage();
    await signup.goto(`${ctx.shop.url}/login/registerAccount`);
    await registerByEmail(signup, ctx.shop.url, email);
    await savedToken(signup);
    await signup.close();

    for (let i = 0; i < 3; i++) {
      const guess = await fetch(`${ctx.shop.url}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i + 1}` },
        body: JSON.stringify({ loginType: 1, email, password: `wrong guess ${i}` }),
      });
      expect(((await guess.json()) as { message: string }).message).toBe('Invalid Account');
    }

    const page = await ctx.browser.newPage();
    await page.goto(`${ctx.shop.url}/login`);
    await page.getByTestId('email').fill(email);
    await page.getByTestId('password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByText('Please complete the verification to log in.').waitFor();
    await page.getByTestId('captcha-piece').waitFor();
    await dragTo(page, await piecePosition(page));
    expect(await savedToken(page)).toBeTruthy();
    await page.close();
  });
});
