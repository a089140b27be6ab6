import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { count, eq, sql } from 'drizzle-orm';
import { BACKENDS, startShop, type TestShop } from '../../../test/harness.ts';
import { gameAccounts, refreshTokens, users } from '../../db/schema.ts';
import { signLaunch } from './launch-signature.ts';

const LAUNCH_SECRET = 'launch-secret-of-breaking-dead';

describe.each(BACKENDS)('quick login, tokens and user info (%s)', (backend) => {
  let shop: TestShop;
  const rows = async () => ({
    users: (await shop.services.db.select({ n: count() }).from(users))[0]!.n,
    accounts: (await shop.services.db.select({ n: count() }).from(gameAccounts))[0]!.n,
  });

  beforeAll(async () => {
    shop = await startShop(backend, { GAME_LAUNCH_SECRETS: JSON.stringify({ 10002: LAUNCH_SECRET }) });
  });
  afterAll(() => shop.close());

  it('creates the player and its game account once, then finds them again', async () => {
    const first = await shop.quickLogin({ roleId: 'r-1', accountId: 'acc-1' });
    expect(first).toMatchObject({ expiresIn: 1800, tokenHead: 'Bearer ' });
    expect(first.refreshToken.length).toBeGreaterThan(20);
    const before = await rows();
    const again = await shop.quickLogin({ roleId: 'r-1', accountId: 'acc-1', userLevel: 30 });
    expect(await rows()).toEqual(before);
    const info = await shop.api<{ id: number; gameRole: { roleId: string; userLevel: number; gameName: string; serverName: string } }>(
      'GET',
      '/api/user/info',
      { token: again.token },
    );
    expect(info.body.code).toBe(200);
    expect(info.body.data.gameRole).toMatchObject({ roleId: 'r-1', userLevel: 30, gameName: 'Breaking Dead' });
    expect(info.body.data.gameRole.serverName).not.toBe('');
  });

  it('binds a second role of the same game account to the same player', async () => {
    const a = await shop.quickLogin({ roleId: 'r-2a', accountId: 'acc-2' });
    const b = await shop.quickLogin({ roleId: 'r-2b', accountId: 'acc-2' });
    const infoA = await shop.api<{ id: number }>('GET', '/api/user/info', { token: a.token });
    const infoB = await shop.api<{ id: number }>('GET', '/api/user/info', { token: b.token });
    expect(infoA.body.data.id).toBe(infoB.body.data.id);
  });

  it('concurrent first logins of one role end on one player and one game account', async () => {
    const before = await rows();
    await Promise.all(Array.from({ length: 8 }, () => shop.quickLogin({ roleId: 'r-race', accountId: 'acc-race' })));
    const after = await rows();
    expect(after.accounts - before.accounts).toBe(1);
    expect(after.users - before.users).toBe(1);
  });

  it.each([
    ['missing fields', {}],
    ['missing roleId', { appId: 10030, serverId: '1', accountId: 'a' }],
    ['appId not a number', { appId: 'abc', roleId: 'r', serverId: '1', accountId: 'a' }],
    ['empty roleId', { appId: 10030, roleId: '   ', serverId: '1', accountId: 'a' }],
    ['roleId too long', { appId: 10030, roleId: 'x'.repeat(65), serverId: '1', accountId: 'a' }],
    ['wrong type', { appId: 10030, roleId: { $ne: 1 }, serverId: '1', accountId: 'a' }],
    ['negative level', { appId: 10030, roleId: 'r', serverId: '1', accountId: 'a', userLevel: -1 }],
  ])('refuses %s with a 400 envelope and writes nothing', async (_name, body) => {
    const before = await rows();
    const answer = await shop.api('POST', '/api/user/inapp/quick/login', { body });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 400, data: null });
    expect(answer.body.message).toMatch(/Missing required information/);
    expect(await rows()).toEqual(before);
  });

  it('refuses malformed JSON with a 400 envelope', async () => {
    const answer = await shop.api('POST', '/api/user/inapp/quick/login', { rawBody: '{"appId":' });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(400);
  });

  it('refuses an unknown game in the caller’s language', async () => {
    const en = await shop.api('POST', '/api/user/inapp/quick/login', { body: { appId: 99999, roleId: 'r', serverId: '1', accountId: 'a' } });
    expect(en.status).toBe(404);
    expect(en.body).toMatchObject({ code: 404, message: 'Unknown game', data: null });
    const de = await shop.api('POST', '/api/user/inapp/quick/login', {
      body: { appId: 99999, roleId: 'r', serverId: '1', accountId: 'a' },
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
    });
    expect(de.body.message).not.toBe('Unknown game');
  });

  it('refuses a role that belongs to another game account', async () => {
    await shop.quickLogin({ roleId: 'r-owned', accountId: 'owner' });
    const answer = await shop.api('POST', '/api/user/inapp/quick/login', {
      body: { appId: 10030, roleId: 'r-owned', serverId: '10001', accountId: 'intruder' },
    });
    expect(answer.status).toBe(403);
  });

  describe('signed voucher links for a game with a launch secret', () => {
    const base = { appId: 10002, roleId: 'signed-1', serverId: '10001', accountId: 'signed-acc', userLevel: 5 };
    const now = () => Math.floor(Date.now() / 1000);

    it('accepts a fresh, correctly signed link', async () => {
      const ts = now();
      const sign = signLaunch({ ...base, ts }, LAUNCH_SECRET);
      const answer = await shop.api('POST', '/api/user/inapp/quick/login', { body: { ...base, ts, sign } });
      expect(answer.body.code).toBe(200);
    });

    it.each([
      ['no signature', () => ({ ...base })],
      ['a wrong signature', () => ({ ...base, ts: now(), sign: 'a'.repeat(64) })],
      ['a signature of other parameters', () => ({ ...base, ts: now(), sign: signLaunch({ ...base, userLevel: 99, ts: now() }, LAUNCH_SECRET) })],
      ['an expired link', () => ({ ...base, ts: now() - 301, sign: signLaunch({ ...base, ts: now() - 301 }, LAUNCH_SECRET) })],
      ['a signature made with another secret', () => ({ ...base, ts: now(), sign: signLaunch({ ...base, ts: now() }, 'not-the-secret-at-all') })],
    ])('refuses %s', async (_name, body) => {
      const before = await rows();
      const answer = await shop.api('POST', '/api/user/inapp/quick/login', { body: body() });
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe(403);
      expect(await rows()).toEqual(before);
    });
  });

  describe('refresh token rotation', () => {
    it('rotates on every refresh and revokes the family when a used token comes back', async () => {
      const first = await shop.quickLogin({ roleId: 'r-refresh', accountId: 'acc-refresh' });
      const second = await shop.api<{ token: string; refreshToken: string }>('POST', '/api/user/refresh/token', {
        body: { refreshToken: first.refreshToken },
      });
      expect(second.body.code).toBe(200);
      expect(second.body.data.refreshToken).not.toBe(first.refreshToken);
      const info = await shop.api('GET', '/api/user/info', { token: second.body.data.token });
      expect(info.body.code).toBe(200);

      const replay = await shop.api('POST', '/api/user/refresh/token', { body: { refreshToken: first.refreshToken } });
      expect(replay.status).toBe(401);
      // The replay revoked the whole family, so the legitimately rotated token is dead too.
      const afterReplay = await shop.api('POST', '/api/user/refresh/token', { body: { refreshToken: second.body.data.refreshToken } });
      expect(afterReplay.status).toBe(401);
    });

    it('lets only one of several parallel refreshes with the same token win', async () => {
      const login = await shop.quickLogin({ roleId: 'r-refresh-race', accountId: 'acc-refresh-race' });
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => shop.api('POST', '/api/user/refresh/token', { body: { refreshToken: login.refreshToken } })),
      );
      expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1);
    });

    it('refuses a refresh token past its lifetime (REFRESH_TOKEN_TTL_DAYS) with a 401 envelope and issues nothing', async () => {
      const login = await shop.quickLogin({ roleId: 'r-refresh-old', accountId: 'acc-refresh-old' });
      const byToken = eq(refreshTokens.tokenHash, createHash('sha256').update(login.refreshToken).digest('hex'));
      const [stored] = await shop.services.db.select().from(refreshTokens).where(byToken);
      expect(Math.abs(stored!.expiresAt.getTime() - (Date.now() + 30 * 86_400_000))).toBeLessThan(60_000);
      await shop.services.db.update(refreshTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(byToken);
      const tokensBefore = (await shop.services.db.select({ n: count() }).from(refreshTokens))[0]!.n;
      for (let i = 0; i < 2; i++) {
        const answer = await shop.api('POST', '/api/user/refresh/token', { body: { refreshToken: login.refreshToken } });
        expect(answer.status).toBe(401);
        expect(answer.body).toEqual({ code: 401, message: 'Your session has ended. Please log in again.', data: null });
      }
      expect((await shop.services.db.select({ n: count() }).from(refreshTokens))[0]!.n).toBe(tokensBefore);
      // A token a moment before its end still works.
      const fresh = await shop.quickLogin({ roleId: 'r-refresh-old', accountId: 'acc-refresh-old' });
      await shop.services.db
        .update(refreshTokens)
        .set({ expiresAt: sql`now() + interval '5 seconds'` })
        .where(eq(refreshTokens.tokenHash, createHash('sha256').update(fresh.refreshToken).digest('hex')));
      expect((await shop.api('POST', '/api/user/refresh/token', { body: { refreshToken: fresh.refreshToken } })).body.code).toBe(200);
    });

    it('refuses an unknown refresh token and a malformed one', async () => {
      const tokensBefore = (await shop.services.db.select({ n: count() }).from(refreshTokens))[0]!.n;
      expect((await shop.api('POST', '/api/user/refresh/token', { body: { refreshToken: 'x'.repeat(40) } })).status).toBe(401);
      expect((await shop.api('POST', '/api/user/refresh/token', { body: { refreshToken: 12 } })).status).toBe(400);
      expect((await shop.services.db.select({ n: count() }).from(refreshTokens))[0]!.n).toBe(tokensBefore);
    });
  });

  describe('access tokens', () => {
    it('answers 401 without or with a forged token, and code 1007 for an expired one', async () => {
      expect((await shop.api('GET', '/api/user/info')).body.code).toBe(401);
      const forged = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'access' })
        .setSubject('1')
        .setIssuer('game-shop')
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('another-secret-another-secret-another'));
      expect((await shop.api('GET', '/api/user/info', { token: forged })).body.code).toBe(401);
      const expired = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'access' })
        .setSubject('1')
        .setIssuer('game-shop')
        .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
        .sign(new TextEncoder().encode(shop.config.jwtSecret));
      const answer = await shop.api('GET', '/api/user/info', { token: expired });
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe(1007);
      const none = `${Buffer.from('{"alg":"none","typ":"access"}').toString('base64url')}.${Buffer.from('{"sub":"1","iss":"game-shop"}').toString('base64url')}.`;
      expect((await shop.api('GET', '/api/user/info', { token: none })).body.code).toBe(401);
    });
  });
});
