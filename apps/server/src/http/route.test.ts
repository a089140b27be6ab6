import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenData } from '@shop/contract/auth.schema';
import type { BoundRole } from '@shop/contract/roles.schema';
import { BACKENDS, startShop, type ApiAnswer, type TestShop } from '../../test/harness.ts';

describe.each(BACKENDS)('API answers are never cached (%s)', (backend) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startShop(backend);
  });
  afterAll(() => shop.close());

  const expectNoStore = (answer: ApiAnswer, success = true) => {
    if (success) expect(answer.body.code).toBe(200);
    else expect(answer.body.code).not.toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  };

  it('marks every answer carrying tokens no-store: quick login, refresh, switching role', async () => {
    const login = await shop.api<TokenData>('POST', '/api/user/inapp/quick/login', {
      body: { appId: 10030, roleId: 'no-store-1', serverId: '10001', accountId: 'no-store-account' },
    });
    expectNoStore(login);
    const refreshed = await shop.api<TokenData>('POST', '/api/user/refresh/token', { body: { refreshToken: login.body.data.refreshToken } });
    expectNoStore(refreshed);
    const token = refreshed.body.data.token;
    const roles = await shop.api<(BoundRole & { current?: boolean })[]>('POST', '/api/v1/role/list', { token, body: {} });
    expectNoStore(roles);
    const current = roles.body.data.find((role) => role.current) ?? roles.body.data[0]!;
    expectNoStore(await shop.api('POST', '/api/v1/role/switch', { token, body: { gameAccountId: current.id } }));
  });

  it("marks the player's own data no-store, and public and refused answers too", async () => {
    const { token } = await shop.quickLogin({ roleId: 'no-store-2' });
    expectNoStore(await shop.api('GET', '/api/user/info', { token }));
    expectNoStore(await shop.api('POST', '/api/v1/voucher/list/10030'));
    expectNoStore(await shop.api('POST', '/api/user/inapp/quick/login', { body: { appId: 'not a number' } }), false);
    expectNoStore(await shop.api('POST', '/api/user/login', { body: { accountType: 2, email: 'nobody@example.com', password: 'wrong-password' } }), false);
  });
});
