import { createServer, type Server } from 'node:http';
import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { GeetestConfig } from '../../../../config.ts';
import { BACKENDS, startShop, type TestShop } from '../../../../../test/harness.ts';

const FAILED = 'Verification failed, please try again.';
const UNAVAILABLE = 'The service is temporarily unavailable, please try again shortly';
const CAPTCHA_ID = 'fake0geetest0captcha0id000000001';
const CAPTCHA_KEY = 'fake0geetest0captcha0key00000001';

interface Received {
  method: string;
  url: string;
  contentType: string | undefined;
  fields: Record<string, string>;
}

/** What the fake GeeTest answers a validation with: HTTP status and raw body. */
type Answer = (fields: Record<string, string>) => { status: number; body: string; delayMs?: number };

const verdict = (result: 'success' | 'fail', reason = '') => ({
  status: 200,
  body: JSON.stringify({ status: 'success', result, reason, captcha_args: { used_type: 'slide', lot_number: 'x' } }),
});

/**
 * A fake GeeTest validate API on a real port. By default it behaves like GeeTest: the sign_token must be the HMAC of the
 * lot_number with the captcha key, and each pass validates once.
 */
async function startFakeGeetest() {
  const received: Received[] = [];
  const validated = new Set<string>();
  const likeGeetest: Answer = (fields) => {
    const expected = createHmac('sha256', CAPTCHA_KEY).update(fields['lot_number'] ?? '').digest('hex');
    if (fields['sign_token'] !== expected) return verdict('fail', 'sign_token error');
    if (validated.has(fields['lot_number']!)) return verdict('fail', 'pass_token used');
    validated.add(fields['lot_number']!);
    return verdict('success');
  };
  let answer: Answer = likeGeetest;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const fields = Object.fromEntries(new URLSearchParams(body));
      received.push({ method: request.method!, url: request.url!, contentType: request.headers['content-type'], fields });
      const { status, body: text, delayMs = 0 } = answer(fields);
      setTimeout(() => response.writeHead(status, { 'content-type': 'application/json' }).end(text), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    answer(next: Answer) {
      answer = next;
    },
    reset() {
      answer = likeGeetest;
      received.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let serial = 0;
/** A pass as gt4.js's getValidate() gives it to the page (the fake accepts any). */
const pass = () => ({
  provider: 'geetest' as const,
  lot_number: (++serial).toString(16).padStart(32, 'a'),
  captcha_output: `output-${serial}_-=+/`,
  pass_token: `${serial}`.padStart(64, 'b'),
  gen_time: String(Math.floor(Date.now() / 1000)),
});

describe.each(BACKENDS)('GeeTest v4 adapter against a fake GeeTest (%s)', (backend) => {
  let shop: TestShop;
  let fake: Awaited<ReturnType<typeof startFakeGeetest>>;
  let geetest: GeetestConfig;
  let defaults: GeetestConfig;

  beforeAll(async () => {
    fake = await startFakeGeetest();
    shop = await startShop(backend, {
      CAPTCHA_PROVIDER: 'geetest',
      GEETEST_CAPTCHA_ID: CAPTCHA_ID,
      GEETEST_CAPTCHA_KEY: CAPTCHA_KEY,
      GEETEST_API_URL: `${fake.url}/`,
      GEETEST_SCRIPT_URL: 'https://static.geetest.com/v4/gt4.js',
    });
    if (shop.config.captcha.provider !== 'geetest') throw new Error('expected GeeTest');
    geetest = shop.config.captcha.geetest;
    defaults = { ...geetest };
  });
  afterAll(async () => {
    await shop?.close();
    await fake?.close();
  });
  afterEach(() => {
    Object.assign(geetest, defaults);
    fake.reset();
  });

  const verify = (body: unknown) => shop.api<{ botCheckToken: string; expiresIn: number }>('POST', '/api/common/captcha/verify', { body });
  const passRows = async (lotNumber: string) =>
    ((await shop.services.db.execute(sql`SELECT id FROM captcha_challenges WHERE id = ${`geetest:${lotNumber}`}`)) as unknown as { rows: unknown[] }).rows
      .length;

  it("tells the page GeeTest's captcha_id and script, and lets the page load GeeTest (CSP)", async () => {
    const answer = await shop.api<Record<string, unknown>>('GET', '/api/common/captcha');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ provider: 'geetest', captchaId: CAPTCHA_ID, scriptUrl: 'https://static.geetest.com/v4/gt4.js' });
    const csp = answer.headers.get('content-security-policy')!;
    for (const directive of ['script-src', 'style-src', 'frame-src', 'connect-src']) {
      const sources = new RegExp(`${directive} ([^;]*)`).exec(csp)![1]!.split(' ');
      expect(sources).toEqual(expect.arrayContaining(['https://static.geetest.com', fake.url]));
    }
  });

  it('documents both solutions of the verify route in OpenAPI, told apart by provider', async () => {
    type Schema = { properties: Record<string, { enum?: string[] }>; required: string[] };
    const doc = (await (await fetch(`${shop.url}/api/docs/json`)).json()) as {
      paths: Record<string, { post: { requestBody: { content: { 'application/json': { schema: { oneOf: Schema[] } } } } } }>;
    };
    const [inHouse, geetestBody] = doc.paths['/api/common/captcha/verify']!.post.requestBody.content['application/json'].schema.oneOf;
    expect(inHouse!.properties['provider']!.enum).toEqual(['in-house']);
    expect(inHouse!.required).toEqual(['captchaId', 'x']);
    expect(geetestBody!.properties['provider']!.enum).toEqual(['geetest']);
    expect(geetestBody!.required).toEqual(['provider', 'lot_number', 'captcha_output', 'pass_token', 'gen_time']);
  });

  it('validates the pass as GeeTest documents it and gives a bot-check token that sends a code', async () => {
    const solution = pass();
    const answer = await verify(solution);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ code: 200, message: 'Verification successful', data: { expiresIn: 120 } });

    expect(fake.received).toHaveLength(1);
    const [call] = fake.received;
    expect(call).toMatchObject({ method: 'POST', url: `/validate?captcha_id=${CAPTCHA_ID}` });
    expect(call!.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    const { provider: _provider, ...fields } = solution;
    expect(call!.fields).toEqual({ ...fields, sign_token: createHmac('sha256', CAPTCHA_KEY).update(solution.lot_number).digest('hex') });

    const sent = await shop.api('POST', '/api/user/getSmsCode', {
      body: { accountType: 2, purpose: 1, email: `geetest.${serial}@example.com`, botCheckToken: answer.body.data.botCheckToken },
    });
    expect(sent.body).toMatchObject({ code: 200, message: 'Verification code successfully sent.' });
  });

  it("refuses a pass GeeTest fails, and writes nothing", async () => {
    fake.answer(() => verdict('fail', 'pass_token expire'));
    const solution = pass();
    const answer = await verify(solution);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: 400, message: FAILED, data: null });
    expect(await passRows(solution.lot_number)).toBe(0);
  });

  it('is refused by GeeTest when it signs with another key', async () => {
    geetest.captchaKey = 'not-the-captcha-key';
    const answer = await verify(pass());
    expect(answer.body).toEqual({ code: 400, message: FAILED, data: null });
    expect(fake.received[0]!.fields['sign_token']).toBe(createHmac('sha256', 'not-the-captcha-key').update(fake.received[0]!.fields['lot_number']!).digest('hex'));
  });

  it('gives one token per pass: a replay is refused by GeeTest, and by the shop if GeeTest vouched again', async () => {
    const solution = pass();
    expect((await verify(solution)).status).toBe(200);
    expect((await verify(solution)).body).toEqual({ code: 400, message: FAILED, data: null });
    fake.answer(() => verdict('success'));
    expect((await verify(solution)).body).toEqual({ code: 400, message: FAILED, data: null });
    expect(await passRows(solution.lot_number)).toBe(1);
  });

  it.each([
    ['GeeTest is unreachable', () => (geetest.apiUrl = 'http://127.0.0.1:1')],
    ['GeeTest answers too late', () => ((geetest.timeoutMs = 200), fake.answer(() => ({ ...verdict('success'), delayMs: 1000 })))],
    ['GeeTest answers 502', () => fake.answer(() => ({ status: 502, body: '<html>Bad Gateway</html>' }))],
    ['GeeTest answers something that is not JSON', () => fake.answer(() => ({ status: 200, body: 'ok' }))],
    ['GeeTest answers JSON without a result', () => fake.answer(() => ({ status: 200, body: '{"status":"success"}' }))],
    ['GeeTest answers an unknown result', () => fake.answer(() => ({ status: 200, body: '{"result":"maybe"}' }))],
  ])('refuses the pass with 503 when %s (fails closed), and writes nothing', async (_name, arrange) => {
    arrange();
    const solution = pass();
    const answer = await verify(solution);
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({ code: 503, message: UNAVAILABLE, data: null });
    expect(await passRows(solution.lot_number)).toBe(0);
  });

  it("refuses the pass when GeeTest refuses the request itself (status error)", async () => {
    fake.answer(() => ({ status: 200, body: JSON.stringify({ status: 'error', code: '-50005', msg: 'illegal captcha_id' }) }));
    expect((await verify(pass())).body).toEqual({ code: 400, message: FAILED, data: null });
  });

  it("refuses the in-house puzzle's solution without asking GeeTest", async () => {
    expect((await verify({ captchaId: 'abc', x: 10 })).body).toEqual({ code: 400, message: FAILED, data: null });
    expect((await verify({ provider: 'in-house', captchaId: 'abc', x: 10 })).body.message).toBe(FAILED);
    expect(fake.received).toHaveLength(0);
  });

  it.each([
    ['only the provider', { provider: 'geetest' }, /lot_number, captcha_output, pass_token, gen_time/],
    ['a NUL byte in lot_number', { ...pass(), lot_number: 'abc\u0000def' }, /lot_number/],
    ['a space in pass_token', { ...pass(), pass_token: 'abc def' }, /pass_token/],
    ['gen_time not in seconds', { ...pass(), gen_time: '2024-01-01' }, /gen_time/],
    ['a captcha_output over 4096 characters', { ...pass(), captcha_output: 'a'.repeat(4097) }, /captcha_output/],
    ['a number for lot_number', { ...pass(), lot_number: 12 }, /lot_number/],
    ['an unknown provider', { ...pass(), provider: 'recaptcha' }, /provider/],
  ])('refuses %s with a 400 envelope, without asking GeeTest', async (_name, body, fields) => {
    const answer = await verify(body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 400, data: null });
    expect(answer.body.message).toMatch(/^Missing required information: /);
    expect(answer.body.message).toMatch(fields);
    expect(fake.received).toHaveLength(0);
  });
});
