import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ReverseResult, SpendResult, VoucherBalance } from '@shop/contract/game-api';
import type { VoucherHistory } from '@shop/contract/voucher-history';
import { BACKENDS, startShop, type TestShop } from '../../../test/harness.ts';
import { newPlayer } from '../../../test/shopping.ts';
import { signGameRequest } from '../games/game-server-client.ts';

const SERVER_ID = '10001';

describe.each(BACKENDS)("the games' voucher API (%s)", (backend) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startShop(backend);
  });
  afterAll(() => shop.close());

  interface SignOptions {
    appId?: number;
    secret?: string;
    timestamp?: number;
    headers?: Record<string, string>;
  }
  /** A game server's signed call: headers x-game-app-id, x-game-timestamp and x-game-signature over `${ts}.${raw}`. */
  function gameCall<T>(path: string, body: unknown, options: SignOptions = {}) {
    const appId = options.appId ?? 10030;
    const raw = typeof body === 'string' ? body : JSON.stringify(body);
    const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
    const secret = options.secret ?? shop.config.gameServer.secrets[appId]!;
    return shop.api<T>('POST', `/api/game/v1/vouchers/${path}`, {
      rawBody: raw,
      headers: {
        'x-game-app-id': String(appId),
        'x-game-timestamp': String(timestamp),
        'x-game-signature': signGameRequest(secret, timestamp, raw),
        ...options.headers,
      },
    });
  }

  const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    ((await shop.services.db.execute(query)) as unknown as { rows: T[] }).rows;

  /** A quick-login player whose game account holds `vouchers` (credited straight into the ledger). */
  async function playerWith(vouchers: number) {
    const player = await newPlayer(shop);
    const [account] = await rows<{ id: number }>(sql`SELECT id FROM game_accounts WHERE app_id = 10030 AND role_id = ${player.roleId}`);
    if (vouchers > 0) {
      await shop.services.db.transaction((tx) =>
        shop.services.ledger.apply(tx, { gameAccountId: Number(account!.id), amount: vouchers, kind: 'purchase', reference: `test:${player.roleId}` }),
      );
    }
    return { ...player, gameAccountId: Number(account!.id), role: { serverId: SERVER_ID, roleId: player.roleId } };
  }

  const ledgerOf = (gameAccountId: number) =>
    rows<{ amount: string; balance_after: string; kind: string }>(
      sql`SELECT amount, balance_after, kind FROM voucher_ledger WHERE game_account_id = ${gameAccountId} ORDER BY id`,
    );
  const state = async (gameAccountId: number) => ({
    ledger: await ledgerOf(gameAccountId),
    spends: await rows(sql`SELECT transaction_id, reversal_entry_id FROM game_voucher_spends WHERE game_account_id = ${gameAccountId} ORDER BY transaction_id`),
    balance: await shop.services.ledger.balance(gameAccountId),
  });

  let txSeq = 0;
  const txId = () => `g-${process.pid}-${++txSeq}`;

  it('reads the balance of a role: 0 for a role the shop has never seen', async () => {
    const player = await playerWith(499);
    const known = await gameCall<VoucherBalance>('balance', player.role);
    expect(known.status).toBe(200);
    expect(known.body).toEqual({ code: 200, message: 'Request Successful', data: { ...player.role, balance: 499 } });
    const unknown = await gameCall<VoucherBalance>('balance', { serverId: SERVER_ID, roleId: 'never-seen' });
    expect(unknown.body.data.balance).toBe(0);
    // the other game's server does not see this game's roles
    const other = await gameCall<VoucherBalance>('balance', player.role, { appId: 10002 });
    expect(other.body.data.balance).toBe(0);
  });

  it('spends once per transaction id: a retry answers the first result, a different body under the same id is refused', async () => {
    const player = await playerWith(1000);
    const transactionId = txId();
    const body = { ...player.role, transactionId, amount: 300, itemId: 'vip-30', itemName: '30-day VIP' };
    const first = await gameCall<SpendResult>('spend', body);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ transactionId, amount: 300, balance: 700, reversed: false });

    const retry = await gameCall<SpendResult>('spend', body, { headers: { 'idempotency-key': transactionId } });
    expect(retry.body.data).toEqual(first.body.data);
    const before = await state(player.gameAccountId);
    expect(before.ledger.filter((entry) => entry.kind === 'spend')).toHaveLength(1);

    for (const changed of [{ amount: 301 }, { itemId: 'vip-365' }, { roleId: 'someone-else' }, { itemName: 'Other' }]) {
      const reused = await gameCall<SpendResult>('spend', { ...body, ...changed });
      expect(reused.status).toBe(409);
      expect(reused.body).toEqual({ code: 409, message: 'This transaction id was already used for a different request', data: null });
    }
    expect(await state(player.gameAccountId)).toEqual(before);
  });

  it('never goes below zero: not enough vouchers is refused and records nothing; the key may be tried again later', async () => {
    const player = await playerWith(100);
    const transactionId = txId();
    const body = { ...player.role, transactionId, amount: 101, itemId: 'gems-1' };
    const before = await state(player.gameAccountId);
    const refused = await gameCall('spend', body);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ code: 409, message: 'Not enough vouchers', data: null });
    expect(await state(player.gameAccountId)).toEqual(before);
    const unknownRole = await gameCall('spend', { ...body, roleId: 'never-seen', transactionId: txId() });
    expect(unknownRole.status).toBe(409);

    await shop.services.db.transaction((tx) =>
      shop.services.ledger.apply(tx, { gameAccountId: player.gameAccountId, amount: 1, kind: 'purchase', reference: `test:top-up:${player.roleId}` }),
    );
    const later = await gameCall<SpendResult>('spend', body);
    expect(later.body.data).toMatchObject({ amount: 101, balance: 0 });
  });

  it('refuses unsigned, wrongly signed, stale and foreign requests (401) before reading the body, and writes nothing', async () => {
    const player = await playerWith(500);
    const body = { ...player.role, transactionId: txId(), amount: 10, itemId: 'x' };
    const raw = JSON.stringify(body);
    const before = await state(player.gameAccountId);
    const INVALID = { code: 401, message: 'The request signature is missing, wrong or too old', data: null };
    const attempts = [
      shop.api('POST', '/api/game/v1/vouchers/spend', { rawBody: raw }),
      gameCall('spend', body, { secret: 'not-the-secret-of-this-game' }),
      gameCall('spend', body, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
      gameCall('spend', body, { timestamp: Math.floor(Date.now() / 1000) + 301 }),
      gameCall('spend', body, { headers: { 'x-game-signature': 'zz' } }),
      gameCall('spend', body, { headers: { 'x-game-app-id': '99999' } }),
      // signed by the other game's secret but claiming this game
      gameCall('spend', body, { secret: shop.config.gameServer.secrets[10002] }),
      // a valid signature of another body
      gameCall('spend', body, { headers: { 'x-game-signature': signGameRequest(shop.config.gameServer.secrets[10030]!, Math.floor(Date.now() / 1000), `${raw} `) } }),
      // schema errors are not revealed to unsigned callers
      shop.api('POST', '/api/game/v1/vouchers/spend', { rawBody: '{}' }),
    ];
    for (const answer of await Promise.all(attempts)) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(INVALID);
    }
    expect(await state(player.gameAccountId)).toEqual(before);
  });

  it('answers bad bodies with 400 and the envelope, and writes nothing', async () => {
    const player = await playerWith(500);
    const good = { ...player.role, transactionId: txId(), amount: 10, itemId: 'x' };
    const before = await state(player.gameAccountId);
    const bad = [
      { ...good, amount: 0 },
      { ...good, amount: -5 },
      { ...good, amount: 1.5 },
      { ...good, amount: '10' },
      { ...good, transactionId: '' },
      { ...good, transactionId: '   ' },
      { ...good, transactionId: 'x'.repeat(65) },
      { ...good, itemId: undefined },
      { ...good, roleId: 'r'.repeat(10_000) },
      [],
    ];
    for (const body of bad) {
      const answer = await gameCall('spend', body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.body).toMatchObject({ code: 400, data: null });
      expect(answer.body.message).toMatch(/Missing required information|Request Failed/);
    }
    const malformed = await gameCall('spend', '{"amount":');
    expect(malformed.status).toBe(400);
    const mismatch = await gameCall('spend', good, { headers: { 'idempotency-key': 'another-key' } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe('The idempotency-key header must equal the transactionId');
    expect(await state(player.gameAccountId)).toEqual(before);
  });

  it('reverses a spend once: a retry answers the first result; an unknown transaction is 404', async () => {
    const player = await playerWith(1000);
    const transactionId = txId();
    await gameCall('spend', { ...player.role, transactionId, amount: 250, itemId: 'x' });
    const reversals = await Promise.all(Array.from({ length: 8 }, () => gameCall<ReverseResult>('reverse', { transactionId, reason: 'item not granted' })));
    for (const answer of reversals) expect(answer.body.data).toEqual({ transactionId, amount: 250, balance: 1000 });
    const after = await state(player.gameAccountId);
    expect(after.ledger.map((entry) => entry.kind)).toEqual(['purchase', 'spend', 'spend_reversal']);
    expect(after.balance).toBe(1000);
    // the spend itself now says so, and spending again under its id answers the same (reversed) spend
    const again = await gameCall<SpendResult>('spend', { ...player.role, transactionId, amount: 250, itemId: 'x' });
    expect(again.body.data).toMatchObject({ reversed: true, balance: 750 });
    expect(await state(player.gameAccountId)).toEqual(after);

    const unknown = await gameCall('reverse', { transactionId: 'never-spent' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: 404, message: 'No voucher spend with this transaction id', data: null });
    // another game cannot reverse this game's spend
    expect((await gameCall('reverse', { transactionId }, { appId: 10002 })).status).toBe(404);
  });

  it('parallel spends: the same id 20 times spends once; then 20 different 10-voucher spends of the 90 left let exactly 9 through', async () => {
    const player = await playerWith(100);
    const same = { ...player.role, transactionId: txId(), amount: 10, itemId: 'x' };
    const repeated = await Promise.all(Array.from({ length: 20 }, () => gameCall<SpendResult>('spend', same)));
    expect(new Set(repeated.map((answer) => JSON.stringify(answer.body)))).toHaveProperty('size', 1);
    expect(repeated[0]!.body.data.balance).toBe(90);

    const many = await Promise.all(Array.from({ length: 20 }, () => gameCall<SpendResult>('spend', { ...player.role, transactionId: txId(), amount: 10, itemId: 'x' })));
    expect(many.filter((answer) => answer.status === 200)).toHaveLength(9);
    expect(many.filter((answer) => answer.status === 409)).toHaveLength(11);
    // every answer's balance is a real point of the ledger, and the ledger never went below zero
    const ledger = await ledgerOf(player.gameAccountId);
    const points = new Set(ledger.map((entry) => Number(entry.balance_after)));
    for (const answer of many.filter((a) => a.status === 200)) expect(points.has(answer.body.data.balance)).toBe(true);
    expect(ledger.every((entry) => Number(entry.balance_after) >= 0)).toBe(true);
    expect(await shop.services.ledger.balance(player.gameAccountId)).toBe(0);
  });

  it("shows the player their spends in the voucher history, newest first, with the game's item names", async () => {
    const player = await playerWith(1000);
    const first = txId();
    await gameCall('spend', { ...player.role, transactionId: first, amount: 499, itemId: 'vip-30', itemName: '30-day VIP pass' });
    await gameCall('spend', { ...player.role, transactionId: txId(), amount: 1, itemId: 'gem-1' });
    await gameCall('reverse', { transactionId: first });
    const history = await shop.api<VoucherHistory>('GET', '/api/v1/voucher/history', { token: player.token });
    expect(history.body.data.balance).toBe(999);
    expect(history.body.data.total).toBe(4);
    expect(history.body.data.list.map(({ kind, amount, balanceAfter, itemName }) => ({ kind, amount, balanceAfter, itemName }))).toEqual([
      { kind: 'spend_reversal', amount: 499, balanceAfter: 999, itemName: '30-day VIP pass' },
      { kind: 'spend', amount: -1, balanceAfter: 500, itemName: 'gem-1' },
      { kind: 'spend', amount: -499, balanceAfter: 501, itemName: '30-day VIP pass' },
      { kind: 'purchase', amount: 1000, balanceAfter: 1000, itemName: null },
    ]);
    const paged = await shop.api<VoucherHistory>('GET', '/api/v1/voucher/history?pageNum=2&pageSize=3', { token: player.token });
    expect(paged.body.data.list.map((entry) => entry.kind)).toEqual(['purchase']);
    // another player sees only their own account
    const other = await playerWith(0);
    const theirs = await shop.api<VoucherHistory>('GET', '/api/v1/voucher/history', { token: other.token });
    expect(theirs.body.data).toEqual({ balance: 0, total: 0, list: [] });
    expect((await shop.api('GET', '/api/v1/voucher/history')).status).toBe(401);
    expect((await shop.api('GET', '/api/v1/voucher/history?pageSize=51', { token: player.token })).status).toBe(400);
  });

  it('the sandbox game server spends through this API when a player buys with vouchers in the game', async () => {
    const player = await playerWith(500);
    const game = (action: string, body: Record<string, unknown>) =>
      fetch(`${shop.url}/sandbox/game-server/vouchers/${action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ appId: 10030, ...body }),
      }).then(async (response) => ({ status: response.status, body: (await response.json()) as { code: number; data: SpendResult & VoucherBalance } }));
    const bought = await game('spend', { ...player.role, amount: 499, itemId: 'vip-30', itemName: '30-day VIP pass', transactionId: 'sandbox-purchase-1' });
    expect(bought.status).toBe(200);
    expect(bought.body.data).toMatchObject({ amount: 499, balance: 1 });
    expect((await game('balance', player.role)).body.data.balance).toBe(1);
    expect((await game('spend', { ...player.role, amount: 2, itemId: 'gem-2' })).status).toBe(409);
    expect((await game('reverse', { transactionId: 'sandbox-purchase-1' })).body.data.balance).toBe(500);
    const history = await shop.api<VoucherHistory>('GET', '/api/v1/voucher/history', { token: player.token });
    expect(history.body.data.list.map((entry) => [entry.kind, entry.itemName])).toEqual([
      ['spend_reversal', '30-day VIP pass'],
      ['spend', '30-day VIP pass'],
      ['purchase', null],
    ]);
  });
});
