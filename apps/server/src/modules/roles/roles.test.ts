import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoundRole, GameServerRole } from '@shop/contract/roles';
import type { TokenData, UserInfo } from '@shop/contract/auth';
import { BACKENDS, startShop, type TestShop } from '../../../test/harness.ts';
import { newPlayer } from '../../../test/shopping.ts';
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

  it('refuses a role bound to another player, also when both bind at the same moment', async () => {
    const [a, b] = await Promise.all([newPlayer(shop), newPlayer(shop)]);
    const { gameId, roles } = await freshGameAccount(shop);
    const answers = await Promise.all([bind(shop, a, 10030, gameId, roles[0]!), bind(shop, b, 10030, gameId, roles[0]!)]);
    expect(answers.map((r) => r.body.code).sort()).toEqual([200, 403]);
    const loser = answers[0]!.body.code === 200 ? b : a;
    await expectRefused(shop, 403, () => bind(shop, loser, 10030, gameId, roles[0]!), 'This role is already bound to another player');
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
