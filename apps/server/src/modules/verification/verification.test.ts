import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { count, sql } from 'drizzle-orm';
import { CodePurpose } from '@shop/contract/verification';
import { BACKENDS, startShop, type TestShop } from '../../../test/harness.ts';
import { personDrag } from '../../../test/slide-drag.ts';
import { captchaChallenges, users, verificationCodes, verificationSends } from '../../db/schema.ts';
import { DomainError } from '../../shared/domain-errors.ts';
import { normalizeEmail, phoneE164 } from './verification.service.ts';

const FAILED = 'Verification failed, please try again.';
const SENT = 'Verification code successfully sent.';
const TOO_OFTEN = 'This cell phone number or the same IP requests SMS too often, please come back tomorrow';
/** The resend wait, with the seconds still to go (60 or 59 a moment after a send). */
const RESEND_SOON = /^A code was just sent\. You can request a new one in (59|60) s\.$/;
const IP_BLOCKED = 'SMS requests are too frequent. The IP address has been blocked.';
const EXHAUSTED = 'SMS has been exhausted, please use email to get code';
const NOT_REGISTERED = 'This phone number is not registered. Please register first.';

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
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).messageKey).toMatch(message);
}

describe.each(BACKENDS)('slide-puzzle captcha and verification codes (%s)', (backend) => {
  let shop: TestShop;
  let defaults: TestShop['config']['verification'];

  beforeAll(async () => {
    shop = await startShop(backend, { TRUST_PROXY: '127.0.0.1', CAPTCHA_IP_HOURLY_LIMIT: '100000', CAPTCHA_TRACK_CHECK: 'true' });
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
    smsBudget: Number(
      ((await shop.services.db.execute(sql`SELECT coalesce(sum(sent), 0) AS n FROM sms_daily_budget`)) as unknown as {
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
    const answer = await verify({ captchaId: captcha.captchaId, x: captcha.secretX + 2, track: personDrag(captcha.secretX + 2) });
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
  /** A player who has this phone (E.164) or e-mail. */
  const accountWith = (contact: { mobile?: string; email?: string }) => shop.services.db.insert(users).values(contact);

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
      const ok = await verify({ captchaId: captcha.captchaId, x: captcha.secretX - 6, track: personDrag(captcha.secretX - 6) });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ code: 200, message: 'Verification successful' });
      expect(ok.body.data.botCheckToken.length).toBeGreaterThan(30);
      const replay = await verify({ captchaId: captcha.captchaId, x: captcha.secretX, track: personDrag(captcha.secretX) });
      expect(replay.status).toBe(400);
      expect(replay.body).toMatchObject({ code: 400, message: FAILED, data: null });
    });

    it('refuses a wrong position and allows no second try', async () => {
      const captcha = await newCaptcha();
      const wrong = await verify({ captchaId: captcha.captchaId, x: captcha.secretX + 7, track: personDrag(captcha.secretX + 7) });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe(FAILED);
      const right = await verify({ captchaId: captcha.captchaId, x: captcha.secretX, track: personDrag(captcha.secretX) });
      expect(right.status).toBe(400);
      expect(right.body.message).toBe(FAILED);
    });

    it('refuses an expired or unknown puzzle', async () => {
      const captcha = await newCaptcha();
      await shop.services.db.execute(sql`UPDATE captcha_challenges SET expires_at = now() - interval '1 second' WHERE id = ${captcha.captchaId}`);
      expect((await verify({ captchaId: captcha.captchaId, x: captcha.secretX, track: personDrag(captcha.secretX) })).body.message).toBe(FAILED);
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
      ['no track', () => undefined],
      ['a track of 4 points', (x: number) => [0.1, 0.4, 0.8, 1].map((p, i) => ({ x: Math.round(p * x), t: [0, 120, 260, 500][i]! }))],
      ['a track out of time order', (x: number) => personDrag(x).map((point, i, all) => ({ ...point, t: all[all.length - 1 - i]!.t }))],
      ['a drag of 100 ms', (x: number) => personDrag(x, 100)],
      ['a track ending 40 px away', (x: number) => personDrag(x - 40)],
      ['a glide at constant speed in even steps', (x: number) => Array.from({ length: 20 }, (_, i) => ({ x: Math.round(((i + 1) * x) / 20), t: (i + 1) * 16 }))],
    ])('refuses the right position with %s: no token, and the puzzle is used up', async (_name, track) => {
      const captcha = await newCaptcha();
      const refused = await verify({ captchaId: captcha.captchaId, x: captcha.secretX, track: track(captcha.secretX) });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ code: 400, message: FAILED, data: null });
      const [row] = await shop.services.db.select().from(captchaChallenges).where(sql`${captchaChallenges.id} = ${captcha.captchaId}`);
      expect(row).toMatchObject({ tokenHash: null, attemptedAt: expect.any(Date) });
      const retry = await verify({ captchaId: captcha.captchaId, x: captcha.secretX, track: personDrag(captcha.secretX) });
      expect(retry.body.message).toBe(FAILED);
    });

    it('takes the pointer’s vertical drift (y) into account: an even glide is a person’s when the pointer wavers', async () => {
      const glide = (x: number, y: (i: number) => number) =>
        Array.from({ length: 20 }, (_, i) => ({ x: Math.round(((i + 1) * x) / 20), y: y(i), t: (i + 1) * 16 }));
      const straight = await newCaptcha();
      const refused = await verify({ captchaId: straight.captchaId, x: straight.secretX, track: glide(straight.secretX, () => 0) });
      expect(refused.body.message).toBe(FAILED);
      const wavering = await newCaptcha();
      const accepted = await verify({ captchaId: wavering.captchaId, x: wavering.secretX, track: glide(wavering.secretX, (i) => (i % 3) - 1) });
      expect(accepted.body.message).toBe('Verification successful');
    });

    it('needs no track while CAPTCHA_TRACK_CHECK is off (the default under SHOP_ENV=test only)', async () => {
      shop.config.verification.captchaTrackCheck = false;
      const captcha = await newCaptcha();
      expect((await verify({ captchaId: captcha.captchaId, x: captcha.secretX })).body.message).toBe('Verification successful');
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

    it('refuses a resend to the same target within 60 s (429, how long to wait, not the daily text) and writes nothing', async () => {
      const email = nextEmail();
      expect((await sendCode({ email })).status).toBe(200);
      const before = await tableCounts();
      const again = await sendCode({ email });
      expect(again.status).toBe(429);
      expect(again.body).toMatchObject({ code: 429, data: null });
      expect(again.body.message).toMatch(RESEND_SOON);
      expect(await tableCounts()).toEqual(before);
      expect(await outbox(email)).toHaveLength(1);
      // in the player's language
      const german = await shop.api('POST', '/api/user/getSmsCode', {
        body: { accountType: 2, purpose: 1, email, botCheckToken: await botToken() },
        headers: { 'accept-language': 'de' },
      });
      expect(german.body.message).toMatch(/^Es wurde gerade ein Code gesendet\. Du kannst in (59|60) s einen neuen anfordern\.$/);
      // a minute later it works, as the message said
      await shop.services.db.execute(sql`UPDATE verification_sends SET created_at = created_at - interval '61 seconds' WHERE target = ${email}`);
      expect((await sendCode({ email })).status).toBe(200);
      expect(await outbox(email)).toHaveLength(2);
    });

    it("says 'come back tomorrow' when the target's day is used up, even within the minute", async () => {
      shop.config.verification.targetDailyLimit = 1;
      const email = nextEmail();
      expect((await sendCode({ email })).status).toBe(200);
      expect((await sendCode({ email })).body).toEqual({ code: 429, message: TOO_OFTEN, data: null });
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

    it('limits codes per IP per rolling 24 hours (429 "come back tomorrow") and writes nothing when refused', async () => {
      shop.config.verification.ipDailyLimit = 3;
      const ip = nextIp();
      const age = (by: string) => shop.services.db.execute(sql`UPDATE verification_sends SET created_at = created_at - ${by}::interval WHERE ip = ${ip}`);
      for (let i = 0; i < 3; i++) expect((await sendCode({ email: nextEmail() }, 1, ip)).status).toBe(200);
      // Two hours later the hour's window is empty again, the day's is not.
      await age('2 hours');
      const before = await tableCounts();
      const refused = await sendCode({ mobile: nextMobile() }, 1, ip);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ code: 429, message: TOO_OFTEN, data: null });
      expect(await tableCounts()).toEqual(before);
      expect((await sendCode({ email: nextEmail() }, 1, nextIp())).status).toBe(200);
      // Rolling: 24 hours after those sends the IP may ask again.
      await age('22 hours 1 minute');
      expect((await sendCode({ email: nextEmail() }, 1, ip)).status).toBe(200);
    });

    it('answers "come back tomorrow" rather than "IP blocked" when an IP has reached the day’s and the hour’s limit', async () => {
      shop.config.verification.ipDailyLimit = 2;
      shop.config.verification.ipHourlyLimit = 2;
      const ip = nextIp();
      for (let i = 0; i < 2; i++) expect((await sendCode({ email: nextEmail() }, 1, ip)).status).toBe(200);
      expect((await sendCode({ email: nextEmail() }, 1, ip)).body).toEqual({ code: 429, message: TOO_OFTEN, data: null });
    });

    it('concurrent requests from one IP cannot pass the daily limit', async () => {
      shop.config.verification.ipDailyLimit = 2;
      const ip = nextIp();
      const tokens = await Promise.all(Array.from({ length: 6 }, () => botToken()));
      const answers = await Promise.all(
        tokens.map((botCheckToken) => getCode({ accountType: 2, purpose: 1, email: nextEmail(), botCheckToken }, ip)),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
      expect(answers.filter((a) => a.status === 429).map((a) => a.body.message)).toEqual(Array(4).fill(TOO_OFTEN));
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

  describe('who a code can go to', () => {
    const { RegisterAccount, ForgetPassword, BindPhone, ChangePhone, BindEmail, ChangeEmail } = CodePurpose;
    const phoneBody = (number: string, purpose: number, botCheckToken: string) => ({
      accountType: 1,
      purpose,
      mobile: { dialCode: '44', number },
      botCheckToken,
    });
    const tokenSpent = async (botCheckToken: string) =>
      (await getCode({ accountType: 2, purpose: RegisterAccount, email: nextEmail(), botCheckToken })).body.message === FAILED;

    it.each([
      ['reset (2)', ForgetPassword],
      ['change (4)', ChangePhone],
    ])('%s to a phone without an account: "not registered" before any limit, budget or SMS; the token is spent', async (_name, purpose) => {
      // Every limit is reached: the answer is still the one about the account, and nothing is counted.
      shop.config.verification.smsDailyLimit = 0;
      shop.config.verification.ipDailyLimit = 1;
      shop.config.verification.ipHourlyLimit = 1;
      const ip = nextIp();
      expect((await sendCode({ email: nextEmail() }, RegisterAccount, ip)).status).toBe(200);
      const mobile = nextMobile();
      const botCheckToken = await botToken();
      const before = await tableCounts();
      const answer = await getCode(phoneBody(mobile, purpose, botCheckToken), ip, { 'accept-language': 'en' });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ code: 400, message: NOT_REGISTERED, data: null });
      expect(await tableCounts()).toEqual(before);
      expect(await outbox(`+44${mobile}`)).toEqual([]);
      expect(await tokenSpent(botCheckToken)).toBe(true);
    });

    it('checks the bot-check token before the account: without a solved puzzle nothing is revealed', async () => {
      const before = await tableCounts();
      const forged = await getCode(phoneBody(nextMobile(), ForgetPassword, 'x'.repeat(43)));
      expect(forged.body).toEqual({ code: 400, message: FAILED, data: null });
      expect(await tableCounts()).toEqual(before);
    });

    it('answers "not registered" in the caller’s language', async () => {
      const answer = await getCode(phoneBody(nextMobile(), ForgetPassword, await botToken()), nextIp(), { 'accept-language': 'de' });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('Diese Telefonnummer ist nicht registriert. Bitte registriere dich zuerst.');
    });

    it.each([
      ['reset (2)', ForgetPassword],
      ['change (6)', ChangeEmail],
    ])('%s to an e-mail without an account: answered and counted like a sent code, but nothing is stored or sent', async (_name, purpose) => {
      const email = nextEmail();
      const botCheckToken = await botToken();
      const before = await tableCounts();
      const answer = await getCode({ accountType: 2, purpose, email, botCheckToken });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ code: 200, message: SENT, data: { resendAfter: 60, expiresIn: 600 } });
      expect(await tableCounts()).toEqual({ ...before, sends: before.sends + 1 });
      expect(await outbox(email)).toEqual([]);
      expect(await tokenSpent(botCheckToken)).toBe(true);
      // A second request within the minute gets the 429 an address with an account gets.
      const again = await sendCode({ email }, purpose);
      expect(again.body).toMatchObject({ code: 429, data: null });
      expect(again.body.message).toMatch(RESEND_SOON);
    });

    it.each([
      ['reset (2)', ForgetPassword],
      ['change (4/6)', 0],
    ])('%s to a phone or e-mail with an account sends the code', async (_name, purpose) => {
      const mobile = nextMobile();
      const email = nextEmail();
      await accountWith({ mobile: `+44${mobile}`, email });
      expect((await sendCode({ mobile }, purpose || ChangePhone)).body.message).toBe(SENT);
      expect((await sendCode({ email }, purpose || ChangeEmail)).body.message).toBe(SENT);
      expect(await outbox(`+44${mobile}`)).toHaveLength(1);
      expect(await outbox(email)).toHaveLength(1);
    });

    it.each([
      ['register (1)', RegisterAccount],
      ['bind (3/5)', 0],
    ])('%s to a phone or e-mail that has an account: 409 before any limit or send; the token is spent', async (_name, purpose) => {
      const mobile = nextMobile();
      const email = nextEmail();
      await accountWith({ mobile: `+44${mobile}`, email });
      const phoneToken = await botToken();
      const emailToken = await botToken();
      const before = await tableCounts();
      const phone = await getCode(phoneBody(mobile, purpose || BindPhone, phoneToken));
      expect(phone.status).toBe(409);
      expect(phone.body).toEqual({ code: 409, message: 'This phone number is already used by another account', data: null });
      const mail = await getCode({ accountType: 2, purpose: purpose || BindEmail, email: email.toUpperCase(), botCheckToken: emailToken });
      expect(mail.status).toBe(409);
      expect(mail.body).toEqual({ code: 409, message: 'This e-mail address is already used by another account', data: null });
      expect(await tableCounts()).toEqual(before);
      expect(await outbox(`+44${mobile}`)).toEqual([]);
      expect(await outbox(email)).toEqual([]);
      expect(await tokenSpent(phoneToken)).toBe(true);
      expect(await tokenSpent(emailToken)).toBe(true);
    });
  });

  describe('checking the target before the puzzle (issue 14.6)', () => {
    const { RegisterAccount, ForgetPassword, ChangePhone, BindPhone, BindEmail, ChangeEmail } = CodePurpose;
    const check = (body: unknown, headers?: Record<string, string>) => shop.api('POST', '/api/user/getSmsCode/check', { body, headers });
    const phone = (dialCode: string, number: string, purpose: number) => ({ accountType: 1, purpose, mobile: { dialCode, number } });

    it.each([
      ['Vietnam +84', '84', '912345678'],
      ['Iran +98', '98', '9123456789'],
      ['the test-only excluded code 999999', '999999', '123456'],
      ['a number that is not one', '44', '12'],
    ])('refuses %s with "Invalid number" without a puzzle, writing nothing', async (_name, dialCode, number) => {
      const before = await tableCounts();
      const answer = await check(phone(dialCode, number, RegisterAccount));
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ code: 400, message: 'Invalid number', data: null });
      expect(await tableCounts()).toEqual(before);
    });

    it.each([
      ['reset (2)', ForgetPassword],
      ['change (4)', ChangePhone],
    ])('%s to an unregistered phone: "not registered" without a puzzle, in the caller\'s language', async (_name, purpose) => {
      const before = await tableCounts();
      const answer = await check(phone('44', nextMobile(), purpose));
      expect(answer.body).toEqual({ code: 400, message: NOT_REGISTERED, data: null });
      const german = await check(phone('44', nextMobile(), purpose), { 'accept-language': 'de' });
      expect(german.body.message).toBe('Diese Telefonnummer ist nicht registriert. Bitte registriere dich zuerst.');
      expect(await tableCounts()).toEqual(before);
    });

    it('lets through what getSmsCode would send, and answers a taken target as register would, with nothing counted', async () => {
      const mobile = nextMobile();
      const email = nextEmail();
      await accountWith({ mobile: `+44${mobile}`, email });
      const before = await tableCounts();
      expect((await check(phone('+44', mobile, ForgetPassword))).body).toEqual({ code: 200, message: expect.any(String), data: null });
      expect((await check(phone('44', nextMobile(), RegisterAccount))).body.code).toBe(200);
      expect((await check(phone('44', mobile, RegisterAccount))).status).toBe(409);
      expect((await check(phone('44', mobile, BindPhone))).status).toBe(409);
      expect((await check({ accountType: 2, purpose: BindEmail, email: email.toUpperCase() })).status).toBe(409);
      // an e-mail without an account looks like one with an account, as getSmsCode answers it
      expect((await check({ accountType: 2, purpose: ChangeEmail, email: nextEmail() })).body.code).toBe(200);
      expect((await check({ accountType: 2, purpose: ChangeEmail, email })).body.code).toBe(200);
      expect(await tableCounts()).toEqual(before);
      // the checks counted nothing: the code itself still goes out at once
      expect((await sendCode({ mobile }, ForgetPassword)).status).toBe(200);
    });

    it.each([
      ['no body', undefined],
      ['no target', { accountType: 1, purpose: 1 }],
      ['another account type', { accountType: 3, purpose: 1, email: 'a@example.com' }],
      ['another purpose', { accountType: 2, purpose: 7, email: 'a@example.com' }],
      ['a NUL', { accountType: 2, purpose: 1, email: 'a\u0000@example.com' }],
      ['a huge number', { accountType: 1, purpose: 1, mobile: { dialCode: '44', number: '7'.repeat(5000) } }],
      ['a number as an object', { accountType: 1, purpose: 1, mobile: { dialCode: '44', number: { $ne: '' } } }],
      ['not an e-mail', { accountType: 2, purpose: 1, email: 'nobody' }],
    ])('refuses %s with the 400 envelope', async (_name, body) => {
      const before = await tableCounts();
      const answer = await check(body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 400, data: null });
      expect(answer.body.message.length).toBeGreaterThan(0);
      expect(await tableCounts()).toEqual(before);
    });
  });

  describe('verifyCode', () => {
    const { RegisterAccount, ForgetPassword } = CodePurpose;

    it('accepts the right code once', async () => {
      const mobile = nextMobile();
      await accountWith({ mobile: `+44${mobile}` });
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
    expect(() => phoneE164('86', '13800138000', ignoredInProduction)).toThrow(DomainError);
    expect(() => phoneE164('8', '613800138000', ignoredInProduction)).toThrow(DomainError);
    expect(phoneE164('86', '13800138000', ['999999'])).toBe('+8613800138000');
  });

  it('checks e-mail addresses by a general pattern', () => {
    expect(normalizeEmail('  Player.One+tag@Example.CO.uk ')).toBe('player.one+tag@example.co.uk');
    for (const bad of ['plain', 'a@b', 'a@@b.com', 'a b@c.com', `${'a'.repeat(65)}@example.com`, 'a@-x.com'])
      expect(() => normalizeEmail(bad), bad).toThrow(DomainError);
  });
});
