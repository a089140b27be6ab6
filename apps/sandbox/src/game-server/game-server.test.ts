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
  const signed = (appId: number, path: string, body: unknown, opts: { ts?: number; sign?: string } = {}) => {
    const raw = JSON.stringify(body);
    const ts = opts.ts ?? Math.floor(Date.now() / 1000);
    return app.inject({
      method: 'POST',
      url: `/sandbox/game-server/api/${appId}${path}`,
      headers: { 'content-type': 'application/json', 'x-game-timestamp': String(ts), 'x-game-signature': opts.sign ?? signGameRequest(secret(appId), ts, raw) },
      payload: raw,
    });
  };

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
});
