import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoundRole, GameServerRole } from '@shop/contract/roles.schema';
import type { TokenData, UserInfo } from '@shop/contract/auth.schema';
import { BACKENDS, startShop, type TestShop } from '../../../test/harness.ts';
import { balanceOf, createOrder, newPlayer, waitForStatus } from '../../../test/shopping.ts';
import { payermaxPayment, postPayermax } from '../../../test/webhooks.ts';
import { bind, expectRefused, freshGameAccount } from '../../../test/game.ts';

describe.each(BACKENDS)('game accounts: lookup, bind, default, switch (%s)', (backend) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startShop(backend);
  });
  afterAll(() => shop.close());

  const list = async (token: string) => (await shop.api<BoundRole[]>('POST', '/api/v1/role/list', { token, body: {} })).body.data;

  it('looks a game ID up on the game server: one with two roles lists both (select account to continue)', async () => {
    const player = await newPlayer(shop);
    const answer = await shop.api<GameServerRole[]>('POST', '/api/v1/role/lookup', { token: player.token, body: { appId: 10030, gameId: '1003000001' } });
    expect(answer.body.code).toBe(200);
    expect(answer.body.data.map((r) => [r.roleName, r.level, r.serverName])).toEqual([
      ['IronWolf', 35, 'S1 - Dawn'],
      ['NightOwl', 18, 'S2 - Outpost'],
    ]);
    expect(answer.body.data.every((r) => r.accountName === 'Wolfpack' && !r.boundByMe)).toBe(true);
    const myth = await shop.api<GameServerRole[]>('POST', '/api/v1/role/lookup', { token: player.token, body: { appId: 10002, gameId: '1000200001' } });
    expect(myth.body.data).toHaveLength(2);
  });

  it("shows the demo player's quick-login account with the names the game server knows", async () => {
    const tokens = await shop.quickLogin();
    const [account] = await list(tokens.token);
    expect(account).toMatchObject({ gameId: 'demo-10001', roleId: '10001001', roleName: 'Rick_Demo', accountName: 'Demo Survivor', level: 12, serverName: 'S10001 - Demo', isDefault: true });
  });

  it('binds two roles, the first becomes default, sets the other default, and switches the session', async () => {
    const player = await newPlayer(shop);
    // The quick-login account is already the default; a new player of the /role screen starts from there.
    const before = await list(player.token);
    expect(before).toHaveLength(1);
    expect(before[0]).toMatchObject({ isDefault: true, current: true });

    const { gameId, roles } = await freshGameAccount(shop, 10030, 2);
    const first = await bind(shop, player, 10030, gameId, roles[0]!);
    expect(first.body.code).toBe(200);
    expect(first.body.message).toBe('Request Successful');
    expect(first.body.data).toMatchObject({
      gameId,
      roleId: roles[0]!.roleId,
      roleName: roles[0]!.roleName,
      level: roles[0]!.level,
      serverName: 'S1 - Dawn',
      gameName: 'Breaking Dead',
      accountName: `Account ${gameId}`,
      isDefault: false,
    });
    const second = await bind(shop, player, 10030, gameId, roles[1]!, true);
    expect(second.body.data.isDefault).toBe(true);
    let mine = await list(player.token);
    expect(mine).toHaveLength(3);
    expect(mine.filter((r) => r.isDefault).map((r) => r.id)).toEqual([second.body.data.id]);

    const set = await shop.api<BoundRole[]>('POST', '/api/v1/role/default', { token: player.token, body: { gameAccountId: first.body.data.id } });
    expect(set.body.code).toBe(200);
    mine = set.body.data;
    expect(mine[0]!.id).toBe(first.body.data.id);
    expect(mine.filter((r) => r.isDefault)).toHaveLength(1);

    const switched = await shop.api<TokenData>('POST', '/api/v1/role/switch', { token: player.token, body: { gameAccountId: second.body.data.id } });
    expect(switched.body.code).toBe(200);
    const info = await shop.api<UserInfo>('GET', '/api/user/info', { token: switched.body.data.token });
    expect(info.body.data.gameRole?.gameAccountId).toBe(second.body.data.id);
    expect((await list(switched.body.data.token)).find((r) => r.current)?.id).toBe(second.body.data.id);

    const lookup = await shop.api<GameServerRole[]>('POST', '/api/v1/role/lookup', { token: player.token, body: { appId: 10030, gameId } });
    expect(lookup.body.data.every((r) => r.boundByMe)).toBe(true);
  });

  it('refuses a game ID that does not exist, with a clear error and nothing written', async () => {
    const player = await newPlayer(shop);
    await expectRefused(
      shop,
      404,
      () => shop.api('POST', '/api/v1/role/bind', { token: player.token, body: { appId: 10030, gameId: 'no-such-id', roleId: 'x', serverId: '1' } }),
      'No game account was found with this game ID',
    );
    await expectRefused(shop, 404, () =>
      shop.api('POST', '/api/v1/role/lookup', { token: player.token, body: { appId: 10030, gameId: 'no-such-id' } }),
    );
  });

  it('refuses a game ID of the other game', async () => {
    const player = await newPlayer(shop);
    await expectRefused(
      shop,
      400,
      () => shop.api('POST', '/api/v1/role/bind', { token: player.token, body: { appId: 10030, gameId: '1000200002', roleId: '1000200201', serverId: '3' } }),
      'This game ID belongs to the other game',
    );
    const german = await shop.api('POST', '/api/v1/role/lookup', {
      token: player.token,
      body: { appId: 10002, gameId: '1003000002' },
      headers: { 'accept-language': 'de' },
    });
    expect(german.body).toMatchObject({ code: 400, message: 'Diese Spiel-ID gehört zum anderen Spiel' });
  });

  it('refuses a role the game ID does not have', async () => {
    const player = await newPlayer(shop);
    const { gameId } = await freshGameAccount(shop);
    await expectRefused(shop, 404, () => bind(shop, player, 10030, gameId, { roleId: 'other', serverId: '1' }), 'This role was not found');
  });

  it('refuses binding the same role twice', async () => {
    const player = await newPlayer(shop);
    const { gameId, roles } = await freshGameAccount(shop);
    expect((await bind(shop, player, 10030, gameId, roles[0]!)).body.code).toBe(200);
    await expectRefused(shop, 409, () => bind(shop, player, 10030, gameId, roles[0]!), 'You have already bound this role');
  });

  it('lets any number of players bind one role, also at the same moment, without making any of them its owner', async () => {
    const [a, b] = await Promise.all([newPlayer(shop), newPlayer(shop)]);
    const { gameId, roles } = await freshGameAccount(shop);
    const answers = await Promise.all([bind(shop, a, 10030, gameId, roles[0]!), bind(shop, b, 10030, gameId, roles[0]!)]);
    expect(answers.map((r) => r.body.code)).toEqual([200, 200]);
    expect(answers[0]!.body.data.id).toBe(answers[1]!.body.data.id);
    for (const player of [a, b]) expect((await list(player.token)).some((r) => r.roleId === roles[0]!.roleId)).toBe(true);
  });

  it("refuses setting as default (or switching to) an account that is not yours, or does not exist", async () => {
    const owner = await newPlayer(shop);
    const other = await newPlayer(shop);
    const [account] = await list(owner.token);
    await expectRefused(shop, 404, () => shop.api('POST', '/api/v1/role/default', { token: other.token, body: { gameAccountId: account!.id } }), 'Game account not found');
    await expectRefused(shop, 404, () => shop.api('POST', '/api/v1/role/default', { token: other.token, body: { gameAccountId: 987654321 } }));
    await expectRefused(shop, 404, () => shop.api('POST', '/api/v1/role/switch', { token: other.token, body: { gameAccountId: account!.id } }));
  });

  it('asks guests to log in and refuses malformed bodies', async () => {
    await expectRefused(shop, 401, () => shop.api('POST', '/api/v1/role/list', { body: {} }));
    const player = await newPlayer(shop);
    await expectRefused(shop, 400, () => shop.api('POST', '/api/v1/role/bind', { token: player.token, body: { appId: 'x', gameId: '' } }));
    await expectRefused(shop, 400, () => shop.api('POST', '/api/v1/role/default', { token: player.token, body: { gameAccountId: -1 } }));
  });
});

describe.each(BACKENDS)('game accounts when the game server is down (%s)', (backend) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startShop(backend, { GAME_SERVER_URL: 'http://127.0.0.1:1/game-server' });
  });
  afterAll(() => shop.close());

  it('answers 502 with a clear message and binds nothing; the list still shows the ids', async () => {
    const player = await newPlayer(shop);
    await expectRefused(
      shop,
      502,
      () => shop.api('POST', '/api/v1/role/bind', { token: player.token, body: { appId: 10030, gameId: '1003000001', roleId: '1003000101', serverId: '1' } }),
      'The game server is not available right now',
    );
    const listed = await shop.api<BoundRole[]>('POST', '/api/v1/role/list', { token: player.token, body: {} });
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0]!.roleName).toBe(player.roleId);
  });
});

/**
 * Issue 10.2: only the game can say who owns a role. A binding by game ID lets a player buy for the role; it never gives
 * the role's launch session, its vouchers or another player's orders, and never blocks the owner.
 */
describe.each(BACKENDS)('who owns a role (%s)', (backend) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startShop(backend);
  });
  afterAll(() => shop.close());

  const info = async (token: string) => (await shop.api<UserInfo>('GET', '/api/user/info', { token })).body.data;
  const launch = (gameId: string, role: { roleId: string; serverId: string }) =>
    shop.quickLogin({ appId: 10030, accountId: gameId, roleId: role.roleId, serverId: role.serverId });
  const ordersOf = async (token: string) =>
    (await shop.api<{ list: { orderSn: string }[] }>('GET', '/api/v1/order/list/all', { token })).body.data.list.map((o) => o.orderSn);

  it("(a) the owner coming from the game gets a session of their own, never the binder's, and is not locked out", async () => {
    const binder = await newPlayer(shop);
    const { gameId, roles } = await freshGameAccount(shop);
    const bound = await bind(shop, binder, 10030, gameId, roles[0]!);
    expect(bound.body.code).toBe(200);
    const binderInfo = await info(binder.token);
    const binderOrder = await createOrder(shop, binder, 'payermax');

    const owner: TokenData = await launch(gameId, roles[0]!);
    const ownerInfo = await info(owner.token);
    expect(ownerInfo.id).not.toBe(binderInfo.id);
    expect(ownerInfo.gameRole).toMatchObject({ gameAccountId: bound.body.data.id, roleId: roles[0]!.roleId });
    // nothing of the binder's account reaches the owner: not its orders
    expect(await ordersOf(owner.token)).not.toContain(binderOrder.result.orderSn);
    // the owner's purchases land in the owner's account, and a later launch is the same player again
    const ownerPlayer = { token: owner.token, roleId: roles[0]!.roleId, appId: 10030 };
    const bought = await createOrder(shop, ownerPlayer, 'payermax');
    expect(await ordersOf(owner.token)).toContain(bought.result.orderSn);
    expect(await ordersOf(binder.token)).not.toContain(bought.result.orderSn);
    expect((await info((await launch(gameId, roles[0]!)).token)).id).toBe(ownerInfo.id);
  });

  it('a binder of a launched role buys for it but never sees its vouchers', async () => {
    const { gameId, roles } = await freshGameAccount(shop);
    const owner = await launch(gameId, roles[0]!);
    const ownerPlayer = { token: owner.token, roleId: roles[0]!.roleId, appId: 10030 };
    const { result } = await createOrder(shop, ownerPlayer, 'payermax');
    await postPayermax(shop, payermaxPayment(result.orderSn, result.totalAmount, result.currency));
    await waitForStatus(shop, ownerPlayer, result.orderId, [3]);
    const balance = await balanceOf(shop, ownerPlayer);
    expect(balance).toBeGreaterThan(0);

    const binder = await newPlayer(shop);
    const bound = await bind(shop, binder, 10030, gameId, roles[0]!, true);
    expect(bound.body.code).toBe(200);
    const switched = await shop.api<TokenData>('POST', '/api/v1/role/switch', { token: binder.token, body: { gameAccountId: bound.body.data.id } });
    expect(switched.body.code).toBe(200);
    const asBinder = await info(switched.body.data.token);
    expect(asBinder.gameRole?.roleId).toBe(roles[0]!.roleId);
    expect(asBinder.voucherBalance).toBe(0);
    const history = await shop.api<{ balance: number; total: number }>('GET', '/api/v1/voucher/history?pageNum=1&pageSize=20', { token: switched.body.data.token });
    expect(history.body.data).toMatchObject({ balance: 0, total: 0 });
    expect(await ordersOf(switched.body.data.token)).not.toContain(result.orderSn);
    // and the owner still has them
    expect(await balanceOf(shop, ownerPlayer)).toBe(balance);
  });

  it('(b) the owner binds their own role on the web after another player bound it', async () => {
    const { gameId, roles } = await freshGameAccount(shop);
    const stranger = await newPlayer(shop);
    expect((await bind(shop, stranger, 10030, gameId, roles[0]!)).body.code).toBe(200);
    const owner = await launch(gameId, roles[0]!);
    const ownerOnTheWeb = await newPlayer(shop); // e.g. the owner's e-mail account in the shop
    const answer = await bind(shop, ownerOnTheWeb, 10030, gameId, roles[0]!);
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
    expect((await info(owner.token)).gameRole?.roleId).toBe(roles[0]!.roleId);
  });

  it('refuses a launch naming the role under another game account than the one the game launched it for', async () => {
    const { gameId, roles } = await freshGameAccount(shop);
    await launch(gameId, roles[0]!);
    const answer = await shop.api('POST', '/api/user/inapp/quick/login', {
      body: { appId: 10030, accountId: `${gameId}-other`, roleId: roles[0]!.roleId, serverId: roles[0]!.serverId, userLevel: 3 },
    });
    expect(answer.status).toBe(403);
  });
});
