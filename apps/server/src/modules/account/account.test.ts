import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TokenData } from '@shop/contract/auth.schema';
import { CodePurpose } from '@shop/contract/verification';
import { BACKENDS, startShop, type TestShop } from '../../../test/harness.ts';
import { captchaChallenges } from '../../db/schema.ts';
import { signDynamicToken } from './account.service.ts';

const MISSING = /^Missing required information/;
const CODE_INVALID = 'Verification code invalid or incorrect';
const SMS_CODE_INVALID = 'SMS Code Invalid';
const PASSWORD_INVALID = 'Password Invalid';
const MISMATCH = 'Passwords do not match';
const AGREE = 'Please accept the user agreement first';
const INVALID_ACCOUNT = 'Invalid Account';
const NOT_REGISTERED = 'This phone number is not registered. Please register first.';
const SESSION_ENDED = 'Your session has ended. Please log in again.';
const PASSWORD = 'correct horse battery';
const SECRET_10030 = 'launch-secret-10030-for-tests';

/** Lengths of the passwords handed to argon2 (wrapped below): an over-long one must never get there. */
const argon2Inputs = vi.hoisted(() => [] as number[]);
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const argon2 = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...argon2,
    hash: (...args: Parameters<typeof argon2.hash>) => {
      argon2Inputs.push(args[0].length);
      return argon2.hash(...args);
    },
    verify: (...args: Parameters<typeof argon2.verify>) => {
      argon2Inputs.push(args[1].length);
      return argon2.verify(...args);
    },
  };
});

let serial = 0;
const nextMobile = () => `7400${String(200_000 + ++serial).slice(-6)}`;
const nextEmail = () => `account.${++serial}.${Date.now()}@example.com`;
const nextIp = () => `203.0.${Math.floor(++serial / 250) % 250}.${serial % 250}`;

describe.each(BACKENDS)('player accounts (%s)', (backend) => {
  let shop: TestShop;
  let limits: TestShop['config']['loginLimits'];

  beforeAll(async () => {
    shop = await startShop(backend, {
      TRUST_PROXY: '127.0.0.1',
      CODE_RESEND_SECONDS: '0',
      CODE_IP_HOURLY_LIMIT: '100000',
      CODE_TARGET_DAILY_LIMIT: '1000',
      CAPTCHA_IP_HOURLY_LIMIT: '100000',
      FEATURE_OTP_LOGIN: 'true',
      GAME_LAUNCH_SECRETS: JSON.stringify({ 10030: SECRET_10030 }),
    });
    limits = { ...shop.config.loginLimits };
  });
  afterAll(() => shop.close());
  afterEach(() => {
    Object.assign(shop.config.loginLimits, limits);
  });

  const rows = async () => {
    const result = (await shop.services.db.execute(sql`
      SELECT (SELECT count(*) FROM users) AS users,
             (SELECT count(*) FROM refresh_tokens) AS refresh,
             (SELECT count(*) FROM refresh_tokens WHERE revoked_at IS NOT NULL) AS revoked,
             (SELECT count(*) FROM change_tickets) AS tickets,
             (SELECT count(*) FROM dynamic_token_nonces) AS nonces,
             (SELECT count(*) FROM verification_codes WHERE used_at IS NOT NULL) AS used_codes,
             (SELECT string_agg(coalesce(password_hash, '-') || session_version || coalesce(email, '-') || coalesce(mobile, '-'), ',' ORDER BY id) FROM users) AS user_state`)) as unknown as {
      rows: Record<string, string | number>[];
    };
    return Object.fromEntries(Object.entries(result.rows[0]!).map(([k, v]) => [k, String(v)]));
  };

  async function botToken(): Promise<string> {
    const captcha = await shop.api<{ captchaId: string }>('GET', '/api/common/captcha');
    const [row] = await shop.services.db
      .select({ x: captchaChallenges.pieceX })
      .from(captchaChallenges)
      .where(sql`${captchaChallenges.id} = ${captcha.body.data.captchaId}`);
    const answer = await shop.api<{ botCheckToken: string }>('POST', '/api/common/captcha/verify', {
      body: { captchaId: captcha.body.data.captchaId, x: row!.x },
    });
    return answer.body.data.botCheckToken;
  }

  /** Sends a code to an e-mail or (UK) mobile for a purpose and reads it from the sandbox outbox. */
  async function codeFor(target: { email?: string; mobile?: string }, purpose: number): Promise<string> {
    const body = target.email
      ? { accountType: 2, purpose, email: target.email, botCheckToken: await botToken() }
      : { accountType: 1, purpose, mobile: { dialCode: '44', number: target.mobile }, botCheckToken: await botToken() };
    const sent = await shop.api('POST', '/api/user/getSmsCode', { body, headers: { 'x-forwarded-for': nextIp() } });
    expect(sent.body.code, JSON.stringify(sent.body)).toBe(200);
    const to = target.email ?? `+44${target.mobile}`;
    const response = await fetch(`${shop.url}/sandbox/outbox.json?to=${encodeURIComponent(to)}`);
    const { messages } = (await response.json()) as { messages: { text: string }[] };
    return /\b(\d{6})\b/.exec(messages[0]!.text)![1]!;
  }

  const post = <T = unknown>(path: string, body: unknown, options: { token?: string; ip?: string } = {}) =>
    shop.api<T>('POST', `/api${path}`, { body, token: options.token, headers: { 'x-forwarded-for': options.ip ?? nextIp() } });

  const emailRegistration = async (email: string, extra: Record<string, unknown> = {}) => ({
    accountType: 2,
    email,
    code: await codeFor({ email }, CodePurpose.RegisterAccount),
    password: PASSWORD,
    confirmPassword: PASSWORD,
    countryCode: 'DE',
    agreeTerms: true,
    ...extra,
  });

  async function registerEmail(email = nextEmail(), password = PASSWORD): Promise<{ email: string; tokens: TokenData }> {
    const answer = await post<TokenData>('/user/register', await emailRegistration(email, { password, confirmPassword: password }));
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
    return { email, tokens: answer.body.data };
  }

  const expireCodesOf = (target: string) =>
    shop.services.db.execute(sql`UPDATE verification_codes SET expires_at = now() - interval '1 second' WHERE target = ${target}`);

  const info = (token: string) => shop.api<{ id: number; email: string | null; mobile: string | null; countryCode: string | null }>('GET', '/api/user/info', { token });
  const emailLogin = (email: string, password: string, ip?: string, appId?: number) =>
    post<TokenData>('/user/login', { loginType: 1, email, password, ...(appId ? { appId } : {}) }, { ip });

  async function expectRefused(promise: Promise<{ status: number; body: { code: number; message: string } }>, status: number, message: string | RegExp) {
    const before = await rows();
    const answer = await promise;
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect(answer.body.code).toBe(status);
    if (typeof message === 'string') expect(answer.body.message).toBe(message);
    else expect(answer.body.message).toMatch(message);
    expect(await rows()).toEqual(before);
  }

  describe('register', () => {
    it('registers by e-mail with trimmed inputs (password untouched) and logs the player in', async () => {
      const email = nextEmail();
      const code = await codeFor({ email }, CodePurpose.RegisterAccount);
      const password = '  spaces count  ';
      const answer = await post<TokenData>('/user/register', {
        accountType: 2,
        email: `  ${email.toUpperCase()}  `,
        code: ` ${code} `,
        password,
        confirmPassword: password,
        countryCode: ' de ',
        agreeTerms: true,
      });
      expect(answer.body).toMatchObject({ code: 200, data: { tokenHead: 'Bearer ', expiresIn: expect.any(Number) } });
      const me = await info(answer.body.data.token);
      expect(me.body.data).toMatchObject({ email, mobile: null, countryCode: 'DE' });
      expect((await emailLogin(email, password)).body.code).toBe(200);
      expect((await emailLogin(email, password.trim())).body.message).toBe(INVALID_ACCOUNT);
      const stored = (await shop.services.db.execute(sql`SELECT password_hash FROM users WHERE email = ${email}`)) as unknown as { rows: { password_hash: string }[] };
      expect(stored.rows[0]!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    });

    it('registers by phone', async () => {
      const mobile = nextMobile();
      const code = await codeFor({ mobile }, CodePurpose.RegisterAccount);
      const answer = await post<TokenData>('/user/register', {
        accountType: 1,
        mobile: { dialCode: ' +44 ', number: ` ${mobile.slice(0, 4)} ${mobile.slice(4)} ` },
        code,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        countryCode: 'GB',
        agreeTerms: true,
      });
      expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
      expect((await info(answer.body.data.token)).body.data).toMatchObject({ mobile: `+44${mobile}`, email: null, countryCode: 'GB' });
      const login = await post('/user/login', { loginType: 2, mobile: { dialCode: '44', number: mobile }, password: PASSWORD, appId: 10002 });
      expect(login.body.code).toBe(200);
    });

    it('refuses bad input with the spec messages and writes nothing', async () => {
      const email = nextEmail();
      const good = await emailRegistration(email);
      const mobile = nextMobile();
      const phoneCode = await codeFor({ mobile }, CodePurpose.RegisterAccount);
      const phone = { ...good, accountType: 1, email: undefined, mobile: { dialCode: '44', number: mobile }, code: phoneCode, countryCode: 'GB' };
      const wrong = good.code === '000000' ? '111111' : '000000';

      await expectRefused(post('/user/register', { ...good, code: undefined }), 400, MISSING);
      await expectRefused(post('/user/register', { ...good, email: undefined }), 400, MISSING);
      await expectRefused(post('/user/register', { ...phone, mobile: undefined }), 400, MISSING);
      await expectRefused(post('/user/register', { ...good, agreeTerms: undefined }), 400, MISSING);
      await expectRefused(post('/user/register', { ...good, email: 'not-an-email' }), 400, 'Invalid Email');
      await expectRefused(post('/user/register', { ...phone, mobile: { dialCode: '44', number: '12' } }), 400, 'Invalid number');
      await expectRefused(post('/user/register', { ...good, password: 'short7!', confirmPassword: 'short7!' }), 400, PASSWORD_INVALID);
      const huge = 'p'.repeat(10 * 1024);
      await expectRefused(post('/user/register', { ...good, password: huge, confirmPassword: huge }), 400, PASSWORD_INVALID);
      const long65 = 'x'.repeat(65);
      await expectRefused(post('/user/register', { ...good, password: long65, confirmPassword: long65 }), 400, PASSWORD_INVALID);
      await expectRefused(post('/user/register', { ...good, confirmPassword: `${PASSWORD}!` }), 400, MISMATCH);
      await expectRefused(post('/user/register', { ...good, agreeTerms: false }), 400, AGREE);
      await expectRefused(post('/user/register', { ...good, countryCode: 'QQ' }), 400, 'Please choose a valid country or region');

      // A wrong code is a refused request too, but the try is counted on the code (its attempts column).
      const before = await rows();
      const wrongEmail = await post('/user/register', { ...good, code: wrong });
      expect(wrongEmail.body).toMatchObject({ code: 400, message: CODE_INVALID });
      const wrongPhone = await post('/user/register', { ...phone, code: phoneCode === '000000' ? '111111' : '000000' });
      expect(wrongPhone.body).toMatchObject({ code: 400, message: SMS_CODE_INVALID });
      expect(await rows()).toEqual(before);

      // The right code still works afterwards.
      expect((await post('/user/register', good)).body.code).toBe(200);
      expect((await post('/user/register', phone)).body.code).toBe(200);
    });

    it('answers 409 for an e-mail or phone that already has an account, without using the code', async () => {
      // A live register code of the e-mail, sent before the account was made (getSmsCode answers 409 afterwards).
      const email = nextEmail();
      const early = await codeFor({ email }, CodePurpose.RegisterAccount);
      await registerEmail(email);
      const body = { accountType: 2, email: email.toUpperCase(), password: PASSWORD, confirmPassword: PASSWORD, countryCode: 'DE', agreeTerms: true };
      await expectRefused(post('/user/register', { ...body, code: early }), 409, 'This e-mail address is already used by another account');
      const mobile = nextMobile();
      const phone = { ...body, accountType: 1, email: undefined, mobile: { dialCode: '44', number: mobile }, countryCode: 'GB' };
      expect((await post('/user/register', { ...phone, code: await codeFor({ mobile }, CodePurpose.RegisterAccount) })).body.code).toBe(200);
      await expectRefused(post('/user/register', { ...phone, code: '123456' }), 409, 'This phone number is already used by another account');
    });

    it('refuses a code used twice, expired, for another purpose or for another target; no account is made', async () => {
      const email = nextEmail();
      const other = nextEmail();
      const base = { accountType: 2, email, password: PASSWORD, confirmPassword: PASSWORD, countryCode: 'DE', agreeTerms: true };
      // Another purpose.
      const bindCode = await codeFor({ email }, CodePurpose.BindEmail);
      await expectRefused(post('/user/register', { ...base, code: bindCode }), 400, CODE_INVALID);
      // Another target.
      const otherCode = await codeFor({ email: other }, CodePurpose.RegisterAccount);
      await expectRefused(post('/user/register', { ...base, code: otherCode }), 400, CODE_INVALID);
      // Expired.
      const code = await codeFor({ email }, CodePurpose.RegisterAccount);
      await expireCodesOf(email);
      await expectRefused(post('/user/register', { ...base, code }), 400, CODE_INVALID);
      // Used twice: the code of a successful registration cannot be used for another one (e-mail freed in between).
      const fresh = await codeFor({ email }, CodePurpose.RegisterAccount);
      expect((await post('/user/register', { ...base, code: fresh })).body.code).toBe(200);
      await shop.services.db.execute(sql`UPDATE users SET email = NULL WHERE email = ${email}`);
      await expectRefused(post('/user/register', { ...base, code: fresh }), 400, CODE_INVALID);
      expect((await post('/user/register', { ...base, email: other, code: otherCode })).body.code).toBe(200);
    });
  });

  describe('login', () => {
    it('gives the same answer for an unknown account and a wrong password', async () => {
      const { email } = await registerEmail();
      const wrong = await emailLogin(email, 'wrong password 1');
      const unknown = await emailLogin(nextEmail(), 'wrong password 1');
      expect(wrong.status).toBe(400);
      expect(unknown.status).toBe(wrong.status);
      expect(unknown.body).toEqual(wrong.body);
      expect(wrong.body).toEqual({ code: 400, message: INVALID_ACCOUNT, data: null });
      const ok = await emailLogin(`  ${email.toUpperCase()} `, PASSWORD);
      expect(ok.body.code).toBe(200);
      expect((await info(ok.body.data.token)).body.data.email).toBe(email);
    });

    it('takes similar time for unknown accounts and wrong passwords (both verify an argon2 hash)', async () => {
      const { email } = await registerEmail();
      const time = async (address: string) => {
        const start = performance.now();
        await emailLogin(address, 'wrong password 2');
        return performance.now() - start;
      };
      await time(nextEmail());
      const known = [await time(email), await time(email)].sort()[0]!;
      const unknown = [await time(nextEmail()), await time(nextEmail())].sort()[0]!;
      expect(unknown).toBeGreaterThan(known * 0.4);
      expect(known).toBeGreaterThan(unknown * 0.4);
    });

    it('allows only the methods of the game', async () => {
      const mobile = nextMobile();
      await expectRefused(
        post('/user/login', { loginType: 2, mobile: { dialCode: '44', number: mobile }, password: PASSWORD, appId: 10030 }),
        400,
        'This login method is not available for this game',
      );
      await expectRefused(post('/user/login', { loginType: 0, email: nextEmail(), password: PASSWORD }), 400, MISSING);
      await expectRefused(post('/user/login', { loginType: 1, password: PASSWORD }), 400, MISSING);
      await expectRefused(post('/user/login', { loginType: 1, email: 'nope', password: PASSWORD }), 400, 'Invalid Email');
      const { email } = await registerEmail();
      expect((await emailLogin(email, PASSWORD, undefined, 10030)).body.code).toBe(200);
      expect((await emailLogin(email, PASSWORD, undefined, 10002)).body.code).toBe(200);
    });

    it('limits failures per account and client IP (429 from that IP, even with the right password; the owner elsewhere gets in) and per IP', async () => {
      shop.config.loginLimits.accountIpFailures = 3;
      const { email } = await registerEmail();
      const guesser = nextIp();
      for (let i = 0; i < 3; i++) expect((await emailLogin(email, `wrong-${i}-password`, guesser)).body.message).toBe(INVALID_ACCOUNT);
      const limited = await emailLogin(email, PASSWORD, guesser);
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ code: 429, message: 'Too many failed login attempts. Please try again later.', data: null });
      expect((await emailLogin(email, PASSWORD, nextIp())).body.code).toBe(200);
      // The same for an account that does not exist (no hint either way).
      const ghost = nextEmail();
      for (let i = 0; i < 3; i++) await emailLogin(ghost, `wrong-${i}-password`, guesser);
      expect((await emailLogin(ghost, PASSWORD, guesser)).body).toEqual(limited.body);
      // The window passing lifts the limit.
      await shop.services.db.execute(sql`UPDATE login_failures SET created_at = now() - interval '16 minutes' WHERE account = ${email}`);
      expect((await emailLogin(email, PASSWORD, guesser)).body.code).toBe(200);

      shop.config.loginLimits.ipFailures = 2;
      const ip = nextIp();
      await emailLogin(nextEmail(), 'wrong password', ip);
      await emailLogin(nextEmail(), 'wrong password', ip);
      expect((await emailLogin(email, PASSWORD, ip)).status).toBe(429);
      expect((await emailLogin(email, PASSWORD)).body.code).toBe(200);
    });
  });

  describe('failed-login limits under parallel guesses', () => {
    it('a burst of parallel wrong passwords from one IP gets exactly the allowed number of tries', async () => {
      shop.config.loginLimits.accountIpFailures = 3;
      const { email } = await registerEmail();
      const guesser = nextIp();
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => emailLogin(email, `wrong-${i}-password`, guesser)));
      expect(answers.filter((answer) => answer.body.message === INVALID_ACCOUNT)).toHaveLength(3);
      expect(answers.filter((answer) => answer.status === 429)).toHaveLength(7);
      const [stored] = (
        (await shop.services.db.execute(sql`SELECT count(*) AS n FROM login_failures WHERE account = ${email}`)) as unknown as { rows: { n: string | number }[] }
      ).rows;
      expect(Number(stored!.n)).toBe(3);
      // even the right password waits for the window now, from that IP
      expect((await emailLogin(email, PASSWORD, guesser)).status).toBe(429);
    });
  });

  describe('no lockout by strangers (ASVS 6.1.1)', () => {
    const CAPTCHA_REQUIRED = { code: 1008, message: 'Please complete the verification to log in.', data: null };
    const loginWithToken = async (email: string, password: string, ip: string) =>
      post<TokenData>('/user/login', { loginType: 1, email, password, botCheckToken: await botToken() }, { ip });

    it('guessers on many IPs make the account ask for a captcha, never refuse its owner; one IP gets at most N guesses', async () => {
      shop.config.loginLimits.accountIpFailures = 3;
      shop.config.loginLimits.captchaAfterFailures = 5;
      const { email } = await registerEmail();
      const attackers = Array.from({ length: 8 }, () => nextIp());
      const answers = await Promise.all(attackers.flatMap((ip) => [0, 1, 2].map((i) => emailLogin(email, `wrong-${ip}-${i}`, ip))));
      expect(answers.filter((answer) => answer.body.message === INVALID_ACCOUNT)).toHaveLength(5);
      const asked = answers.filter((answer) => answer.body.code === CAPTCHA_REQUIRED.code);
      expect(asked).toHaveLength(19);
      expect(asked[0]!.status).toBe(400);
      expect(asked[0]!.body).toEqual(CAPTCHA_REQUIRED);

      // The owner, on their own IP, while the guessing goes on: asked for the captcha, then logs in with a solved one.
      const owner = nextIp();
      const hammering = Promise.all(attackers.map((ip) => emailLogin(email, 'still guessing', ip)));
      expect((await emailLogin(email, PASSWORD, owner)).body).toEqual(CAPTCHA_REQUIRED);
      expect((await loginWithToken(email, PASSWORD, owner)).body.code).toBe(200);
      await hammering;
      expect((await loginWithToken(email, PASSWORD, owner)).body.code).toBe(200);

      // A guesser who solves a puzzle per guess still gets only accountIpFailures guesses from one IP in the window.
      const solver = nextIp();
      for (let i = 0; i < 3; i++) expect((await loginWithToken(email, `solved-${i}-password`, solver)).body.message).toBe(INVALID_ACCOUNT);
      expect((await loginWithToken(email, PASSWORD, solver)).status).toBe(429);

      // A token is good for one attempt.
      const token = await botToken();
      const once = { loginType: 1, email, botCheckToken: token };
      expect((await post('/user/login', { ...once, password: 'one wrong password' }, { ip: nextIp() })).body.message).toBe(INVALID_ACCOUNT);
      await expectRefused(post('/user/login', { ...once, password: PASSWORD }, { ip: nextIp() }), 400, 'Verification failed, please try again.');
    });
  });

  describe('sessions and passwords', () => {
    it('logout revokes the refresh-token family and the access token; a replayed refresh token is refused', async () => {
      const { tokens } = await registerEmail();
      const out = await post('/user/logout', {}, { token: tokens.token });
      expect(out.body).toMatchObject({ code: 200, data: null });
      const replay = await post('/user/refresh/token', { refreshToken: tokens.refreshToken });
      expect(replay.status).toBe(401);
      const me = await info(tokens.token);
      expect(me.status).toBe(401);
      expect(me.body.message).toBe(SESSION_ENDED);
    });

    it('logout with all: true ends every session', async () => {
      const { email, tokens } = await registerEmail();
      const second = (await emailLogin(email, PASSWORD)).body.data;
      expect((await post('/user/logout', { all: true }, { token: tokens.token })).body.code).toBe(200);
      expect((await info(second.token)).status).toBe(401);
      expect((await post('/user/refresh/token', { refreshToken: second.refreshToken })).status).toBe(401);
    });

    it('reset password ends all old sessions; the old password stops working', async () => {
      const { email, tokens } = await registerEmail();
      const refreshed = (await post<TokenData>('/user/refresh/token', { refreshToken: tokens.refreshToken })).body.data;
      const code = await codeFor({ email }, CodePurpose.ForgetPassword);
      const newPassword = 'a brand new password';
      const body = { accountType: 2, email: ` ${email} `, code, password: newPassword, confirmPassword: newPassword };
      await expectRefused(post('/user/reset/password', { ...body, confirmPassword: 'different password' }), 400, MISMATCH);
      await expectRefused(post('/user/reset/password', { ...body, password: 'short', confirmPassword: 'short' }), 400, PASSWORD_INVALID);
      const reset = await post('/user/reset/password', body);
      expect(reset.body, JSON.stringify(reset.body)).toMatchObject({ code: 200, data: null });
      expect((await info(refreshed.token)).status).toBe(401);
      expect((await post('/user/refresh/token', { refreshToken: refreshed.refreshToken })).status).toBe(401);
      expect((await emailLogin(email, PASSWORD)).body.message).toBe(INVALID_ACCOUNT);
      expect((await emailLogin(email, newPassword)).body.code).toBe(200);
      // The code cannot be used twice.
      expect((await post('/user/reset/password', { ...body, password: PASSWORD, confirmPassword: PASSWORD })).body.message).toBe(CODE_INVALID);
    });

    it('reset password: unknown phone gets the spec message, unknown e-mail a generic one; nothing written', async () => {
      const mobile = nextMobile();
      await expectRefused(
        post('/user/reset/password', { accountType: 1, mobile: { dialCode: '44', number: mobile }, code: '123456', password: PASSWORD, confirmPassword: PASSWORD }),
        400,
        NOT_REGISTERED,
      );
      await expectRefused(
        post('/user/reset/password', { accountType: 2, email: nextEmail(), code: '123456', password: PASSWORD, confirmPassword: PASSWORD }),
        400,
        CODE_INVALID,
      );
    });

    it('change password needs the old one, ends the other sessions and returns fresh tokens', async () => {
      const { email, tokens } = await registerEmail();
      const other = (await emailLogin(email, PASSWORD)).body.data;
      const newPassword = 'another good password';
      await expectRefused(
        post('/user/change/password', { oldPassword: 'not the password', password: newPassword, confirmPassword: newPassword }, { token: tokens.token }),
        400,
        'The current password is incorrect',
      );
      await expectRefused(
        post('/user/change/password', { oldPassword: PASSWORD, password: newPassword, confirmPassword: 'nope nope nope' }, { token: tokens.token }),
        400,
        MISMATCH,
      );
      expect((await post('/user/change/password', { oldPassword: PASSWORD, password: newPassword, confirmPassword: newPassword })).status).toBe(401);
      // Wrong old passwords are limited like failed logins; the caller is signed in as the account, so its count over
      // all IPs refuses (429) instead of asking for a captcha.
      shop.config.loginLimits.captchaAfterFailures = 2;
      await post('/user/change/password', { oldPassword: 'not the password 2', password: newPassword, confirmPassword: newPassword }, { token: tokens.token });
      const limited = await post('/user/change/password', { oldPassword: PASSWORD, password: newPassword, confirmPassword: newPassword }, { token: tokens.token });
      expect(limited.status).toBe(429);
      shop.config.loginLimits.captchaAfterFailures = limits.captchaAfterFailures;
      const changed = await post<TokenData>('/user/change/password', { oldPassword: PASSWORD, password: newPassword, confirmPassword: newPassword }, { token: tokens.token });
      expect(changed.body.code).toBe(200);
      expect((await info(tokens.token)).status).toBe(401);
      expect((await info(other.token)).status).toBe(401);
      expect((await post('/user/refresh/token', { refreshToken: other.refreshToken })).status).toBe(401);
      expect((await info(changed.body.data.token)).body.data.email).toBe(email);
      expect((await post('/user/refresh/token', { refreshToken: changed.body.data.refreshToken })).body.code).toBe(200);
      expect((await emailLogin(email, newPassword)).body.code).toBe(200);
    });
  });

  describe('a 10 kB password', () => {
    const huge = 'p'.repeat(10 * 1024);
    const failures = async () =>
      Number(((await shop.services.db.execute(sql`SELECT count(*) AS n FROM login_failures`)) as unknown as { rows: { n: string | number }[] }).rows[0]!.n);

    it('login: "Password Invalid" at once, for known and unknown accounts alike; not counted, never given to argon2', async () => {
      const { email, tokens } = await registerEmail();
      const failuresBefore = await failures();
      argon2Inputs.length = 0;
      await expectRefused(emailLogin(email, huge), 400, PASSWORD_INVALID);
      await expectRefused(emailLogin(nextEmail(), huge), 400, PASSWORD_INVALID);
      await expectRefused(post('/user/login', { loginType: 2, mobile: { dialCode: '44', number: nextMobile() }, password: huge }), 400, PASSWORD_INVALID);
      expect(argon2Inputs).toEqual([]);
      expect(await failures()).toBe(failuresBefore);
      expect((await info(tokens.token)).status).toBe(200);
      expect((await emailLogin(email, PASSWORD)).body.code).toBe(200);
      // (the wrapper does see argon2 at work)
      expect(argon2Inputs).toEqual([PASSWORD.length]);
    });

    it('reset password: "Password Invalid" before the code is looked at; the code still works afterwards', async () => {
      const { email, tokens } = await registerEmail();
      const code = await codeFor({ email }, CodePurpose.ForgetPassword);
      argon2Inputs.length = 0;
      await expectRefused(post('/user/reset/password', { accountType: 2, email, code, password: huge, confirmPassword: huge }), 400, PASSWORD_INVALID);
      expect(argon2Inputs).toEqual([]);
      expect((await info(tokens.token)).status).toBe(200);
      const reset = await post('/user/reset/password', { accountType: 2, email, code, password: 'a fine new password', confirmPassword: 'a fine new password' });
      expect(reset.body.code).toBe(200);
    });

    it('change password: as the new one "Password Invalid", as the old one "incorrect"; not counted, never given to argon2', async () => {
      const { email, tokens } = await registerEmail();
      const auth = { token: tokens.token };
      const failuresBefore = await failures();
      argon2Inputs.length = 0;
      await expectRefused(post('/user/change/password', { oldPassword: PASSWORD, password: huge, confirmPassword: huge }, auth), 400, PASSWORD_INVALID);
      await expectRefused(
        post('/user/change/password', { oldPassword: huge, password: 'a fine new password', confirmPassword: 'a fine new password' }, auth),
        400,
        'The current password is incorrect',
      );
      expect(argon2Inputs).toEqual([]);
      expect(await failures()).toBe(failuresBefore);
      expect((await info(tokens.token)).status).toBe(200);
      expect((await emailLogin(email, PASSWORD)).body.code).toBe(200);
    });

    it('a body over the 16 384 characters the schema lets through is a 400 envelope, not a 500', async () => {
      const { tokens } = await registerEmail();
      const tooBig = 'p'.repeat(16_385);
      await expectRefused(emailLogin(nextEmail(), tooBig), 400, MISSING);
      await expectRefused(post('/user/change/password', { oldPassword: PASSWORD, password: tooBig, confirmPassword: tooBig }, { token: tokens.token }), 400, MISSING);
    });
  });

  describe('codes that must not work change nothing', () => {
    const NEW_PASSWORD = 'a brand new password';

    it('reset password: a code for another purpose or target, an expired one and one used twice; sessions stay', async () => {
      const { email, tokens } = await registerEmail();
      const { email: other } = await registerEmail();
      const body = (code: string, password = NEW_PASSWORD) => ({ accountType: 2, email, code, password, confirmPassword: password });
      await expectRefused(post('/user/reset/password', body(await codeFor({ email }, CodePurpose.ChangeEmail))), 400, CODE_INVALID);
      await expectRefused(post('/user/reset/password', body(await codeFor({ email: other }, CodePurpose.ForgetPassword))), 400, CODE_INVALID);
      const expired = await codeFor({ email }, CodePurpose.ForgetPassword);
      await expireCodesOf(email);
      await expectRefused(post('/user/reset/password', body(expired)), 400, CODE_INVALID);
      expect((await info(tokens.token)).status).toBe(200);
      expect((await emailLogin(email, PASSWORD)).body.code).toBe(200);

      const code = await codeFor({ email }, CodePurpose.ForgetPassword);
      expect((await post('/user/reset/password', body(code))).body.code).toBe(200);
      const session = (await emailLogin(email, NEW_PASSWORD)).body.data;
      await expectRefused(post('/user/reset/password', body(code, 'yet another password')), 400, CODE_INVALID);
      expect((await info(session.token)).status).toBe(200);
      expect((await emailLogin(email, NEW_PASSWORD)).body.code).toBe(200);
    });

    it('reset password by phone: a code sent to another phone', async () => {
      const { tokens } = await registerEmail();
      const [mine, theirs] = [nextMobile(), nextMobile()];
      for (const [number, token] of [
        [mine, tokens.token],
        [theirs, (await registerEmail()).tokens.token],
      ] as const) {
        const bound = await post('/user/change/mobile', { mobile: { dialCode: '44', number }, code: await codeFor({ mobile: number }, CodePurpose.BindPhone) }, { token });
        expect(bound.body.code).toBe(200);
      }
      const code = await codeFor({ mobile: theirs }, CodePurpose.ForgetPassword);
      await expectRefused(
        post('/user/reset/password', { accountType: 1, mobile: { dialCode: '44', number: mine }, code, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
        400,
        SMS_CODE_INVALID,
      );
      expect((await info(tokens.token)).status).toBe(200);
    });

    it('check e-mail: a code for another purpose or target, an expired one and one used twice give no ticket', async () => {
      const { email, tokens } = await registerEmail();
      const { email: other } = await registerEmail();
      const auth = { token: tokens.token };
      await expectRefused(post('/user/check/email', { code: await codeFor({ email }, CodePurpose.ForgetPassword) }, auth), 400, CODE_INVALID);
      await expectRefused(post('/user/check/email', { code: await codeFor({ email: other }, CodePurpose.ChangeEmail) }, auth), 400, CODE_INVALID);
      const expired = await codeFor({ email }, CodePurpose.ChangeEmail);
      await expireCodesOf(email);
      await expectRefused(post('/user/check/email', { code: expired }, auth), 400, CODE_INVALID);
      const code = await codeFor({ email }, CodePurpose.ChangeEmail);
      expect((await post('/user/check/email', { code }, auth)).body.code).toBe(200);
      await expectRefused(post('/user/check/email', { code }, auth), 400, CODE_INVALID);
      expect((await info(tokens.token)).body.data.email).toBe(email);
    });

    it('change e-mail: a code for another purpose or target and an expired one leave the e-mail and the ticket', async () => {
      const { email, tokens } = await registerEmail();
      const auth = { token: tokens.token };
      const ticket = (await post<{ changeTicket: string }>('/user/check/email', { code: await codeFor({ email }, CodePurpose.ChangeEmail) }, auth)).body.data
        .changeTicket;
      const newEmail = nextEmail();
      const change = (code: string) => post('/user/change/email', { ticket, email: newEmail, code }, auth);
      await expectRefused(change(await codeFor({ email: newEmail }, CodePurpose.RegisterAccount)), 400, CODE_INVALID);
      await expectRefused(change(await codeFor({ email: nextEmail() }, CodePurpose.BindEmail)), 400, CODE_INVALID);
      const expired = await codeFor({ email: newEmail }, CodePurpose.BindEmail);
      await expireCodesOf(newEmail);
      await expectRefused(change(expired), 400, CODE_INVALID);
      expect((await info(tokens.token)).body.data.email).toBe(email);
      // The ticket survived all of that.
      expect((await change(await codeFor({ email: newEmail }, CodePurpose.BindEmail))).body.code).toBe(200);
    });

    it('bind phone: a code used twice (the number freed in between) binds nothing', async () => {
      const { tokens } = await registerEmail();
      const mobile = nextMobile();
      const body = { mobile: { dialCode: '44', number: mobile }, code: await codeFor({ mobile }, CodePurpose.BindPhone) };
      expect((await post('/user/change/mobile', body, { token: tokens.token })).body.code).toBe(200);
      await shop.services.db.execute(sql`UPDATE users SET mobile = NULL WHERE mobile = ${`+44${mobile}`}`);
      await expectRefused(post('/user/change/mobile', body, { token: tokens.token }), 400, SMS_CODE_INVALID);
      expect((await info(tokens.token)).body.data.mobile).toBeNull();
    });
  });

  describe('phone and e-mail changes', () => {
    it('changes the e-mail after verifying the old one; the ticket is single use', async () => {
      const { email, tokens } = await registerEmail();
      const auth = { token: tokens.token };
      const newEmail = nextEmail();
      // No ticket while an e-mail is bound.
      await expectRefused(
        post('/user/change/email', { email: newEmail, code: '123456' }, auth),
        400,
        'Please verify your current phone number or e-mail address again',
      );
      // A code for another purpose does not open the check.
      const wrongPurpose = await codeFor({ email }, CodePurpose.ForgetPassword);
      expect((await post('/user/check/email', { code: wrongPurpose }, auth)).body.message).toBe(CODE_INVALID);
      const checkCode = await codeFor({ email }, CodePurpose.ChangeEmail);
      const check = await post<{ changeTicket: string; expiresIn: number }>('/user/check/email', { code: checkCode }, auth);
      expect(check.body.code).toBe(200);
      const ticket = check.body.data.changeTicket;
      // The new e-mail of another account: 409, the ticket and code stay unused.
      const { email: taken } = await registerEmail();
      await expectRefused(post('/user/change/email', { ticket, email: taken, code: '123456' }, auth), 409, 'This e-mail address is already used by another account');
      // A code for another address does not bind the new one.
      const elsewhere = await codeFor({ email: nextEmail() }, CodePurpose.BindEmail);
      expect((await post('/user/change/email', { ticket, email: newEmail, code: elsewhere }, auth)).body.message).toBe(CODE_INVALID);
      const bindCode = await codeFor({ email: newEmail }, CodePurpose.BindEmail);
      const changed = await post('/user/change/email', { ticket: ` ${ticket} `, email: ` ${newEmail.toUpperCase()} `, code: bindCode }, auth);
      expect(changed.body).toMatchObject({ code: 200, data: { email: newEmail, mobile: null } });
      expect((await info(tokens.token)).body.data.email).toBe(newEmail);
      // Ticket reuse.
      const again = nextEmail();
      const againCode = await codeFor({ email: again }, CodePurpose.BindEmail);
      await expectRefused(
        post('/user/change/email', { ticket, email: again, code: againCode }, auth),
        400,
        'Please verify your current phone number or e-mail address again',
      );
      expect((await emailLogin(newEmail, PASSWORD)).body.code).toBe(200);
      expect((await emailLogin(email, PASSWORD)).body.message).toBe(INVALID_ACCOUNT);
    });

    it('binds a first phone without a ticket, then changes it only with one', async () => {
      const { tokens } = await registerEmail();
      const auth = { token: tokens.token };
      await expectRefused(post('/user/check/mobile', { code: '123456' }, auth), 400, 'No phone number is bound to this account');
      const first = nextMobile();
      const bindCode = await codeFor({ mobile: first }, CodePurpose.BindPhone);
      const bound = await post('/user/change/mobile', { mobile: { dialCode: '+44', number: first }, code: bindCode }, auth);
      expect(bound.body).toMatchObject({ code: 200, data: { mobile: `+44${first}` } });

      const second = nextMobile();
      const secondCode = await codeFor({ mobile: second }, CodePurpose.BindPhone);
      await expectRefused(
        post('/user/change/mobile', { mobile: { dialCode: '44', number: second }, code: secondCode }, auth),
        400,
        'Please verify your current phone number or e-mail address again',
      );
      expect((await post('/user/check/mobile', { code: '000000' }, auth)).body.message).toBe(SMS_CODE_INVALID);
      const checkCode = await codeFor({ mobile: first }, CodePurpose.ChangePhone);
      const ticket = (await post<{ changeTicket: string }>('/user/check/mobile', { code: checkCode }, auth)).body.data.changeTicket;
      // An e-mail ticket is not a phone ticket and vice versa.
      await expectRefused(
        post('/user/change/email', { ticket, email: nextEmail(), code: '123456' }, auth),
        400,
        'Please verify your current phone number or e-mail address again',
      );
      const changed = await post('/user/change/mobile', { ticket, mobile: { dialCode: '44', number: second }, code: secondCode }, auth);
      expect(changed.body).toMatchObject({ code: 200, data: { mobile: `+44${second}` } });
      const third = nextMobile();
      const thirdCode = await codeFor({ mobile: third }, CodePurpose.BindPhone);
      await expectRefused(
        post('/user/change/mobile', { ticket, mobile: { dialCode: '44', number: third }, code: thirdCode }, auth),
        400,
        'Please verify your current phone number or e-mail address again',
      );
      expect((await post('/user/login', { loginType: 2, mobile: { dialCode: '44', number: second }, password: PASSWORD })).body.code).toBe(200);
    });

    it('refuses a phone of another account with 409 and an expired ticket', async () => {
      const a = await registerEmail();
      const taken = nextMobile();
      expect(
        (await post('/user/change/mobile', { mobile: { dialCode: '44', number: taken }, code: await codeFor({ mobile: taken }, CodePurpose.BindPhone) }, { token: a.tokens.token }))
          .body.code,
      ).toBe(200);
      const b = await registerEmail();
      await expectRefused(
        post('/user/change/mobile', { mobile: { dialCode: '44', number: taken }, code: '123456' }, { token: b.tokens.token }),
        409,
        'This phone number is already used by another account',
      );
      const ticket = (
        await post<{ changeTicket: string }>('/user/check/email', { code: await codeFor({ email: b.email }, CodePurpose.ChangeEmail) }, { token: b.tokens.token })
      ).body.data.changeTicket;
      await shop.services.db.execute(sql`UPDATE change_tickets SET expires_at = now() - interval '1 second'`);
      await expectRefused(
        post('/user/change/email', { ticket, email: nextEmail(), code: '123456' }, { token: b.tokens.token }),
        400,
        'Please verify your current phone number or e-mail address again',
      );
    });
  });

  describe('dynamic token', () => {
    const payload = (overrides: Record<string, unknown> = {}) => ({
      appId: 10030,
      accountId: `dyn-${++serial}`,
      roleId: String(10_002_000 + serial),
      serverId: '10001',
      exp: Math.floor(Date.now() / 1000) + 300,
      nonce: randomUUID(),
      ...overrides,
    });
    const sign = (p: ReturnType<typeof payload>, secret = SECRET_10030) => signDynamicToken(p as Parameters<typeof signDynamicToken>[0], secret);
    const INVALID = 'This dynamic token is invalid or has expired. Please copy a new one from the game settings.';

    it('verifies, then logs in once', async () => {
      const p = payload();
      const token = sign(p);
      const verified = await post<{ roles: unknown[] }>('/user/dynamic/10030/verify', { token });
      expect(verified.body).toMatchObject({
        code: 200,
        data: { roles: [{ appId: 10030, accountId: p.accountId, roleId: p.roleId, serverId: '10001', gameName: expect.any(String), serverName: expect.any(String) }] },
      });
      const login = await post<TokenData>('/user/dynamic/10030/login', { token: ` ${token} ` });
      expect(login.body.code).toBe(200);
      expect((await shop.api<{ gameRole: { roleId: string } }>('GET', '/api/user/info', { token: login.body.data.token })).body.data.gameRole.roleId).toBe(p.roleId);
      await expectRefused(post('/user/dynamic/10030/login', { token }), 400, INVALID);
      await expectRefused(post('/user/dynamic/10030/verify', { token }), 400, INVALID);
    });

    it('refuses expired, forged and other-game tokens without writing', async () => {
      await expectRefused(post('/user/dynamic/10030/login', { token: sign(payload({ exp: Math.floor(Date.now() / 1000) - 1 })) }), 400, INVALID);
      await expectRefused(post('/user/dynamic/10030/login', { token: sign(payload(), 'another-secret-of-16-chars') }), 400, INVALID);
      const genuine = sign(payload());
      const [body] = genuine.split('.');
      const tampered = `${Buffer.from(JSON.stringify({ ...payload(), roleId: '1' })).toString('base64url')}.${genuine.split('.')[1]}`;
      await expectRefused(post('/user/dynamic/10030/login', { token: tampered }), 400, INVALID);
      await expectRefused(post('/user/dynamic/10030/login', { token: `${body}.zz` }), 400, INVALID);
      await expectRefused(post('/user/dynamic/10030/login', { token: 'garbage' }), 400, INVALID);
      await expectRefused(post('/user/dynamic/10030/login', { token: sign(payload({ appId: 10002 })) }), 400, INVALID);
      await expectRefused(post('/user/dynamic/10002/login', { token: sign(payload()) }), 400, 'This login method is not available for this game');
      await expectRefused(post('/user/dynamic/99999/verify', { token: sign(payload()) }), 404, 'Unknown game');
      await expectRefused(post('/user/dynamic/10030/login', {}), 400, MISSING);
    });
  });
});

describe.each(BACKENDS)('dynamic-token routes behind the feature flag (%s)', (backend) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startShop(backend, { GAME_LAUNCH_SECRETS: JSON.stringify({ 10030: SECRET_10030 }) });
  });
  afterAll(() => shop.close());

  it('answers 404 when FEATURE_OTP_LOGIN is off (the default)', async () => {
    expect(shop.config.features.otpLogin).toBe(false);
    const token = signDynamicToken(
      { appId: 10030, accountId: 'a', roleId: '10001001', serverId: '10001', exp: Math.floor(Date.now() / 1000) + 60, nonce: randomUUID() },
      SECRET_10030,
    );
    for (const action of ['verify', 'login']) {
      const answer = await shop.api('POST', `/api/user/dynamic/10030/${action}`, { body: { token } });
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe(404);
    }
    const nonces = (await shop.services.db.execute(sql`SELECT count(*) AS n FROM dynamic_token_nonces`)) as unknown as { rows: { n: string | number }[] };
    expect(Number(nonces.rows[0]!.n)).toBe(0);
  });

  it('answers 404 before reading the body: the same answer as an unknown path, in the caller’s language', async () => {
    const unknownPath = await shop.api('POST', '/api/user/no/such/route', { body: {}, headers: { 'accept-language': 'fr' } });
    for (const body of [{}, { token: 12 }]) {
      const answer = await shop.api('POST', '/api/user/dynamic/10030/login', { body, headers: { 'accept-language': 'fr' } });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(unknownPath.body);
    }
    expect((await shop.api('POST', '/api/user/dynamic/not-a-number/verify', { rawBody: '{' })).status).toBe(404);
  });

  it('documents every route of player accounts in OpenAPI, the dynamic-token ones too while they are off', async () => {
    const doc = (await (await fetch(`${shop.url}/api/docs/json`)).json()) as { paths: Record<string, Record<string, { summary?: string }>> };
    const issue3 = [
      '/api/user/login',
      '/api/user/register',
      '/api/user/reset/password',
      '/api/user/getSmsCode',
      '/api/user/info',
      '/api/user/change/mobile',
      '/api/user/change/password',
      '/api/user/check/mobile',
      '/api/user/check/email',
      '/api/user/change/email',
      '/api/user/refresh/token',
      '/api/user/dynamic/{appId}/verify',
      '/api/user/dynamic/{appId}/login',
      '/api/user/logout',
      '/api/common/captcha',
      '/api/common/captcha/verify',
    ];
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(issue3));
    for (const path of issue3) expect(Object.values(doc.paths[path]!)[0]!.summary, path).toBeTruthy();
    expect(doc.paths['/api/user/dynamic/{appId}/login']!.post!.summary).toMatch(/404 while FEATURE_OTP_LOGIN is off/);
    expect(Object.keys(doc.paths['/api/common/captcha']!)).toEqual(['get']);
  });
});
