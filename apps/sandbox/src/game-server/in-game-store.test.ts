import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS } from '../credentials.ts';
import { buttonAction } from '../testing/harness.ts';
import { gameServerPlugin } from './index.ts';
import { verifyGameRequest } from './signing.ts';

/**
 * A stand-in for the shop's signed voucher API (apps/server game-api): balance and spend per role, answering the shop's
 * envelope `{code, message, data}`, a spend idempotent by transactionId, 409 "Not enough vouchers" when it cannot be covered.
 */
async function startFakeShop() {
  const balances = new Map<string, number>();
  const spends = new Map<string, unknown>();
  const spendRequests: Array<Record<string, unknown>> = [];
  const shop = Fastify();
  shop.removeAllContentTypeParsers();
  shop.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  shop.post<{ Params: { action: string } }>('/api/game/v1/vouchers/:action', async (request, reply) => {
    const appId = Number(request.headers['x-game-app-id']);
    const raw = String(request.body);
    if (!verifyGameRequest(SANDBOX_CREDENTIALS.gameServers.secrets[appId] ?? '', request.headers['x-game-timestamp'], request.headers['x-game-signature'], raw))
      return reply.code(401).send({ code: 401, message: 'The request signature is missing, wrong or too old', data: null });
    const body = JSON.parse(raw) as { serverId: string; roleId: string; amount: number; transactionId: string };
    const role = `${appId}:${body.serverId}:${body.roleId}`;
    const balance = balances.get(role) ?? 0;
    if (request.params.action === 'balance') return { code: 200, message: 'Request Successful', data: { serverId: body.serverId, roleId: body.roleId, balance } };
    spendRequests.push(body);
    const earlier = spends.get(`${appId}:${body.transactionId}`);
    if (earlier) return earlier;
    if (body.amount > balance) return reply.code(409).send({ code: 409, message: 'Not enough vouchers', data: null });
    balances.set(role, balance - body.amount);
    const answer = { code: 200, message: 'Request Successful', data: { transactionId: body.transactionId, amount: body.amount, balance: balance - body.amount, reversed: false, createdAt: new Date().toISOString() } };
    spends.set(`${appId}:${body.transactionId}`, answer);
    return answer;
  });
  await shop.listen({ port: 0, host: '127.0.0.1' });
  const address = shop.server.address();
  if (address === null || typeof address === 'string') throw new Error('fake shop: expected a TCP address');
  return { apiUrl: `http://127.0.0.1:${address.port}/api`, balances, spendRequests, close: () => shop.close() };
}

describe("the game's in-game voucher store", () => {
  const app = Fastify();
  let shop: Awaited<ReturnType<typeof startFakeShop>>;
  let shopApiUrl: string;
  beforeAll(async () => {
    shop = await startFakeShop();
    await app.register(gameServerPlugin, { prefix: '/sandbox', shopApiUrl: () => shopApiUrl });
  });
  beforeEach(() => {
    shopApiUrl = shop.apiUrl;
    shop.spendRequests.length = 0;
  });
  afterAll(async () => {
    await app.close();
    await shop.close();
  });

  const RICK = { appId: '10030', serverId: '10001', roleId: '10001001' };
  const storeQuery = (role = RICK) => new URLSearchParams(role).toString();
  const setBalance = (vouchers: number, role = RICK) => shop.balances.set(`${role.appId}:${role.serverId}:${role.roleId}`, vouchers);
  const page = async (role = RICK) => (await app.inject({ url: `/sandbox/game-server/store?${storeQuery(role)}` })).body;
  const buttons = (html: string) => [...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((match) => match[1]);
  const press = (action: string) =>
    app.inject({ method: 'POST', url: action, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'framed=' });

  it('offers exactly the items whose price is covered by the balance', async () => {
    setBalance(499);
    const json = await app.inject({ url: `/sandbox/game-server/store.json?${storeQuery()}` });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual({
      balance: 499,
      items: [
        { itemId: 'gems-60', name: '60 Gems', price: 99, canBuy: true },
        { itemId: 'starter-bundle', name: 'Survivor Starter Bundle', price: 199, canBuy: true },
        { itemId: 'vip-30d', name: 'VIP 30 days', price: 499, canBuy: true },
        { itemId: 'vip-365d', name: 'VIP 365 days', price: 4999, canBuy: false },
        { itemId: 'legendary-crate', name: 'Legendary Supply Crate', price: 9999, canBuy: false },
      ],
    });
    const html = await page();
    expect(html).toContain('<dt>Voucher balance</dt><dd>499 vouchers</dd>');
    expect(buttons(html)).toEqual(['Buy with vouchers: 60 Gems (99)', 'Buy with vouchers: Survivor Starter Bundle (199)', 'Buy with vouchers: VIP 30 days (499)']);
    expect(html).toContain('<dd>4999 vouchers · Not enough vouchers</dd>');
    expect(html).toContain('<dd>9999 vouchers · Not enough vouchers</dd>');

    setBalance(498);
    expect(buttons(await page())).toEqual(['Buy with vouchers: 60 Gems (99)', 'Buy with vouchers: Survivor Starter Bundle (199)']);
    const zeus = { appId: '10002', serverId: '1', roleId: '1000200101' };
    setBalance(0, zeus);
    expect(buttons(await page(zeus))).toEqual([]);
    expect((await app.inject({ url: `/sandbox/game-server/store.json?${storeQuery(zeus)}` })).json().items[4]).toEqual({
      itemId: 'legendary-crate',
      name: 'Legendary Relic Crate',
      price: 9999,
      canBuy: false,
    });
  });

  it('spends once on a double submit: the purchase id rendered with the page is the transactionId', async () => {
    setBalance(1000);
    const action = buttonAction(await page(), 'Buy with vouchers: 60 Gems (99)');
    const purchaseId = new URL(action, 'http://game').searchParams.get('purchaseId');
    const [first, second] = [await press(action), await press(action)];
    expect([first.statusCode, second.statusCode]).toEqual([303, 303]);
    expect(first.headers.location).toBe(`/sandbox/game-server/store?${storeQuery()}&purchase=${purchaseId}`);
    const spend = { serverId: RICK.serverId, roleId: RICK.roleId, amount: 99, itemId: 'gems-60', itemName: '60 Gems', transactionId: purchaseId };
    expect(shop.spendRequests).toEqual([spend, spend]);
    const after = await page();
    expect(after).toContain('<dd>901 vouchers</dd>');
    expect((await app.inject({ url: String(first.headers.location) })).body).toContain('Bought 60 Gems for 99 vouchers. Balance: 901 vouchers.');
    // a fresh render gets a fresh purchase id
    expect(new URL(buttonAction(after, 'Buy with vouchers: 60 Gems (99)'), 'http://game').searchParams.get('purchaseId')).not.toBe(purchaseId);
  });

  it("shows the shop's refusal", async () => {
    setBalance(4999);
    const action = buttonAction(await page(), 'Buy with vouchers: VIP 365 days (4999)');
    setBalance(100); // spent elsewhere since the page was rendered
    const refused = await press(action);
    expect(refused.statusCode).toBe(303);
    const html = (await app.inject({ url: String(refused.headers.location) })).body;
    expect(html).toContain('Not bought: Not enough vouchers.');
    expect(html).toContain('<dd>100 vouchers</dd>');
  });

  it('stays up and says so when the shop cannot be reached', async () => {
    setBalance(1000);
    const action = buttonAction(await page(), 'Buy with vouchers: 60 Gems (99)');
    shopApiUrl = 'http://127.0.0.1:1/api';
    const json = await app.inject({ url: `/sandbox/game-server/store.json?${storeQuery()}` });
    expect(json.statusCode).toBe(503);
    expect(json.json().error).toMatchObject({ code: 'SHOP_UNAVAILABLE', message: expect.stringContaining('the shop could not be reached') });
    const html = await page();
    expect(html).toContain('The voucher balance is unknown: the shop could not be reached');
    expect(html).toContain('<dd>unknown</dd>');
    expect(buttons(html)).toEqual([]);
    expect((await press(action)).statusCode).toBe(303);
  });

  it('refuses unknown roles and items', async () => {
    expect((await app.inject({ url: '/sandbox/game-server/store.json?appId=10030&serverId=10001&roleId=nobody' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/sandbox/game-server/store?appId=10002&serverId=10001&roleId=10001001' })).statusCode).toBe(404);
    expect((await press(`/sandbox/game-server/store/buy?${storeQuery()}&itemId=free-stuff&purchaseId=p-1`)).statusCode).toBe(400);
    expect((await press(`/sandbox/game-server/store/buy?${storeQuery()}&itemId=gems-60`)).statusCode).toBe(400);
    expect(shop.spendRequests).toEqual([]);
  });

  it('links every role to its store from the deliveries page', async () => {
    const html = (await app.inject({ url: '/sandbox/game-server' })).body;
    expect(html).toContain(`<dd>/sandbox/game-server/store?appId=10030&#38;serverId=10001&#38;roleId=10001001</dd>`);
    expect(html).toContain(`<dd>/sandbox/game-server/store?appId=10002&#38;serverId=3&#38;roleId=1000200201</dd>`);
  });
});
