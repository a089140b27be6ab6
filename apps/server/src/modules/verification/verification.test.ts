import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { count, sql } from 'drizzle-orm';
import { CodePurpose } from '@shop/contract/verification';
import { BACKENDS, startShop, type TestShop } from '../../../test/harness.ts';
import { captchaChallenges, verificationCodes, verificationSends } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { normalizeEmail, phoneE164 } from './verification.service.ts';

const FAILED = 'Verification failed, please try again.';
const SENT = 'Verification code successfully sent.';
const TOO_OFTEN = 'This cell phone number or the same IP requests SMS too often, please come back tomorrow';
const IP_BLOCKED = 'SMS requests are too frequent. The IP address has been blocked.';
const EXHAUSTED = 'SMS has been exhausted, please use email to get code';

let serial = 0;
/** A fresh, valid UK mobile number (national part) per call. */
const nextMobile = () => `7400${String(100_000 + ++serial).slice(-6)}`;
const nextEmail = () => `player.${++serial}.${Date.now()}@example.com`;
const nextIp = () => `198.51.${Math.floor(++serial / 250)}.${serial % 250}`;

async function expectAppError(promise: Promise<unknown>, message: RegExp) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).messageKey).toMatch(message);
}

describe.each(BACKENDS)('slide-puzzle captcha and verification codes (%s)', (backend) => {
  let shop: TestShop;
  let defaults: TestShop['config']['verification'];

  beforeAll(async () => {
    shop = await startShop(backend, { TRUST_PROXY: 'true', CAPTCHA_IP_HOURLY_LIMIT: '100000' });
    defaults = { ...shop.config.verification };
  });
  afterAll(() => shop.close());
  afterEach(() => {
    Object.assign(shop.config.verification, defaults);
    vi.restoreAllMocks();
  });

  const tableCounts = async () => ({
    sends: (await shop.services.db.select({ n: count() }).from(verificationSends))[0]!.n,
    codes: (await shop.services.db.select({ n: count() }).from(verificationCodes))[0]!.n,
    live: Number(
      ((await shop.services.db.execute(sql`SELECT count(*) AS n FROM verification_codes WHERE used_at IS NULL`)) as unknown as {
        rows: { n: number | string }[];
      }).rows[0]!.n,
    ),
  });

  async function newCaptcha() {
    const answer = await shop.api<{ captchaId: string; pieceY: number; width: number; height: number; backgroundImage: string; pieceImage: string }>(
      'GET',
      '/api/common/captcha',
    );
    expect(answer.status).toBe(200);
    const [row] = await shop.services.db
      .select({ x: captchaChallenges.pieceX })
      .from(captchaChallenges)
      .where(sql`${captchaChallenges.id} = ${answer.body.data.captchaId}`);
    return { ...answer.body.data, secretX: row!.x };
  }

  const verify = (body: unknown, headers: Record<string, string> = {}) =>
    shop.api<{ botCheckToken: string }>('POST', '/api/common/captcha/verify', { body, headers });

  async function botToken(): Promise<string> {
    const captcha = await newCaptcha();
    const answer = await verify({ captchaId: captcha.captchaId, x: captcha.secretX + 2, track: [{ x: 0, t: 0 }, { x: captcha.secretX, t: 700 }] });
    expect(answer.body.message).toBe('Verification successful');
    return answer.body.data.botCheckToken;
  }

  const getCode = (body: Record<string, unknown>, ip = nextIp(), headers: Record<string, string> = {}) =>
    shop.api<{ resendAfter: number; expiresIn: number }>('POST', '/api/user/getSmsCode', {
      body,
      headers: { 'x-forwarded-for': ip, ...headers },
    });

  async function sendCode(target: { mobile?: string; email?: string; dialCode?: string }, purpose: number = CodePurpose.RegisterAccount, ip?: string) {
    const body = target.email
      ? { accountType: 2, purpose, email: target.email, botCheckToken: await botToken() }
      : { accountType: 1, purpose, mobile: { dialCode: target.dialCode ?? '44', number: target.mobile }, botCheckToken: await botToken() };
    return getCode(body, ip);
  }

  async function outbox(to: string) {
    const response = await fetch(`${shop.url}/sandbox/outbox.json?to=${encodeURIComponent(to)}`);
    return ((await response.json()) as { messages: { channel: string; to: string; subject?: string; text: string }[] }).messages;
  }
  const latestCode = async (to: string) => /\b(\d{6})\b/.exec((await outbox(to))[0]!.text)![1]!;

  describe('captcha', () => {
    it('serves a puzzle whose piece position stays on the server', async () => {
      const captcha = await newCaptcha();
      expect(captcha.backgroundImage).toMatch(/^data:image\/png;base64,/);
      expect(captcha.pieceImage).toMatch(/^data:image\/png;base64,/);
      expect(captcha).toMatchObject({ width: 300, height: 160 });
      expect(captcha.pieceY).toBeGreaterThanOrEqual(0);
      expect(Object.keys(captcha)).not.toContain('x');
      const png = Buffer.from(captcha.backgroundImage.split(',')[1]!, 'base64');
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect(png.readUInt32BE(16)).toBe(300);
    });

    it('accepts a position within the tolerance once, then the puzzle is dead', async () => {
      const captcha = await newCaptcha();
      const ok = await verify({ captchaId: captcha.captchaId, x: captcha.secretX - 6 });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ code: 200, message: 'Verification successful' });
      expect(ok.body.data.botCheckToken.length).toBeGreaterThan(30);
      const replay = await verify({ captchaId: captcha.captchaId, x: captcha.secretX });
      expect(replay.status).toBe(400);
      expect(replay.body).toMatchObject({ code: 400, message: FAILED, data: null });
    });

    it('refuses a wrong position and allows no second try', async () => {
      const captcha = await newCaptcha();
      const wrong = await verify({ captchaId: captcha.captchaId, x: captcha.secretX + 7 });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe(FAILED);
      const right = await verify({ captchaId: captcha.captchaId, x: captcha.secretX });
      expect(right.status).toBe(400);
      expect(right.body.message).toBe(FAILED);
    });

    it('refuses an expired or unknown puzzle', async () => {
      const captcha = await newCaptcha();
      await shop.services.db.execute(sql`UPDATE captcha_challenges SET expires_at = now() - interval '1 second' WHERE id = ${captcha.captchaId}`);
      expect((await verify({ captchaId: captcha.captchaId, x: captcha.secretX })).body.message).toBe(FAILED);
      const unknown = await verify({ captchaId: '00000000-0000-0000-0000-000000000000', x: 100 });
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toBe(FAILED);
    });

    it('answers in the caller’s language', async () => {
      const captcha = await newCaptcha();
      const wrong = await verify({ captchaId: captcha.captchaId, x: captcha.secretX + 50 }, { 'accept-language': 'de-DE' });
      expect(wrong.body.message).toBe('Überprüfung fehlgeschlagen, bitte versuche es erneut.');
    });

    it.each([
      ['no body fields', {}],
      ['x missing', { captchaId: 'abc' }],
      ['x as text', { captchaId: 'abc', x: '12' }],
      ['negative x', { captchaId: 'abc', x: -1 }],
      ['blank id', { captchaId: '   ', x: 10 }],
      ['id too long', { captchaId: 'a'.repeat(65), x: 10 }],
      ['track too long', { captchaId: 'abc', x: 10, track: Array.from({ length: 401 }, (_, t) => ({ x: 1, t })) }],
      ['track of wrong shape', { captchaId: 'abc', x: 10, track: [{ x: 'a', t: 1 }] }],
    ])('refuses %s with a 400 envelope', async (_name, body) => {
      const answer = await verify(body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 400, data: null });
      expect(answer.body.message).toMatch(/Missing required information/);
    });
  });

  describe('sending codes', () => {
    it('sends a code to a phone in E.164 through the sandbox outbox', async () => {
      const mobile = nextMobile();
      const answer = await sendCode({ mobile: ` ${mobile} `, dialCode: ' +44 ' });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ code: 200, message: SENT, data: { resendAfter: 60, expiresIn: 600 } });
      const [message] = await outbox(`+44${mobile}`);
      expect(message).toMatchObject({ channel: 'sms', to: `+44${mobile}` });
      expect(message!.text).toMatch(/^Your verification code is \d{6}\. It expires in 10 minutes\.$/);
    });

    it('sends a code to a trimmed, lower-cased e-mail address in the caller’s language', async () => {
      const email = nextEmail();
      const answer = await getCode(
        { accountType: 2, purpose: CodePurpose.BindEmail, email: `  ${email.toUpperCase()} `, botCheckToken: await botToken() },
        nextIp(),
        { 'accept-language': 'fr' },
      );
      expect(answer.body.message).toBe('Code de vérification envoyé avec succès.');
      const [message] = await outbox(email);
      expect(message).toMatchObject({ channel: 'email', to: email, subject: 'Votre code de vérification' });
      expect(message!.text).toMatch(/\d{6}/);
    });

    it('stores only a hash of the code', async () => {
      const email = nextEmail();
      await sendCode({ email });
      const code = await latestCode(email);
      const rows = (await shop.services.db.execute(sql`SELECT code_hash FROM verification_codes WHERE target = ${email}`)) as unknown as {
        rows: { code_hash: string }[];
      };
      expect(rows.rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(rows.rows[0]!.code_hash).not.toContain(code);
    });

    it('consumes the bot-check token: a reused, forged or expired token is refused and nothing is written', async () => {
      const token = await botToken();
      const first = await getCode({ accountType: 2, purpose: 1, email: nextEmail(), botCheckToken: token });
      expect(first.status).toBe(200);
      const before = await tableCounts();
      const reused = await getCode({ accountType: 2, purpose: 1, email: nextEmail(), botCheckToken: token });
      expect(reused.status).toBe(400);
      expect(reused.body.message).toBe(FAILED);
      const forged = await getCode({ accountType: 2, purpose: 1, email: nextEmail(), botCheckToken: 'x'.repeat(43) });
      expect(forged.body.message).toBe(FAILED);
      const stale = await botToken();
      await shop.services.db.execute(sql`UPDATE captcha_challenges SET token_expires_at = now() - interval '1 second' WHERE token_used_at IS NULL`);
      const expired = await getCode({ accountType: 2, purpose: 1, email: nextEmail(), botCheckToken: stale });
      expect(expired.body.message).toBe(FAILED);
      expect(await tableCounts()).toEqual(before);
    });

    it('refuses a resend to the same target within 60 s (429) and writes nothing', async () => {
      const email = nextEmail();
      expect((await sendCode({ email })).status).toBe(200);
      const before = await tableCounts();
      const again = await sendCode({ email });
      expect(again.status).toBe(429);
      expect(again.body).toMatchObject({ code: 429, message: TOO_OFTEN, data: null });
      expect(await tableCounts()).toEqual(before);
      expect(await outbox(email)).toHaveLength(1);
    });

    it('limits codes per target per day (429)', async () => {
      shop.config.verification.resendSeconds = 0;
      shop.config.verification.targetDailyLimit = 3;
      const mobile = nextMobile();
      for (let i = 0; i < 3; i++) expect((await sendCode({ mobile })).status).toBe(200);
      const fourth = await sendCode({ mobile });
      expect(fourth.status).toBe(429);
      expect(fourth.body.message).toBe(TOO_OFTEN);
    });

    it('limits new puzzles per IP per hour (429), also for parallel requests, and writes nothing when refused', async () => {
      shop.config.verification.captchaIpHourlyLimit = 3;
      const ip = nextIp();
      const puzzle = () => shop.api('GET', '/api/common/captcha', { headers: { 'x-forwarded-for': ip } });
      const answers = await Promise.all(Array.from({ length: 8 }, puzzle));
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
      const refused = answers.filter((answer) => answer.status === 429);
      expect(refused).toHaveLength(5);
      expect(refused[0]!.body).toEqual({ code: 429, message: 'Too many requests, please try again later', data: null });
      const stored = await shop.services.db.select({ n: count() }).from(captchaChallenges).where(sql`${captchaChallenges.ip} = ${ip}`);
      expect(stored[0]!.n).toBe(3);
      // other clients are not affected, and an hour later this one may ask again
      expect((await shop.api('GET', '/api/common/captcha', { headers: { 'x-forwarded-for': nextIp() } })).status).toBe(200);
      await shop.services.db.execute(sql`UPDATE captcha_challenges SET created_at = now() - interval '61 minutes' WHERE ip = ${ip}`);
      expect((await puzzle()).status).toBe(200);
    });

    it('limits codes per IP per hour (429)', async () => {
      shop.config.verification.ipHourlyLimit = 3;
      const ip = nextIp();
      for (let i = 0; i < 3; i++) expect((await sendCode({ email: nextEmail() }, 1, ip)).status).toBe(200);
      const before = await tableCounts();
      const blocked = await sendCode({ mobile: nextMobile() }, 1, ip);
      expect(blocked.status).toBe(429);
      expect(blocked.body).toMatchObject({ code: 429, message: IP_BLOCKED });
      expect(await tableCounts()).toEqual(before);
      expect((await sendCode({ email: nextEmail() }, 1, nextIp())).status).toBe(200);
    });

    it('concurrent requests from one IP cannot pass the limit', async () => {
      shop.config.verification.ipHourlyLimit = 2;
      const ip = nextIp();
      const tokens = await Promise.all(Array.from({ length: 6 }, () => botToken()));
      const answers = await Promise.all(
        tokens.map((botCheckToken) => getCode({ accountType: 2, purpose: 1, email: nextEmail(), botCheckToken }, ip)),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(4);
    });

    it('stops SMS when the daily budget is used up, while e-mail still works', async () => {
      shop.config.verification.smsDailyLimit = 0;
      const before = await tableCounts();
      const refused = await sendCode({ mobile: nextMobile() });
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 429, message: EXHAUSTED });
      expect(await tableCounts()).toEqual(before);
      expect((await sendCode({ email: nextEmail() })).status).toBe(200);
      // The counter allows exactly the budget.
      const used = (await shop.services.db.execute(sql`SELECT coalesce(max(sent), 0) AS n FROM sms_daily_budget`)) as unknown as {
        rows: { n: number | string }[];
      };
      shop.config.verification.smsDailyLimit = Number(used.rows[0]!.n) + 1;
      expect((await sendCode({ mobile: nextMobile() })).status).toBe(200);
      expect((await sendCode({ mobile: nextMobile() })).body.message).toBe(EXHAUSTED);
    });

    it.each([['999999'], ['84'], ['98'], ['53'], ['963'], ['850']])('refuses numbers of the ignored dial code %s', async (dialCode) => {
      const before = await tableCounts();
      const answer = await sendCode({ mobile: '912345678', dialCode });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('Invalid number');
      expect(await tableCounts()).toEqual(before);
    });

    it('lets 86 through outside production', async () => {
      const answer = await sendCode({ mobile: `1380013${String(1000 + serial++).slice(-4)}`, dialCode: '86' });
      expect(answer.status).toBe(200);
    });

    it.each([
      ['an empty body', {}, /Missing required information/],
      ['an unknown account type', { accountType: 3, purpose: 1, email: 'a@example.com', botCheckToken: 't' }, /Missing required information/],
      ['a purpose out of range', { accountType: 2, purpose: 7, email: 'a@example.com', botCheckToken: 't' }, /Missing required information/],
      ['a purpose as text', { accountType: 2, purpose: '1', email: 'a@example.com', botCheckToken: 't' }, /Missing required information/],
      ['a blank bot token', { accountType: 2, purpose: 1, email: 'a@example.com', botCheckToken: '   ' }, /Missing required information/],
      ['a bot token too long', { accountType: 2, purpose: 1, email: 'a@example.com', botCheckToken: 'x'.repeat(129) }, /Missing required information/],
      ['an e-mail of the wrong type', { accountType: 2, purpose: 1, email: ['a@example.com'], botCheckToken: 't' }, /Missing required information/],
      ['an e-mail too long', { accountType: 2, purpose: 1, email: `${'a'.repeat(250)}@example.com`, botCheckToken: 't' }, /Missing required information/],
      ['a mobile request without a number', { accountType: 1, purpose: 1, email: 'a@example.com', botCheckToken: 't' }, /Missing required information: mobile/],
      ['an e-mail request without an address', { accountType: 2, purpose: 1, botCheckToken: 't' }, /Missing required information: email/],
      ['a blank e-mail', { accountType: 2, purpose: 1, email: '   ', botCheckToken: 't' }, /Missing required information: email/],
      ['a malformed e-mail', { accountType: 2, purpose: 1, email: 'player@@example', botCheckToken: 't' }, /^Invalid Email$/],
      ['a number too short', { accountType: 1, purpose: 1, mobile: { dialCode: '44', number: '12' }, botCheckToken: 't' }, /^Invalid number$/],
      ['a number with letters', { accountType: 1, purpose: 1, mobile: { dialCode: '44', number: '7400abc123' }, botCheckToken: 't' }, /^Invalid number$/],
      ['an invalid UK number', { accountType: 1, purpose: 1, mobile: { dialCode: '44', number: '1234567' }, botCheckToken: 't' }, /^Invalid number$/],
      ['a blank dial code', { accountType: 1, purpose: 1, mobile: { dialCode: ' ', number: '7400123456' }, botCheckToken: 't' }, /Missing required information/],
    ])('refuses %s with a 400 envelope and writes nothing', async (_name, body, message) => {
      const before = await tableCounts();
      const answer = await getCode(body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 400, data: null });
      expect(answer.body.message).toMatch(message);
      expect(await tableCounts()).toEqual(before);
    });

    it('does not spend the bot token when the input is refused', async () => {
      const botCheckToken = await botToken();
      expect((await getCode({ accountType: 2, purpose: 1, email: 'nope', botCheckToken })).body.message).toBe('Invalid Email');
      expect((await getCode({ accountType: 2, purpose: 1, email: nextEmail(), botCheckToken })).status).toBe(200);
    });

    it('reports a sender failure and leaves no usable code', async () => {
      vi.spyOn(shop.services.sender, 'sendSms').mockRejectedValueOnce(new Error('gateway down'));
      const mobile = nextMobile();
      const before = await tableCounts();
      const answer = await sendCode({ mobile });
      expect(answer.status).toBe(502);
      expect(answer.body).toMatchObject({ code: 502, message: 'Verification code failed to send', data: null });
      const after = await tableCounts();
      expect(after.codes).toBe(before.codes + 1);
      expect(after.live).toBe(before.live);
    });
  });

  describe('verifyCode', () => {
    const { RegisterAccount, ForgetPassword } = CodePurpose;

    it('accepts the right code once', async () => {
      const mobile = nextMobile();
      await sendCode({ mobile }, ForgetPassword);
      const target = `+44${mobile}`;
      const code = await latestCode(target);
      await expect(shop.services.verification.verifyCode({ target, purpose: ForgetPassword, code })).resolves.toBeUndefined();
      await expectAppError(shop.services.verification.verifyCode({ target, purpose: ForgetPassword, code }), /^smsCodeInvalid$/);
    });

    it('binds the code to its purpose and target', async () => {
      const email = nextEmail();
      const other = nextEmail();
      await sendCode({ email }, RegisterAccount);
      await sendCode({ email: other }, RegisterAccount);
      const code = await latestCode(email);
      await expectAppError(shop.services.verification.verifyCode({ target: email, purpose: ForgetPassword, code }), /^codeInvalid$/);
      await expectAppError(shop.services.verification.verifyCode({ target: other, purpose: RegisterAccount, code }), /^codeInvalid$/);
      // Those tries counted, but the code is still good.
      await shop.services.verification.verifyCode({ target: ` ${email.toUpperCase()} `, purpose: RegisterAccount, code });
    });

    it('refuses an expired code', async () => {
      const email = nextEmail();
      await sendCode({ email });
      const code = await latestCode(email);
      await shop.services.db.execute(sql`UPDATE verification_codes SET expires_at = now() - interval '1 second' WHERE target = ${email}`);
      await expectAppError(shop.services.verification.verifyCode({ target: email, purpose: RegisterAccount, code }), /^codeInvalid$/);
    });

    it('kills the code after 5 wrong tries', async () => {
      const email = nextEmail();
      await sendCode({ email });
      const code = await latestCode(email);
      const wrong = code === '000000' ? '000001' : '000000';
      for (let i = 0; i < 5; i++)
        await expectAppError(shop.services.verification.verifyCode({ target: email, purpose: RegisterAccount, code: wrong }), /^codeInvalid$/);
      await expectAppError(shop.services.verification.verifyCode({ target: email, purpose: RegisterAccount, code }), /^codeInvalid$/);
    });

    it('accepts the right code on the fifth try', async () => {
      const email = nextEmail();
      await sendCode({ email });
      const code = await latestCode(email);
      const wrong = code === '000000' ? '000001' : '000000';
      for (let i = 0; i < 4; i++)
        await expectAppError(shop.services.verification.verifyCode({ target: email, purpose: RegisterAccount, code: wrong }), /^codeInvalid$/);
      await shop.services.verification.verifyCode({ target: email, purpose: RegisterAccount, code });
    });

    it('refuses malformed codes without touching the database', async () => {
      for (const code of ['', '12345', '1234567', 'abcdef'])
        await expectAppError(shop.services.verification.verifyCode({ target: '+447400000000', purpose: RegisterAccount, code }), /^smsCodeInvalid$/);
    });

    it('a new code replaces the previous one', async () => {
      shop.config.verification.resendSeconds = 0;
      const email = nextEmail();
      await sendCode({ email });
      const first = await latestCode(email);
      await sendCode({ email });
      const second = await latestCode(email);
      if (first !== second)
        await expectAppError(shop.services.verification.verifyCode({ target: email, purpose: RegisterAccount, code: first }), /^codeInvalid$/);
      await shop.services.verification.verifyCode({ target: email, purpose: RegisterAccount, code: second });
    });

    it('lets exactly one of many parallel verifications of a code through', async () => {
      const email = nextEmail();
      await sendCode({ email });
      const code = await latestCode(email);
      const results = await Promise.allSettled(
        Array.from({ length: 8 }, () => shop.services.verification.verifyCode({ target: email, purpose: RegisterAccount, code })),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    });

    it('consumes the code inside a caller’s transaction', async () => {
      const email = nextEmail();
      await sendCode({ email });
      const code = await latestCode(email);
      await shop.services.db
        .transaction(async (tx) => {
          await shop.services.verification.verifyCode({ target: email, purpose: RegisterAccount, code }, tx);
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      // The rollback gave the code back; committed, it is spent.
      await shop.services.db.transaction((tx) => shop.services.verification.verifyCode({ target: email, purpose: RegisterAccount, code }, tx));
      await expectAppError(shop.services.verification.verifyCode({ target: email, purpose: RegisterAccount, code }), /^codeInvalid$/);
    });
  });
});

describe('target normalisation', () => {
  const ignoredInProduction = ['86', '84', '98', '53', '963', '850'];

  it('builds E.164 numbers and refuses ignored countries, also when the dial code is split oddly', () => {
    expect(phoneE164('+44', '07400 123-456', [])).toBe('+447400123456');
    expect(() => phoneE164('86', '13800138000', ignoredInProduction)).toThrow(AppError);
    expect(() => phoneE164('8', '613800138000', ignoredInProduction)).toThrow(AppError);
    expect(phoneE164('86', '13800138000', ['999999'])).toBe('+8613800138000');
  });

  it('checks e-mail addresses by a general pattern', () => {
    expect(normalizeEmail('  Player.One+tag@Example.CO.uk ')).toBe('player.one+tag@example.co.uk');
    for (const bad of ['plain', 'a@b', 'a@@b.com', 'a b@c.com', `${'a'.repeat(65)}@example.com`, 'a@-x.com'])
      expect(() => normalizeEmail(bad), bad).toThrow(AppError);
  });
});
