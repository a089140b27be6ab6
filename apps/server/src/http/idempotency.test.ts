import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CreateOrderResult } from '@shop/contract/checkout.schema';
import { BACKENDS, startShop, type ApiAnswer, type TestShop } from '../../test/harness.ts';
import { channelOf, newPlayer, orderBody, vouchers, type Player } from '../../test/shopping.ts';
import { playerWithRole } from '../../test/game.ts';

const OTHER_REQUEST = 'This Idempotency-Key was already used for a different request. Please use a new key.';
const IN_FLIGHT = 'A request with this Idempotency-Key is still being processed. Please try again in a moment.';

describe.each(BACKENDS)('Idempotency-Key on order creation (%s)', (backend) => {
  let shop: TestShop;
  let voucherBody: (player: Player) => Record<string, unknown>;
  let channelFields: { payMethodId: string; thirdChannelId: string };
  beforeAll(async () => {
    shop = await startShop(backend, { FEATURE_CART: 'true' });
    const pack = (await vouchers(shop))[1]!;
    const channel = await channelOf(shop, 'xsolla');
    voucherBody = (player) => orderBody(player, pack, channel);
    channelFields = { payMethodId: String(channel.payMethodId), thirdChannelId: String(channel.thirdChannelId) };
  });
  afterAll(() => shop.close());

  const count = async (query: ReturnType<typeof sql>) =>
    Number(((await shop.services.db.execute(query)) as unknown as { rows: { n: number | string }[] }).rows[0]!.n);
  const ordersOf = (player: Player) =>
    count(sql`SELECT count(*) AS n FROM orders o JOIN game_accounts g ON g.id = o.game_account_id WHERE g.role_id = ${player.roleId}`);
  const post = <T = unknown>(path: string, player: { token: string }, body: unknown, key?: string) =>
    shop.api<T>('POST', path, { token: player.token, body, headers: key === undefined ? {} : { 'idempotency-key': key } });
  const sameAnswer = (a: ApiAnswer, b: ApiAnswer) => {
    expect(b.status).toBe(a.status);
    expect(b.body).toEqual(a.body);
  };

  it('the same key and body answer the first answer again; one order', async () => {
    const player = await newPlayer(shop);
    const key = randomUUID();
    const first = await post<CreateOrderResult>('/api/v1/voucher/create/order', player, voucherBody(player), key);
    expect(first.body.code).toBe(200);
    const again = await post('/api/v1/voucher/create/order', player, voucherBody(player), key);
    sameAnswer(first, again);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    // the body in another key order is the same request
    const reordered = Object.fromEntries(Object.entries(voucherBody(player)).reverse());
    sameAnswer(first, await post('/api/v1/voucher/create/order', player, reordered, key));
    expect(await ordersOf(player)).toBe(1);
    // without a key every request is a new order, as before
    expect((await post('/api/v1/voucher/create/order', player, voucherBody(player))).body.code).toBe(200);
    expect(await ordersOf(player)).toBe(2);
  });

  it('the same key with another body is refused (422) and writes nothing', async () => {
    const player = await newPlayer(shop);
    const key = randomUUID();
    expect((await post('/api/v1/voucher/create/order', player, voucherBody(player), key)).body.code).toBe(200);
    const other = await post('/api/v1/voucher/create/order', player, { ...voucherBody(player), selectedRegionCode: 'DE', regionCode: 'DE' }, key);
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ code: 422, message: OTHER_REQUEST, data: null });
    // the same key on another kind of order is another request too
    expect((await post('/api/v1/order/product/create', player, { appId: 10030, gameAccountId: 1, productId: 1012, quantity: 1, ...channelFields }, key)).status).toBe(422);
    expect(await ordersOf(player)).toBe(1);
  });

  it('ten parallel duplicates create one order; the others wait for nothing and are told it is in flight, or replayed', async () => {
    const player = await newPlayer(shop);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 10 }, () => post<CreateOrderResult>('/api/v1/voucher/create/order', player, voucherBody(player), key)));
    const created = answers.filter((answer) => answer.status === 200);
    const busy = answers.filter((answer) => answer.status === 409);
    expect(created.length + busy.length).toBe(10);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const answer of created) expect(answer.body).toEqual(created[0]!.body);
    for (const answer of busy) {
      expect(answer.body).toEqual({ code: 409, message: IN_FLIGHT, data: null });
      expect(answer.headers.get('retry-after')).toBe('1');
    }
    expect(await ordersOf(player)).toBe(1);
    sameAnswer(created[0]!, await post('/api/v1/voucher/create/order', player, voucherBody(player), key));
  });

  it('keys belong to the player: another player with the same key gets an order of their own', async () => {
    const key = randomUUID();
    const [alice, bob] = [await newPlayer(shop), await newPlayer(shop)];
    const first = await post<CreateOrderResult>('/api/v1/voucher/create/order', alice, voucherBody(alice), key);
    const second = await post<CreateOrderResult>('/api/v1/voucher/create/order', bob, voucherBody(bob), key);
    expect(second.body.code).toBe(200);
    expect(second.body.data.orderId).not.toBe(first.body.data.orderId);
  });

  it('a refusal is the recorded answer too (Stripe: the first result, success or failure)', async () => {
    const player = await newPlayer(shop);
    const key = randomUUID();
    const refused = await post('/api/v1/voucher/create/order', player, { ...voucherBody(player), productPrice: 0.01 }, key);
    expect(refused.status).toBe(409);
    sameAnswer(refused, await post('/api/v1/voucher/create/order', player, { ...voucherBody(player), productPrice: 0.01 }, key));
    expect(await ordersOf(player)).toBe(0);
  });

  it('product orders, cart checkouts and gift claims honour the key', async () => {
    const { player, account } = await playerWithRole(shop);
    const product = { appId: 10030, gameAccountId: account.id, productId: 1012, quantity: 1, ...channelFields };
    const cart = { appId: 10030, gameAccountId: account.id, items: [{ productId: 1012, quantity: 2 }], ...channelFields };
    const gift = { productId: 1041, gameAccountId: account.id };
    for (const [path, body] of [
      ['/api/v1/order/product/create', product],
      ['/api/v1/order/create', cart],
      ['/api/v1/product/receive', gift],
    ] as const) {
      const key = randomUUID();
      const answers = await Promise.all(Array.from({ length: 10 }, () => post(path, player, body, key)));
      const created = answers.filter((answer) => answer.status === 200);
      expect(created.length, `${path}: ${JSON.stringify(answers.map((a) => a.body))}`).toBeGreaterThanOrEqual(1);
      expect(answers.every((answer) => answer.status === 200 || answer.status === 409)).toBe(true);
      sameAnswer(created[0]!, await post(path, player, body, key));
    }
    const [row] = ((await shop.services.db.execute(sql`SELECT count(*) AS n, count(*) FILTER (WHERE order_source = 'gift') AS gifts FROM orders WHERE game_account_id = ${account.id}`)) as unknown as {
      rows: { n: number | string; gifts: number | string }[];
    }).rows;
    expect(Number(row!.n)).toBe(3);
    expect(Number(row!.gifts)).toBe(1);
    // A second claim of the gift with a new key is refused (409); that refusal is replayed under its key.
    const key = randomUUID();
    const again = await post('/api/v1/product/receive', player, gift, key);
    expect(again.status).toBe(409);
    sameAnswer(again, await post('/api/v1/product/receive', player, gift, key));
  });

  it('refuses a key over 255 characters or empty (400), and keeps keys 24 hours', async () => {
    const player = await newPlayer(shop);
    for (const key of ['k'.repeat(256), '']) {
      const answer = await post('/api/v1/voucher/create/order', player, voucherBody(player), key);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 400, data: null });
      expect(answer.body.message).toContain('idempotency-key');
    }
    expect(await ordersOf(player)).toBe(0);
    const key = 'k'.repeat(255);
    expect((await post('/api/v1/voucher/create/order', player, voucherBody(player), key)).body.code).toBe(200);
    // 25 hours later the key is free again: another body is a new order, not a 422
    await shop.services.db.execute(sql`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = ${key}`);
    expect((await post('/api/v1/voucher/create/order', player, { ...voucherBody(player), selectedRegionCode: 'DE', regionCode: 'DE' }, key)).body.code).toBe(200);
    expect(await ordersOf(player)).toBe(2);
    // and expired keys are swept
    await shop.services.db.execute(sql`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = ${key}`);
    await shop.services.idempotency.sweep();
    expect(await count(sql`SELECT count(*) AS n FROM idempotency_keys WHERE key = ${key}`)).toBe(0);
  });

  it('documents the header in OpenAPI on the four order-creating routes', async () => {
    const document = (await (await fetch(`${shop.url}/api/docs/json`)).json()) as {
      paths: Record<string, { post: { parameters?: { in: string; name: string; schema: { maxLength?: number } }[] } }>;
    };
    for (const path of ['/api/v1/voucher/create/order', '/api/v1/order/product/create', '/api/v1/order/create', '/api/v1/product/receive']) {
      const header = document.paths[path]!.post.parameters?.find((parameter) => parameter.in === 'header' && parameter.name === 'idempotency-key');
      expect(header, path).toMatchObject({ required: false, schema: { maxLength: 255 } });
    }
  });

  it('a claim left by a dead request is taken over after its lease; an answer then recorded by the late one is refused', async () => {
    const player = await newPlayer(shop);
    const key = randomUUID();
    const userId = (await shop.api<{ id: number }>('GET', '/api/user/info', { token: player.token })).body.data.id;
    const started = await shop.services.idempotency.begin(userId, key, 'fingerprint', (data) => ({ code: 200, data }));
    expect('claim' in started).toBe(true);
    // in flight: the same request is told to retry
    await expect(shop.services.idempotency.begin(userId, key, 'fingerprint', (data) => ({ data }))).rejects.toMatchObject({ kind: 'conflict' });
    await shop.services.db.execute(sql`UPDATE idempotency_keys SET locked_until = now() - interval '1 second' WHERE key = ${key}`);
    const takeover = await shop.services.idempotency.begin(userId, key, 'fingerprint', (data) => ({ code: 200, data }));
    expect('claim' in takeover).toBe(true);
    if (!('claim' in started) || !('claim' in takeover)) return;
    await expect(shop.services.db.transaction((tx) => started.claim.complete(tx, { late: true }))).rejects.toMatchObject({ kind: 'conflict' });
    await shop.services.db.transaction((tx) => takeover.claim.complete(tx, { first: true }));
    const replay = await shop.services.idempotency.begin(userId, key, 'fingerprint', (data) => ({ data }));
    expect(replay).toEqual({ replay: { status: 200, body: { code: 200, data: { first: true } } } });
  });
});
