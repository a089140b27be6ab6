import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { postgresStore } from './rate-limit.ts';
import { BACKENDS, startShop, type ApiAnswer, type Backend, type TestShop } from '../../test/harness.ts';
import type { TokenData } from '@shop/contract/auth.schema';
import { channelOf, orderBody, vouchers, type Player } from '../../test/shopping.ts';

const TOO_MANY = { code: 429, message: 'Too many requests, please try again later', data: null };
/** Low limits for these tests only (the harness raises every limit for the other tests). */
const LOW_LIMITS = {
  TRUST_PROXY: '127.0.0.1',
  FEATURE_CART: 'true',
  RATE_LIMIT_WINDOW_SECONDS: '60',
  RATE_LIMIT_LOGIN_PER_IP: '3',
  RATE_LIMIT_REGISTER_PER_IP: '3',
  RATE_LIMIT_REGISTER_PER_ACCOUNT: '2',
  RATE_LIMIT_REFRESH_PER_IP: '3',
  RATE_LIMIT_CODE_PER_IP: '3',
  RATE_LIMIT_CODE_PER_ACCOUNT: '2',
  RATE_LIMIT_CAPTCHA_PER_IP: '3',
  RATE_LIMIT_ORDER_PER_IP: '3',
  RATE_LIMIT_ORDER_PER_PLAYER: '2',
};

/** A client address of its own for every check (these tests vary it through X-Forwarded-For). */
const freshIp = () => `198.51.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

function expectLimited(answer: ApiAnswer, windowSeconds = 60) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(429);
  expect(answer.body).toEqual(TOO_MANY);
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

const quickLoginBody = (roleId = `rl-${randomBytes(4).toString('hex')}`) => ({
  appId: 10030,
  roleId,
  serverId: '10001',
  accountId: `acc-${roleId}`,
  userLevel: 1,
});

describe.each(BACKENDS)('rate limits (%s)', (backend) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startShop(backend, LOW_LIMITS);
  });
  afterAll(() => shop.close());

  const from = (ip: string, method: string, path: string, options: { body?: unknown; token?: string } = {}) =>
    shop.api(method, path, { ...options, headers: { 'x-forwarded-for': ip } });
  /** A player signed in by quick login from an address of its own (the login limit is low here). */
  const newPlayer = async (): Promise<Player> => {
    const body = quickLoginBody();
    const login = await from(freshIp(), 'POST', '/api/user/inapp/quick/login', { body });
    expect(login.body.code).toBe(200);
    return { token: (login.body.data as TokenData).token, roleId: body.roleId, appId: body.appId };
  };

  it('quick login: per client IP, in the envelope with Retry-After; other IPs go on', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await from(ip, 'POST', '/api/user/inapp/quick/login', { body: quickLoginBody() })).body.code).toBe(200);
    expectLimited(await from(ip, 'POST', '/api/user/inapp/quick/login', { body: quickLoginBody() }));
    expect((await from(freshIp(), 'POST', '/api/user/inapp/quick/login', { body: quickLoginBody() })).body.code).toBe(200);
  });

  it('counts parallel requests exactly (one atomic statement per hit)', async () => {
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 12 }, () => from(ip, 'POST', '/api/user/inapp/quick/login', { body: quickLoginBody() })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(9);
  });

  // Every limited route, counted per IP before its body is read: three requests pass (whatever they answer), the
  // fourth is refused. Routes of one limit share the count.
  const PUBLIC_ROUTES: [string, string, string, unknown][] = [
    ['login', 'POST', '/api/user/login', { loginType: 1, email: 'nobody@example.com', password: 'a wrong password' }],
    ['register', 'POST', '/api/user/register', {}],
    ['refresh', 'POST', '/api/user/refresh/token', { refreshToken: 'x'.repeat(40) }],
    ['getSmsCode', 'POST', '/api/user/getSmsCode', {}],
    ['captcha', 'GET', '/api/common/captcha', undefined],
    ['captcha verify', 'POST', '/api/common/captcha/verify', { captchaId: 'unknown', x: 1 }],
    ['code target check', 'POST', '/api/user/getSmsCode/check', { accountType: 2, purpose: 1, email: 'nobody@example.com' }],
  ];
  it.each(PUBLIC_ROUTES)('%s is limited per client IP', async (_name, method, path, body) => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await from(ip, method, path, { body })).status).not.toBe(429);
    expectLimited(await from(ip, method, path, { body }));
  });

  it('password login and quick login share the login count of an IP', async () => {
    const ip = freshIp();
    await from(ip, 'POST', '/api/user/inapp/quick/login', { body: quickLoginBody() });
    await from(ip, 'POST', '/api/user/login', { body: { loginType: 1, email: 'nobody@example.com', password: 'a wrong password' } });
    await from(ip, 'POST', '/api/user/inapp/quick/login', { body: quickLoginBody() });
    expectLimited(await from(ip, 'POST', '/api/user/login', { body: { loginType: 1, email: 'nobody@example.com', password: 'a wrong password' } }));
  });

  it('register and getSmsCode are limited per account (the normalised e-mail or phone) across IPs', async () => {
    const email = `Limit.${randomBytes(4).toString('hex')}@Example.com`;
    const registration = (address: string) => ({ accountType: 2, email: address, code: '123456', password: 'a good password', confirmPassword: 'a good password', countryCode: 'DE', agreeTerms: true });
    expect((await from(freshIp(), 'POST', '/api/user/register', { body: registration(email) })).status).toBe(400);
    expect((await from(freshIp(), 'POST', '/api/user/register', { body: registration(` ${email.toLowerCase()} `) })).status).toBe(400);
    expectLimited(await from(freshIp(), 'POST', '/api/user/register', { body: registration(email.toUpperCase()) }));
    expect((await from(freshIp(), 'POST', '/api/user/register', { body: registration(`other.${email}`) })).status).toBe(400);

    const code = { accountType: 1, purpose: 1, mobile: { dialCode: '44', number: '7400 123456' }, botCheckToken: 'not-a-token' };
    expect((await from(freshIp(), 'POST', '/api/user/getSmsCode', { body: code })).status).toBe(400);
    expect((await from(freshIp(), 'POST', '/api/user/getSmsCode', { body: { ...code, mobile: { dialCode: '+44', number: '7400123456' } } })).status).toBe(400);
    expectLimited(await from(freshIp(), 'POST', '/api/user/getSmsCode', { body: code }));
  });

  describe('order creation', () => {
    let voucherOrder: (player: Player) => Promise<unknown>;
    let channelFields: { payMethodId: string; thirdChannelId: string };
    beforeAll(async () => {
      const pack = (await vouchers(shop))[0]!;
      const channel = await channelOf(shop, 'xsolla');
      voucherOrder = async (player) => orderBody(player, pack, channel);
      channelFields = { payMethodId: String(channel.payMethodId), thirdChannelId: String(channel.thirdChannelId) };
    });

    it('voucher, product and cart orders and gift claims share one count per player, across IPs', async () => {
      const player = await newPlayer();
      const body = await voucherOrder(player);
      expect((await from(freshIp(), 'POST', '/api/v1/voucher/create/order', { token: player.token, body })).body.code).toBe(200);
      // refused by the service (no such game account), but counted
      expect((await from(freshIp(), 'POST', '/api/v1/product/receive', { token: player.token, body: { productId: 1041, gameAccountId: 999_999 } })).status).not.toBe(429);
      expectLimited(await from(freshIp(), 'POST', '/api/v1/order/product/create', { token: player.token, body: { appId: 10030, gameAccountId: 999_999, productId: 1012, quantity: 1, ...channelFields } }));
      expectLimited(await from(freshIp(), 'POST', '/api/v1/order/create', { token: player.token, body: { appId: 10030, gameAccountId: 999_999, items: [{ productId: 1012, quantity: 1 }], ...channelFields } }));
      expectLimited(await from(freshIp(), 'POST', '/api/v1/voucher/create/order', { token: player.token, body }));
      // another player is not affected
      const other = await newPlayer();
      expect((await from(freshIp(), 'POST', '/api/v1/voucher/create/order', { token: other.token, body: await voucherOrder(other) })).body.code).toBe(200);
    });

    it('one IP creating orders for many players is limited too', async () => {
      const ip = freshIp();
      const players = await Promise.all([0, 1, 2, 3].map(() => newPlayer()));
      for (const player of players.slice(0, 3)) expect((await from(ip, 'POST', '/api/v1/voucher/create/order', { token: player.token, body: await voucherOrder(player) })).body.code).toBe(200);
      expectLimited(await from(ip, 'POST', '/api/v1/voucher/create/order', { token: players[3]!.token, body: await voucherOrder(players[3]!) }));
    });
  });

  it('sweeps counters whose window has ended', async () => {
    await shop.services.db.execute(sql`INSERT INTO rate_limit_counters (key, count, window_ends_at) VALUES ('test:stale', 5, now() - interval '1 minute')`);
    await shop.services.rateLimits.sweep();
    const [row] = ((await shop.services.db.execute(sql`SELECT count(*) AS n FROM rate_limit_counters WHERE key = 'test:stale'`)) as unknown as { rows: { n: number | string }[] }).rows;
    expect(Number(row!.n)).toBe(0);
  });
});

/** Two shop instances on one database count together (the store is shared, not per process). */
describe.runIf(process.env.TEST_DATABASE_URL)('rate limits shared by two instances on one PostgreSQL', () => {
  let first: TestShop;
  let second: TestShop;
  beforeAll(async () => {
    first = await startShop('postgres', LOW_LIMITS);
    second = await startShop('postgres', { ...LOW_LIMITS, DATABASE_URL: first.config.database.url! });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('the fourth quick login from one IP is refused whichever instance gets it', async () => {
    const ip = freshIp();
    const login = (shop: TestShop) => shop.api('POST', '/api/user/inapp/quick/login', { body: quickLoginBody(), headers: { 'x-forwarded-for': ip } });
    const answers = await Promise.all([login(first), login(second), login(first), login(second)]);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    expectLimited(answers.find((answer) => answer.status !== 200)!);
    expectLimited(await login(second));
    expectLimited(await login(first));
  });

  it('sends the hits of one turn of the event loop as one statement, each hit getting its own count', async () => {
    // the store's own statements: the instance's count also has its background jobs', which may fall in the same turn
    const counters = first.services.database.counters!;
    let statements = 0;
    const counted = new Proxy(counters, {
      get: (target, name, receiver) =>
        name === 'execute' ? (...args: Parameters<typeof counters.execute>) => (statements++, target.execute(...args)) : Reflect.get(target, name, receiver),
    });
    const store = new (postgresStore(counted))();
    const hit = (key: string) => new Promise<number>((resolve, reject) => store.incr(key, (error, result) => (error ? reject(error) : resolve(result!.current)), 60_000));
    const key = `batch:${freshIp()}`;
    const counts = await Promise.all([hit(key), hit(key), hit(`${key}:other`), hit(key)]);
    expect(statements).toBe(1);
    expect(counts).toEqual([1, 2, 1, 3]);
    expect(await hit(key)).toBe(4);
  });

  it('counts on connections whose commits do not wait for the WAL flush (a lost count is harmless), the shop’s own do', async () => {
    const setting = async (db: Db) => ((await db.execute(sql`SHOW synchronous_commit`)) as unknown as { rows: { synchronous_commit: string }[] }).rows[0]!.synchronous_commit;
    expect(await setting(first.services.database.counters!)).toBe('off');
    expect(await setting(first.services.db)).toBe('on');
    const [row] = ((await first.services.database.counters!.execute(sql`SELECT count(*) AS n FROM rate_limit_counters`)) as unknown as { rows: { n: number | string }[] }).rows;
    expect(Number(row!.n)).toBeGreaterThan(0);
  });
});

/** The same with Redis as the store (REDIS_URL), when a test Redis is given. */
describe.runIf(process.env.TEST_REDIS_URL)('rate limits in Redis', () => {
  const backend: Backend = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
  let first: TestShop;
  let second: TestShop;
  beforeAll(async () => {
    const env = { ...LOW_LIMITS, REDIS_URL: process.env.TEST_REDIS_URL! };
    first = await startShop(backend, env);
    // a second instance with a database of its own: only Redis is shared
    second = await startShop(backend, env);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('counts per IP across instances, writes nothing to PostgreSQL, and answers the same envelope', async () => {
    const ip = freshIp();
    const login = (shop: TestShop) => shop.api('POST', '/api/user/inapp/quick/login', { body: quickLoginBody(), headers: { 'x-forwarded-for': ip } });
    expect((await login(first)).status).toBe(200);
    expect((await login(second)).status).toBe(200);
    expect((await login(first)).status).toBe(200);
    expectLimited(await login(second));
    const [row] = ((await first.services.db.execute(sql`SELECT count(*) AS n FROM rate_limit_counters`)) as unknown as { rows: { n: number | string }[] }).rows;
    expect(Number(row!.n)).toBe(0);
  });
});

describe('rate limits while Redis is away', () => {
  let shop: TestShop;
  beforeAll(async () => {
    // nothing listens on port 1: every count fails at once
    shop = await startShop('pglite', { ...LOW_LIMITS, REDIS_URL: 'redis://127.0.0.1:1' });
  });
  afterAll(() => shop.close());

  it('lets requests through instead of refusing or failing them', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      const answer = await shop.api('POST', '/api/user/inapp/quick/login', { body: quickLoginBody(), headers: { 'x-forwarded-for': ip } });
      expect(answer.status).toBe(200);
    }
  });
});
