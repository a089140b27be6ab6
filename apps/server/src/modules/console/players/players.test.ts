import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TokenData } from '@shop/contract/auth.schema';
import type { LedgerEntryView, PlayerAccount, PlayerDetail, PlayerOrder, PlayerSearchResult, RoleDetail } from '@shop/contract/console/players';
import type { VoucherHistory } from '@shop/contract/voucher-history';
import { BACKENDS, startShop, type ApiAnswer, type TestShop } from '../../../../test/harness.ts';
import { asOperator, loginOperator, type TestOperator } from '../../../../test/console.ts';
import { bind, freshGameAccount } from '../../../../test/game.ts';
import { createOrder, press, waitForStatus } from '../../../../test/shopping.ts';
import { gameAccounts } from '../../../db/schema.ts';
import { hashPassword } from '../../account/passwords.ts';
import { signDynamicToken } from '../../account/account.service.ts';
import { signLaunch } from '../../auth/launch-signature.ts';

const SECRET = 'launch-secret-10030-for-console-tests';
const PASSWORD = 'correct horse battery';
const BLOCKED = 'This account has been blocked. Please contact customer support.';
const BASE = '/api/console/v1/players';

let serial = 0;
const unique = () => `${process.pid}${Date.now().toString(36)}${++serial}`;

interface Launched {
  userId: number;
  gameAccountId: number;
  tokens: TokenData;
  roleId: string;
  accountId: string;
  appId: number;
}

describe.each(BACKENDS)('console players (%s)', (backend) => {
  let shop: TestShop;
  let admin: TestOperator;
  let finance: TestOperator;
  let support: TestOperator;

  beforeAll(async () => {
    shop = await startShop(backend, { FEATURE_OTP_LOGIN: 'true', GAME_LAUNCH_SECRETS: JSON.stringify({ 10030: SECRET }) });
    [admin, finance, support] = [await loginOperator(shop, 'admin'), await loginOperator(shop, 'finance'), await loginOperator(shop, 'support')];
  });
  afterAll(() => shop?.close());

  const rowsOf = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    ((await shop.services.db.execute(query)) as unknown as { rows: T[] }).rows;

  /** A signed launch from game 10030 (the only proof of owning a role). */
  async function launch(role: { roleId?: string; accountId?: string; serverId?: string } = {}): Promise<ApiAnswer<TokenData>> {
    const id = unique();
    const fields = { appId: 10030, accountId: role.accountId ?? `acc-${id}`, roleId: role.roleId ?? `role-${id}`, serverId: role.serverId ?? '10001', userLevel: 3, ts: Math.floor(Date.now() / 1000) };
    return shop.api<TokenData>('POST', '/api/user/inapp/quick/login', { body: { ...fields, sign: signLaunch(fields, SECRET) } });
  }

  async function newOwner(role: { roleId?: string; accountId?: string } = {}): Promise<Launched> {
    const roleId = role.roleId ?? `role-${unique()}`;
    const accountId = role.accountId ?? `acc-${unique()}`;
    const answer = await launch({ roleId, accountId });
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
    const [row] = await shop.services.db.select().from(gameAccounts).where(sql`${gameAccounts.roleId} = ${roleId} AND ${gameAccounts.appId} = 10030`);
    return { userId: row!.ownerUserId!, gameAccountId: row!.id, tokens: answer.body.data, roleId, accountId, appId: 10030 };
  }

  /** Gives a launched player an e-mail and password (as registering would). */
  async function withPassword(player: Launched, email = `player.${unique()}@example.com`): Promise<string> {
    await shop.services.db.execute(sql`UPDATE users SET email = ${email}, password_hash = ${await hashPassword(PASSWORD)} WHERE id = ${player.userId}`);
    return email;
  }

  const as = (operator: TestOperator) => asOperator(shop, operator);
  const adjust = (operator: TestOperator, gameAccountId: number | string, body: Record<string, unknown>) =>
    as(operator)<{ entry: LedgerEntryView; balance: number; replayed: boolean }>('POST', `${BASE}/roles/${gameAccountId}/vouchers`, { body });
  const credit = (amount: number, reason = 'goodwill for a lost delivery') => ({ direction: 'credit', amount, reason, key: randomUUID() });
  const debit = (amount: number, reason = 'taking back a double credit') => ({ direction: 'debit', amount, reason, key: randomUUID() });

  const counts = async () =>
    (
      await rowsOf<{ ledger: string; audit: string; accounts: string; users: string }>(sql`
        SELECT (SELECT count(*) FROM voucher_ledger) AS ledger, (SELECT count(*) FROM audit_log) AS audit,
               (SELECT coalesce(sum(balance), 0) FROM voucher_accounts) AS accounts,
               (SELECT md5(string_agg(id || ':' || session_version || ':' || coalesce(blocked_at::text, '') || coalesce(blocked_reason, ''), ',' ORDER BY id)) FROM users) AS users`)
    )[0]!;

  async function expectRefused(send: () => Promise<ApiAnswer>, status: number, message?: string | RegExp): Promise<ApiAnswer> {
    const before = await counts();
    const answer = await send();
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect(answer.body.code).toBe(status);
    expect(answer.body.message.length).toBeGreaterThan(0);
    if (message) expect(answer.body.message).toMatch(message);
    expect(await counts()).toEqual(before);
    return answer;
  }

  const auditOf = (action: string, entityId: number) =>
    rowsOf<{ actor: string; before: Record<string, unknown>; after: Record<string, unknown>; operator_id: number }>(
      sql`SELECT actor, before, after, operator_id FROM audit_log WHERE action = ${action} AND entity_id = ${String(entityId)} ORDER BY id`,
    );

  const userInfo = (token: string) => shop.api('GET', '/api/user/info', { token });

  // ---- lookup ------------------------------------------------------------------------------------------------------

  describe('lookup', () => {
    const search = (q: string, by?: string, operator = support) =>
      as(operator)<PlayerSearchResult>('GET', `${BASE}?q=${encodeURIComponent(q)}${by ? `&by=${by}` : ''}`);

    it('finds a player by e-mail (any case, spaces around), by phone as typed, by game ID, role id and role name', async () => {
      const player = await newOwner();
      const email = await withPassword(player, `Lookup.${unique()}@Example.com`.toLowerCase());
      const national = String(7_400_000_000 + (Date.now() % 1_000_000) * 10 + (serial % 10)).slice(-10);
      await shop.services.db.execute(sql`UPDATE users SET mobile = ${`+44${national}`} WHERE id = ${player.userId}`);
      const roleName = `Knight${unique()}`;
      await shop.services.db.execute(sql`UPDATE game_accounts SET role_name = ${roleName} WHERE id = ${player.gameAccountId}`);

      const expectFound = async (q: string, by: string | undefined, match: string) => {
        const answer = await search(q, by);
        expect(answer.body.code, `${q} ${JSON.stringify(answer.body)}`).toBe(200);
        const hit = answer.body.data.players.find((p) => p.id === player.userId);
        expect(hit, `${q} by ${by}`).toBeTruthy();
        expect(hit!.matchedBy).toContain(match);
        return hit!;
      };
      const byMail = await expectFound(`  ${email.toUpperCase()} `, undefined, 'email');
      expect(byMail).toMatchObject({ email, mobile: `+44${national}`, blockedAt: null });
      await expectFound(email, 'email', 'email');
      for (const typed of [`+44${national}`, `+44 ${national.slice(0, 4)} ${national.slice(4)}`, `0044 ${national}`, `44${national}`, `+44 (0)${national}`, `+44-${national.slice(0, 4)}-${national.slice(4)}`]) {
        await expectFound(typed, undefined, 'phone');
        await expectFound(typed, 'phone', 'phone');
      }
      const byGameId = await expectFound(player.accountId, 'gameId', 'gameId');
      expect(byGameId.roles).toEqual([expect.objectContaining({ gameAccountId: player.gameAccountId, relation: 'owner', accountId: player.accountId, balance: 0 })]);
      await expectFound(player.accountId, undefined, 'gameId');
      await expectFound(player.roleId, 'role', 'roleId');
      await expectFound(player.roleId, undefined, 'roleId');
      await expectFound(roleName.toLowerCase(), 'role', 'roleName');
      await expectFound(roleName.slice(0, -1).toUpperCase(), undefined, 'roleName');
      // a key searched on its own does not match the others
      expect((await search(player.accountId, 'email')).body.data.players).toEqual([]);
      expect((await search(email, 'gameId')).body.data.players).toEqual([]);
    });

    it('lists the owner and every player who bound a role, and a role nobody owns or bound on its own', async () => {
      const owner = await newOwner();
      const binder = await newOwner();
      const role = await shop.services.db.select().from(gameAccounts).where(sql`${gameAccounts.id} = ${owner.gameAccountId}`);
      // bind the owner's role by game ID as another player: needs the game server to know it
      const { gameId, roles } = await freshGameAccount(shop);
      const bound = await bind(shop, { token: binder.tokens.token, roleId: binder.roleId, appId: 10030 }, 10030, gameId, roles[0]!);
      expect(bound.body.code, JSON.stringify(bound.body)).toBe(200);
      const boundRole = (await search(roles[0]!.roleId, 'role')).body.data;
      expect(boundRole.roles).toEqual([]);
      expect(boundRole.players.map((p) => [p.id, p.roles[0]!.relation])).toEqual([[binder.userId, 'bound']]);
      expect(boundRole.players[0]!.roles[0]!.ownerUserId).toBeNull();
      expect(role[0]!.ownerUserId).toBe(owner.userId);

      // the game launches the bound role's owner: owner and binder both show
      const launched = await launch({ roleId: roles[0]!.roleId, accountId: gameId, serverId: roles[0]!.serverId });
      expect(launched.body.code).toBe(200);
      const both = (await search(gameId, 'gameId')).body.data;
      expect(both.players.map((p) => p.roles[0]!.relation).sort()).toEqual(['bound', 'owner']);

      // a role nobody owns or bound (its binding removed)
      const [orphan] = await shop.services.db
        .insert(gameAccounts)
        .values({ appId: 10030, accountId: `orphan-${unique()}`, serverId: '10001', roleId: `orphan-role-${unique()}`, roleName: 'Orphan' })
        .returning();
      const alone = (await search(orphan!.roleId)).body.data;
      expect(alone.players).toEqual([]);
      expect(alone.roles).toEqual([expect.objectContaining({ gameAccountId: orphan!.id, ownerUserId: null, matchedBy: ['roleId'], balance: 0 })]);
      const roleDetail = await as(support)<RoleDetail>('GET', `${BASE}/roles/${orphan!.id}`);
      expect(roleDetail.body.data).toMatchObject({ role: { gameAccountId: orphan!.id }, players: [] });
    });

    it('answers nothing found with empty lists, and refuses empty, over-long, control-character and unknown-key searches', async () => {
      expect((await search(`nobody-${unique()}@example.com`)).body).toMatchObject({ code: 200, data: { players: [], roles: [], truncated: false } });
      expect((await search('+99 0000')).body).toMatchObject({ code: 200, data: { players: [], roles: [] } });
      await expectRefused(() => as(support)('GET', `${BASE}?q=`), 400);
      await expectRefused(() => as(support)('GET', `${BASE}?q=%20%20`), 400);
      await expectRefused(() => as(support)('GET', BASE), 400);
      await expectRefused(() => as(support)('GET', `${BASE}?q=${'a'.repeat(255)}`), 400);
      await expectRefused(() => as(support)('GET', `${BASE}?q=a%00b`), 400);
      await expectRefused(() => as(support)('GET', `${BASE}?q=abc&by=sql`), 400);
      // LIKE wildcards are matched literally
      expect((await search('%', 'role')).body.data.players).toEqual([]);
      expect((await search('_', 'role')).body.data.roles).toEqual([]);
    });

    it('needs a session (401) and is open to every role', async () => {
      await expectRefused(() => shop.api('GET', `${BASE}?q=x`), 401);
      for (const operator of [admin, finance, support]) expect((await search('x', undefined, operator)).body.code).toBe(200);
    });
  });

  // ---- the player's page -----------------------------------------------------------------------------------------

  describe("player's page", () => {
    it('shows the account, owned and bound roles with balances, the ledger with order links and adjustments, and the orders', async () => {
      const player = await newOwner();
      const email = await withPassword(player);
      await shop.services.db.execute(sql`UPDATE users SET country_code = 'DE' WHERE id = ${player.userId}`);
      // a bound role too
      const { gameId, roles } = await freshGameAccount(shop);
      expect((await bind(shop, { token: player.tokens.token, roleId: player.roleId, appId: 10030 }, 10030, gameId, roles[0]!)).body.code).toBe(200);

      // a paid voucher order credits the owned role
      const shopper = { token: player.tokens.token, roleId: player.roleId, appId: 10030 };
      const { result, pack } = await createOrder(shop, shopper, 'xsolla');
      await press(shop, result, 'pay');
      await waitForStatus(shop, shopper, result.orderId, [2, 3]);
      expect((await adjust(finance, player.gameAccountId, credit(7, 'compensation for ticket 42'))).body.code).toBe(200);

      const page = await as(support)<PlayerDetail>('GET', `${BASE}/${player.userId}`);
      expect(page.body.code).toBe(200);
      expect(page.body.data.player).toMatchObject({ id: player.userId, email, countryCode: 'DE', blockedAt: null, blockedReason: null, hasPassword: true });
      expect(page.body.data.roles.map((r) => [r.relation, r.isDefault])).toEqual([
        ['owner', true],
        ['bound', false],
      ]);
      expect(page.body.data.roles[0]).toMatchObject({ gameAccountId: player.gameAccountId, roleId: player.roleId, gameName: expect.any(String), balance: pack.voucherAmount + 7 });
      expect(page.body.data.roles[1]).toMatchObject({ accountId: gameId, ownerUserId: null, balance: 0 });

      const ledger = await as(support)<{ balance: number; total: number; entries: LedgerEntryView[] }>('GET', `${BASE}/roles/${player.gameAccountId}/ledger?pageSize=10`);
      expect(ledger.body.data).toMatchObject({ balance: pack.voucherAmount + 7, total: 2, totalCapped: false, nextCursor: null, prevCursor: null });
      expect(ledger.body.data.entries).toEqual([
        expect.objectContaining({ kind: 'adjustment', amount: 7, balanceAfter: pack.voucherAmount + 7, reason: 'compensation for ticket 42', operator: finance.email, orderId: null }),
        expect.objectContaining({ kind: 'purchase', amount: pack.voucherAmount, balanceAfter: pack.voucherAmount, orderId: result.orderId, orderSn: result.orderSn, reason: null }),
      ]);
      type LedgerPage = { entries: LedgerEntryView[]; nextCursor: string | null; prevCursor: string | null };
      const first = await as(support)<LedgerPage>('GET', `${BASE}/roles/${player.gameAccountId}/ledger?pageSize=1`);
      expect(first.body.data.entries.map((e) => e.kind)).toEqual(['adjustment']);
      const second = await as(support)<LedgerPage>('GET', `${BASE}/roles/${player.gameAccountId}/ledger?pageSize=1&cursor=${first.body.data.nextCursor}`);
      expect(second.body.data).toMatchObject({ nextCursor: null, prevCursor: expect.any(String) });
      expect(second.body.data.entries.map((e) => e.kind)).toEqual(['purchase']);
      const back = await as(support)<LedgerPage>('GET', `${BASE}/roles/${player.gameAccountId}/ledger?pageSize=1&cursor=${second.body.data.prevCursor}`);
      expect(back.body.data).toMatchObject({ entries: first.body.data.entries, prevCursor: null });

      const orders = await as(support)<{ total: number; orders: PlayerOrder[] }>('GET', `${BASE}/${player.userId}/orders`);
      expect(orders.body.data).toMatchObject({ total: 1, totalCapped: false, nextCursor: null, prevCursor: null });
      expect(orders.body.data.orders[0]).toMatchObject({ id: result.orderId, orderSn: result.orderSn, gameAccountId: player.gameAccountId, provider: 'xsolla' });

      const role = await as(support)<RoleDetail>('GET', `${BASE}/roles/${player.gameAccountId}`);
      expect(role.body.data.players).toEqual([expect.objectContaining({ id: player.userId, relation: 'owner', isDefault: true })]);
    });

    it('answers 404 for unknown players and roles, 400 for ids that cannot exist', async () => {
      for (const path of [`${BASE}/999999999`, `${BASE}/999999999/orders`, `${BASE}/roles/999999999`, `${BASE}/roles/999999999/ledger`]) {
        await expectRefused(() => as(support)('GET', path), 404);
      }
      for (const id of ['abc', '0', '-1', '1.5', '9007199254740993', '%00']) {
        await expectRefused(() => as(support)('GET', `${BASE}/${id}`), 400);
        await expectRefused(() => as(support)('GET', `${BASE}/roles/${id}/ledger`), 400);
      }
      await expectRefused(() => as(support)('GET', `${BASE}/roles/1/ledger?pageSize=1000`), 400);
      await expectRefused(() => as(support)('GET', `${BASE}/1/orders?pageSize=0`), 400);
      // a cursor of another kind of list, or none at all
      await expectRefused(() => as(support)('GET', `${BASE}/1/orders?cursor=n_5`), 400);
      await expectRefused(() => as(support)('GET', `${BASE}/roles/1/ledger?cursor=n_2026-01-01T00:00:00.000000Z_5`), 400);
      await expectRefused(() => as(support)('GET', `${BASE}/roles/1/ledger?cursor=%00`), 400);
    });
  });

  // ---- voucher adjustments -----------------------------------------------------------------------------------------

  describe('voucher adjustments', () => {
    it('credits and debits through the ledger, audited with the balance before and after; the player sees it in their history', async () => {
      const player = await newOwner();
      const credited = await adjust(finance, player.gameAccountId, credit(500, 'goodwill'));
      expect(credited.body).toMatchObject({ code: 200, data: { balance: 500, replayed: false, entry: { kind: 'adjustment', amount: 500, balanceAfter: 500, reason: 'goodwill', operator: finance.email } } });
      const debited = await adjust(admin, player.gameAccountId, debit(200, 'double credit taken back'));
      expect(debited.body.data).toMatchObject({ balance: 300, entry: { amount: -200, balanceAfter: 300 } });

      const audits = await auditOf('player.adjustVouchers', player.gameAccountId);
      expect(audits).toEqual([
        expect.objectContaining({ actor: finance.email, operator_id: finance.id, before: { balance: 0 }, after: expect.objectContaining({ balance: 500, amount: 500, reason: 'goodwill', ledgerEntryId: credited.body.data.entry.id }) }),
        expect.objectContaining({ actor: admin.email, before: { balance: 500 }, after: expect.objectContaining({ balance: 300, amount: -200, reason: 'double credit taken back' }) }),
      ]);

      // the player's own voucher history in the shop (the owner's session)
      const history = await shop.api<VoucherHistory>('GET', '/api/v1/voucher/history', { token: player.tokens.token });
      expect(history.body.data.balance).toBe(300);
      expect(history.body.data.list.map((e) => [e.kind, e.amount, e.balanceAfter])).toEqual([
        ['adjustment', -200, 300],
        ['adjustment', 500, 500],
      ]);
      expect((await userInfo(player.tokens.token)).body).toMatchObject({ data: { voucherBalance: 300 } });
    });

    it('refuses a debit beyond the balance with a clear message and writes nothing', async () => {
      const player = await newOwner();
      await adjust(finance, player.gameAccountId, credit(100));
      const refused = await expectRefused(() => adjust(finance, player.gameAccountId, debit(101)), 400, /balance is 100.*101.*below zero/);
      expect(refused.body.message).toContain('Nothing was changed');
      // a role that never had vouchers
      const empty = await newOwner();
      await expectRefused(() => adjust(finance, empty.gameAccountId, debit(1)), 400, /balance is 0/);
      // in Chinese when asked
      const zh = await as(finance)('POST', `${BASE}/roles/${player.gameAccountId}/vouchers`, { body: debit(500), headers: { 'accept-language': 'zh' } });
      expect(zh.body.message).toContain('代金券不足');
      expect(await shop.services.ledger.balance(player.gameAccountId)).toBe(100);
    });

    it('never goes below zero under truly parallel debits', async () => {
      const player = await newOwner();
      await adjust(finance, player.gameAccountId, credit(300));
      const answers = await Promise.all(Array.from({ length: 10 }, () => adjust(finance, player.gameAccountId, debit(100))));
      expect(answers.filter((a) => a.body.code === 200)).toHaveLength(3);
      expect(answers.filter((a) => a.body.code === 400)).toHaveLength(7);
      expect(answers.every((a) => a.status < 500)).toBe(true);
      expect(await shop.services.ledger.balance(player.gameAccountId)).toBe(0);
      const [sums] = await rowsOf<{ total: string; entries: string; lowest: string }>(
        sql`SELECT sum(amount) AS total, count(*) AS entries, min(balance_after) AS lowest FROM voucher_ledger WHERE game_account_id = ${player.gameAccountId}`,
      );
      expect([Number(sums!.total), Number(sums!.entries), Number(sums!.lowest)]).toEqual([0, 4, 0]);
      expect(await auditOf('player.adjustVouchers', player.gameAccountId)).toHaveLength(4);
    });

    it('answers a replayed key with the first result, also in parallel, and refuses the key for another adjustment', async () => {
      const player = await newOwner();
      const body = credit(40, 'double-click test');
      const first = await adjust(finance, player.gameAccountId, body);
      const again = await adjust(finance, player.gameAccountId, body);
      expect(again.body.data).toEqual({ ...first.body.data, replayed: true });
      const parallelBody = debit(10);
      const parallel = await Promise.all(Array.from({ length: 5 }, () => adjust(finance, player.gameAccountId, parallelBody)));
      expect(parallel.map((a) => a.body.code)).toEqual([200, 200, 200, 200, 200]);
      expect(new Set(parallel.map((a) => a.body.data.entry.id)).size).toBe(1);
      expect(parallel.filter((a) => !a.body.data.replayed)).toHaveLength(1);
      expect(parallel.every((a) => a.body.data.balance === 30)).toBe(true);
      expect(await shop.services.ledger.balance(player.gameAccountId)).toBe(30);
      expect(await auditOf('player.adjustVouchers', player.gameAccountId)).toHaveLength(2);
      // the same key with another amount, direction or role
      await expectRefused(() => adjust(finance, player.gameAccountId, { ...body, amount: 41 }), 409, /already used/);
      await expectRefused(() => adjust(finance, player.gameAccountId, { ...body, direction: 'debit' }), 409);
      const other = await newOwner();
      await expectRefused(() => adjust(finance, other.gameAccountId, body), 409);
    });

    it('refuses a missing or blank reason and bad amounts, keys and ids, writing nothing', async () => {
      const player = await newOwner();
      await adjust(finance, player.gameAccountId, credit(10));
      const valid = credit(5);
      const bad: Record<string, unknown>[] = [
        { ...valid, reason: undefined },
        { ...valid, reason: '' },
        { ...valid, reason: '   ' },
        { ...valid, reason: 'ab' },
        { ...valid, reason: 'x'.repeat(501) },
        { ...valid, reason: 'bad\u0000reason' },
        { ...valid, amount: 0 },
        { ...valid, amount: -5 },
        { ...valid, amount: 1.5 },
        { ...valid, amount: 1_000_001 },
        { ...valid, amount: 2 ** 53 },
        { ...valid, amount: 1e308 },
        { ...valid, amount: '5' },
        { ...valid, amount: '\u0000' },
        { ...valid, amount: null },
        { ...valid, amount: undefined },
        { ...valid, direction: 'steal' },
        { ...valid, direction: undefined },
        { ...valid, key: undefined },
        { ...valid, key: 'short' },
        { ...valid, key: `${'k'.repeat(20)}\u0000` },
        { ...valid, key: 'k'.repeat(65) },
        { ...valid, key: { $ne: null } },
      ];
      for (const body of bad) await expectRefused(() => adjust(finance, player.gameAccountId, body), 400);
      await expectRefused(() => as(finance)('POST', `${BASE}/roles/${player.gameAccountId}/vouchers`, { rawBody: '{"direction":' }), 400);
      await expectRefused(() => adjust(finance, 999_999_999, credit(5)), 404);
      await expectRefused(() => adjust(finance, 'abc', credit(5)), 400);
      await expectRefused(() => adjust(finance, '18446744073709551616', credit(5)), 400);
      expect(await shop.services.ledger.balance(player.gameAccountId)).toBe(10);
    });

    it('is refused to support (403) and without a session (401); finance and admin may adjust', async () => {
      const player = await newOwner();
      await expectRefused(() => adjust(support, player.gameAccountId, credit(5)), 403);
      await expectRefused(() => shop.api('POST', `${BASE}/roles/${player.gameAccountId}/vouchers`, { body: credit(5) }), 401);
      await expectRefused(() => shop.api('POST', `${BASE}/roles/${player.gameAccountId}/vouchers`, { body: credit(5), headers: { cookie: 'console_session=forged' } }), 401);
      expect((await adjust(finance, player.gameAccountId, credit(5))).body.code).toBe(200);
      expect((await adjust(admin, player.gameAccountId, credit(5))).body.code).toBe(200);
    });
  });

  // ---- sessions and blocking ---------------------------------------------------------------------------------------

  describe('sessions and blocking', () => {
    it("ends every session: the player's old access and refresh tokens stop working at once; a new login works", async () => {
      const player = await newOwner();
      const other = await launch({ roleId: player.roleId, accountId: player.accountId });
      expect((await userInfo(player.tokens.token)).status).toBe(200);
      const ended = await as(support)<PlayerAccount>('POST', `${BASE}/${player.userId}/sessions/end`);
      expect(ended.body).toMatchObject({ code: 200, data: { id: player.userId, blockedAt: null } });
      for (const token of [player.tokens.token, other.body.data.token]) {
        const answer = await userInfo(token);
        expect(answer.status).toBe(401);
        expect(answer.body.code).toBe(401);
      }
      expect((await shop.api('POST', '/api/user/refresh/token', { body: { refreshToken: player.tokens.refreshToken } })).status).toBe(401);
      const audits = await auditOf('player.endSessions', player.userId);
      expect(audits).toEqual([expect.objectContaining({ actor: support.email, before: { sessionVersion: 0 }, after: { sessionVersion: 1 } })]);
      // not blocked: the game's next launch logs in again
      const again = await launch({ roleId: player.roleId, accountId: player.accountId });
      expect(again.body.code).toBe(200);
      expect((await userInfo(again.body.data.token)).status).toBe(200);
    });

    it('refuses to end sessions to finance (403), without a session (401), for an unknown player (404)', async () => {
      const player = await newOwner();
      await expectRefused(() => as(finance)('POST', `${BASE}/${player.userId}/sessions/end`), 403);
      await expectRefused(() => shop.api('POST', `${BASE}/${player.userId}/sessions/end`), 401);
      await expectRefused(() => as(support)('POST', `${BASE}/999999999/sessions/end`), 404);
      expect((await userInfo(player.tokens.token)).status).toBe(200);
    });

    it('blocks: sessions end and every login path refuses with a translated message; unblocking restores login', async () => {
      const player = await newOwner();
      const email = await withPassword(player);
      const passwordLogin = (headers: Record<string, string> = {}) =>
        shop.api<TokenData>('POST', '/api/user/login', { body: { loginType: 1, email, password: PASSWORD }, headers });
      expect((await passwordLogin()).body.code).toBe(200);
      const dynamicLogin = () => {
        const token = signDynamicToken(
          { appId: 10030, accountId: player.accountId, roleId: player.roleId, serverId: '10001', exp: Math.floor(Date.now() / 1000) + 300, nonce: randomUUID() },
          SECRET,
        );
        return shop.api<TokenData>('POST', '/api/user/dynamic/10030/login', { body: { token } });
      };
      const fresh = await launch({ roleId: player.roleId, accountId: player.accountId });

      const blocked = await as(support)<PlayerAccount>('POST', `${BASE}/${player.userId}/block`, { body: { reason: 'chargeback fraud, ticket 77' } });
      expect(blocked.body).toMatchObject({ code: 200, data: { blockedAt: expect.any(String), blockedReason: 'chargeback fraud, ticket 77' } });

      // the sessions ended: access tokens answer 401 with the block's message
      for (const token of [player.tokens.token, fresh.body.data.token]) {
        const answer = await userInfo(token);
        expect(answer.status).toBe(401);
        expect(answer.body.message).toBe(BLOCKED);
      }
      expect((await shop.api('POST', '/api/user/refresh/token', { body: { refreshToken: fresh.body.data.refreshToken } })).status).toBe(401);
      // every login path: password, launch from the game, dynamic (code) login
      for (const attempt of [passwordLogin, () => launch({ roleId: player.roleId, accountId: player.accountId }), dynamicLogin]) {
        const answer = await attempt();
        expect(answer.status, JSON.stringify(answer.body)).toBe(403);
        expect(answer.body).toMatchObject({ code: 403, message: BLOCKED });
      }
      // a refresh token that escaped the revocation (issued in a race with the block) is refused as well
      const raced = await newOwner();
      await shop.services.db.execute(sql`UPDATE users SET blocked_at = now(), blocked_reason = 'race test' WHERE id = ${raced.userId}`);
      const racedRefresh = await shop.api('POST', '/api/user/refresh/token', { body: { refreshToken: raced.tokens.refreshToken } });
      expect(racedRefresh.body).toMatchObject({ code: 403, message: BLOCKED });
      // translated: German and Chinese
      expect((await passwordLogin({ 'accept-language': 'de' })).body.message).toBe('Dieses Konto wurde gesperrt. Bitte wende dich an den Kundenservice.');
      expect((await passwordLogin({ 'accept-language': 'zh-CN' })).body.message).toBe('此账号已被封禁，请联系客服。');
      // a wrong password still gets the usual answer (the block is only told to someone who knows the password)
      expect((await shop.api('POST', '/api/user/login', { body: { loginType: 1, email, password: 'wrong password 1' } })).body.code).toBe(400);

      const page = await as(support)<PlayerDetail>('GET', `${BASE}/${player.userId}`);
      expect(page.body.data.player.blockedReason).toBe('chargeback fraud, ticket 77');
      await expectRefused(() => as(support)('POST', `${BASE}/${player.userId}/block`, { body: { reason: 'again please' } }), 409, /already blocked/);

      const unblocked = await as(admin)<PlayerAccount>('POST', `${BASE}/${player.userId}/unblock`, { body: { reason: 'chargeback withdrawn' } });
      expect(unblocked.body).toMatchObject({ code: 200, data: { blockedAt: null, blockedReason: null } });
      expect((await passwordLogin()).body.code).toBe(200);
      const relaunch = await launch({ roleId: player.roleId, accountId: player.accountId });
      expect(relaunch.body.code).toBe(200);
      expect((await userInfo(relaunch.body.data.token)).status).toBe(200);
      expect((await dynamicLogin()).body.code).toBe(200);
      await expectRefused(() => as(support)('POST', `${BASE}/${player.userId}/unblock`, { body: {} }), 409, /not blocked/);

      expect(await auditOf('player.block', player.userId)).toEqual([
        expect.objectContaining({ actor: support.email, before: expect.objectContaining({ blockedAt: null }), after: expect.objectContaining({ blockedReason: 'chargeback fraud, ticket 77', sessionVersion: 1 }) }),
      ]);
      expect(await auditOf('player.unblock', player.userId)).toEqual([
        expect.objectContaining({ actor: admin.email, before: expect.objectContaining({ blockedReason: 'chargeback fraud, ticket 77' }), after: expect.objectContaining({ blockedAt: null, reason: 'chargeback withdrawn' }) }),
      ]);
    });

    it('refuses a block without a reason, by finance, without a session, for an unknown player', async () => {
      const player = await newOwner();
      for (const body of [{}, { reason: '' }, { reason: '  ' }, { reason: 'x'.repeat(501) }, { reason: 'a\u0000bc' }, { reason: 42 }]) {
        await expectRefused(() => as(support)('POST', `${BASE}/${player.userId}/block`, { body }), 400);
      }
      await expectRefused(() => as(finance)('POST', `${BASE}/${player.userId}/block`, { body: { reason: 'not mine to do' } }), 403);
      await expectRefused(() => as(finance)('POST', `${BASE}/${player.userId}/unblock`, { body: {} }), 403);
      await expectRefused(() => shop.api('POST', `${BASE}/${player.userId}/block`, { body: { reason: 'no session' } }), 401);
      await expectRefused(() => as(support)('POST', `${BASE}/999999999/block`, { body: { reason: 'nobody here' } }), 404);
      await expectRefused(() => as(support)('POST', `${BASE}/${player.userId}/unblock`, { body: { reason: 'x\u0000' } }), 400);
      expect((await userInfo(player.tokens.token)).status).toBe(200);
    });
  });
});
