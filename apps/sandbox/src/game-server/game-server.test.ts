import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sandboxPlugin from '../plugin.ts';
import { SANDBOX_CREDENTIALS } from '../credentials.ts';
import { signGameRequest } from './signing.ts';

describe('sandbox game servers', () => {
  const app = Fastify();
  beforeAll(async () => {
    await app.register(sandboxPlugin, {
      prefix: '/sandbox',
      publicUrl: 'http://localhost:8080/sandbox',
      paypalWebhookUrl: 'http://127.0.0.1:1/api/webhooks/paypal',
      xsollaWebhookUrl: 'http://127.0.0.1:1/api/webhooks/xsolla',
      webhookRetryDelaysMs: [],
    });
  });
  afterAll(() => app.close());

  const secret = (appId: number) => SANDBOX_CREDENTIALS.gameServers.secrets[appId]!;
  const signed = (appId: number, path: string, body: unknown, opts: { ts?: number; sign?: string; headers?: Record<string, string> } = {}) => {
    const raw = JSON.stringify(body);
    const ts = opts.ts ?? Math.floor(Date.now() / 1000);
    return app.inject({
      method: 'POST',
      url: `/sandbox/game-server/api/${appId}${path}`,
      headers: {
        'content-type': 'application/json',
        'x-game-timestamp': String(ts),
        'x-game-signature': opts.sign ?? signGameRequest(secret(appId), ts, raw),
        ...opts.headers,
      },
      payload: raw,
    });
  };
  const control = (failDeliveries: number | boolean) =>
    app.inject({ method: 'POST', url: '/sandbox/game-server/control', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ failDeliveries }) });
  const deliveriesOf = async (orderSn: string) => (await app.inject({ url: `/sandbox/game-server/deliveries.json?orderSn=${orderSn}` })).json().deliveries;

  it('looks up the demo roles of both games by game ID', async () => {
    const two = await signed(10030, '/roles/lookup', { gameId: '1003000001' });
    expect(two.statusCode).toBe(200);
    expect(two.json().roles).toHaveLength(2);
    const demo = await signed(10002, '/roles/lookup', { gameId: 'demo-20001' });
    expect(demo.json().roles[0]).toMatchObject({ roleId: '20001001', serverId: '10001' });
    expect((await signed(10030, '/roles/lookup', { gameId: 'demo-20001' })).statusCode).toBe(404);
  });

  it('refuses a missing, wrong or stale signature and another game\'s secret', async () => {
    const body = { gameId: '1003000001' };
    expect((await app.inject({ method: 'POST', url: '/sandbox/game-server/api/10030/roles/lookup', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) })).statusCode).toBe(401);
    expect((await signed(10030, '/roles/lookup', body, { sign: 'ab'.repeat(32) })).statusCode).toBe(401);
    expect((await signed(10030, '/roles/lookup', body, { ts: Math.floor(Date.now() / 1000) - 301 })).statusCode).toBe(401);
    const raw = JSON.stringify(body);
    const ts = Math.floor(Date.now() / 1000);
    const wrongGame = await app.inject({
      method: 'POST',
      url: '/sandbox/game-server/api/10030/roles/lookup',
      headers: { 'content-type': 'application/json', 'x-game-timestamp': String(ts), 'x-game-signature': signGameRequest(secret(10002), ts, raw) },
      payload: raw,
    });
    expect(wrongGame.statusCode).toBe(401);
  });

  it('records a delivery once per order number, fails on demand, and lists deliveries per role', async () => {
    const delivery = { orderSn: '2611220000001234567890', gameId: '1003000002', serverId: '3', roleId: '1003000201', items: [{ productId: 1011, productSn: 'BD-DM-60', goodsType: 1, quantity: 1, config: {} }] };
    expect((await app.inject({ method: 'POST', url: '/sandbox/game-server/control', headers: { 'content-type': 'application/json' }, payload: '{"failDeliveries":1}' })).statusCode).toBe(200);
    expect((await signed(10030, '/deliveries', delivery)).statusCode).toBe(503);
    const first = await signed(10030, '/deliveries', delivery);
    expect(first.json()).toMatchObject({ duplicate: false });
    const again = await signed(10030, '/deliveries', delivery);
    expect(again.json()).toEqual({ deliveryId: first.json().deliveryId, duplicate: true });
    expect((await signed(10030, '/deliveries', { ...delivery, orderSn: 'x'.repeat(20), roleId: 'nobody' })).statusCode).toBe(404);
    const listed = (await app.inject({ url: '/sandbox/game-server/deliveries.json?roleId=1003000201' })).json();
    expect(listed.deliveries).toHaveLength(1);
    const page = await app.inject({ url: '/sandbox/game-server' });
    expect(page.body).toContain('1003000201');
  });

  describe('revoking a refunded order', () => {
    const deliveryOf = (orderSn: string) => ({
      orderSn,
      gameId: '1003000001',
      serverId: '2',
      roleId: '1003000102',
      items: [{ productId: 1011, productSn: 'BD-DM-60', goodsType: 1, quantity: 1, config: {} }],
    });

    it('takes back delivered goods once, answers a repeat as a duplicate and refuses any later delivery', async () => {
      const orderSn = '2611220000000000000001';
      expect((await signed(10030, '/deliveries', deliveryOf(orderSn))).statusCode).toBe(200);
      expect((await deliveriesOf(orderSn))[0]).toMatchObject({ revokedAt: null, revokeReason: null });

      const first = await signed(10030, '/deliveries/revoke', { orderSn, reason: 'refund' }, { headers: { 'idempotency-key': orderSn } });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ orderSn, revoked: true, duplicate: false });
      const [row] = await deliveriesOf(orderSn);
      expect(row).toMatchObject({ revokeReason: 'refund' });
      const revokedAt: string = row.revokedAt;
      expect(Date.parse(revokedAt)).not.toBeNaN();

      const again = await signed(10030, '/deliveries/revoke', { orderSn, reason: 'refund' }, { headers: { 'idempotency-key': orderSn } });
      expect(again.json()).toEqual({ orderSn, revoked: true, duplicate: true });
      expect((await deliveriesOf(orderSn))[0].revokedAt).toBe(revokedAt);

      const late = await signed(10030, '/deliveries', deliveryOf(orderSn));
      expect(late.statusCode).toBe(409);
      expect(late.json().error.code).toBe('ORDER_REVOKED');
      expect((await app.inject({ url: '/sandbox/game-server' })).body).toContain(`${orderSn}: BD-DM-60 × 1 · REVOKED (refund) at ${revokedAt.replace('T', ' ').slice(0, 19)}`);
    });

    it('revokes an order the game never received: nothing to take back, and its delivery can never land afterwards', async () => {
      const orderSn = '2611220000000000000002';
      expect((await signed(10030, '/deliveries/revoke', { orderSn })).json()).toEqual({ orderSn, revoked: false, duplicate: false });
      expect((await signed(10030, '/deliveries/revoke', { orderSn })).json()).toEqual({ orderSn, revoked: false, duplicate: true });
      expect((await signed(10030, '/deliveries', deliveryOf(orderSn))).statusCode).toBe(409);
      expect(await deliveriesOf(orderSn)).toEqual([]);
      // the tombstone is per game: the other game's order with the same number is untouched
      expect((await signed(10002, '/deliveries', { ...deliveryOf(orderSn), gameId: '1000200002', serverId: '3', roleId: '1000200201' })).statusCode).toBe(200);
    });

    it('needs a valid signature and a well-formed request', async () => {
      const raw = JSON.stringify({ orderSn: '2611220000000000000003' });
      const unsigned = await app.inject({ method: 'POST', url: '/sandbox/game-server/api/10030/deliveries/revoke', headers: { 'content-type': 'application/json' }, payload: raw });
      expect(unsigned.statusCode).toBe(401);
      expect(unsigned.json().error.code).toBe('INVALID_SIGNATURE');
      expect((await signed(10030, '/deliveries/revoke', { orderSn: '2611220000000000000003' }, { sign: 'ab'.repeat(32) })).statusCode).toBe(401);
      for (const body of [{}, { orderSn: '' }, { orderSn: 42 }, { orderSn: '2611220000000000000003', reason: '' }]) {
        const refused = await signed(10030, '/deliveries/revoke', body);
        expect(refused.statusCode).toBe(400);
        expect(refused.json().error.code).toBe('INVALID_PARAMETER');
      }
      const mismatch = await signed(10030, '/deliveries/revoke', { orderSn: '2611220000000000000003' }, { headers: { 'idempotency-key': 'another' } });
      expect(mismatch.statusCode).toBe(400);
      // none of the refused requests revoked anything
      expect((await signed(10030, '/deliveries', deliveryOf('2611220000000000000003'))).statusCode).toBe(200);
    });

    it('fails on demand like a delivery, consuming one refusal', async () => {
      const orderSn = '2611220000000000000004';
      expect((await control(1)).statusCode).toBe(200);
      const busy = await signed(10030, '/deliveries/revoke', { orderSn });
      expect(busy.statusCode).toBe(503);
      expect(busy.json().error.code).toBe('DELIVERY_UNAVAILABLE');
      expect((await signed(10030, '/deliveries/revoke', { orderSn })).json()).toEqual({ orderSn, revoked: false, duplicate: false });
    });
  });
});
