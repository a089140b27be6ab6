import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { CreateOrderResult } from '@shop/contract/checkout.schema';
import type { Order } from '@shop/contract/orders.schema';
import type { OrderItemDetail, RefundRequestInfo } from '@shop/contract/shop-orders';
import type { BoundRole } from '@shop/contract/roles.schema';
import type { PayChannel } from '@shop/contract/channels.schema';
import { BACKENDS, startShop, type TestShop } from '../../../test/harness.ts';
import { channelOf, orderOf, press, waitForStatus, type Player, type ProviderName } from '../../../test/shopping.ts';
import { deliveries, expectRefused, freshGameAccount, bind, playerWithRole } from '../../../test/game.ts';
import { products } from '../../db/schema.ts';

const GEMS = 1013; // 1499 / discounted 1299 cents
const VIP = 1021;
const OTHER = 1032;
const PROVIDERS: ProviderName[] = ['paypal', 'xsolla', 'payermax'];

describe.each(BACKENDS)('shop orders (%s)', (backend) => {
  let shop: TestShop;
  let paypal: PayChannel;
  beforeAll(async () => {
    shop = await startShop(backend, { FEATURE_CART: 'true' });
    const [gems] = await shop.services.db.select().from(products).where(eq(products.id, GEMS));
    await shop.services.db.insert(products).values({ ...gems!, id: 1019, productSn: 'BD-DM-HIDDEN', hidden: true });
    paypal = await channelOf(shop, 'paypal');
  });
  afterAll(() => shop.close());

  const channelBody = (channel: PayChannel) => ({ payMethodId: channel.payMethodId, thirdChannelId: channel.thirdChannelId, regionCode: 'US' });
  const buy = (player: Player, account: BoundRole, productId: number, quantity: unknown, channel = paypal, extra: Record<string, unknown> = {}) =>
    shop.api<CreateOrderResult>('POST', '/api/v1/order/product/create', {
      token: player.token,
      body: { appId: 10030, gameAccountId: account.id, productId, quantity, ...channelBody(channel), ...extra },
    });
  const call = <T = unknown>(path: string, player: Player, body: unknown) => shop.api<T>('POST', `/api/v1/order/${path}`, { token: player.token, body });

  /** Pays an order in the sandbox checkout the way the browser does (PayPal: return page captures). */
  async function payInSandbox(result: CreateOrderResult) {
    const next = await press(shop, result, 'pay');
    if (result.thirdChannelName === 'paypal') {
      const token = new URL(next!).searchParams.get('token')!;
      const capture = await shop.api('POST', '/api/v1/pay/paypalCapture', { body: { orderId: result.orderId, thirdOrderId: token } });
      expect(capture.body.code).toBe(200);
    }
  }

  describe.each(PROVIDERS)('%s', (provider) => {
    it('buys gems: priced from the catalogue, paid, delivered to the game once, Order Complete', async () => {
      const { player, account, gameId } = await playerWithRole(shop);
      const channel = await channelOf(shop, provider);
      const created = await buy(player, account, GEMS, 3, channel, { productPrice: 12.99, currency: 'USD' });
      expect(created.body.code, JSON.stringify(created.body)).toBe(200);
      expect(created.body.data).toMatchObject({ thirdChannelName: provider, totalAmount: 38.97, currency: 'USD' });
      const order = await orderOf(shop, player, created.body.data.orderId);
      expect(order).toMatchObject({ status: 0, orderSource: 'shop', payAmount: 38.97, totalAmount: 44.97 });
      expect(order.items).toEqual([expect.objectContaining({ productId: GEMS, quantity: 3, price: 12.99, originalPrice: 14.99 })]);

      await payInSandbox(created.body.data);
      const done = await waitForStatus(shop, player, created.body.data.orderId, [3]);
      expect(done.paidTime).not.toBeNull();
      const delivered = await deliveries(shop, { gameId });
      expect(delivered).toHaveLength(1);
      expect(delivered[0]).toMatchObject({ orderSn: created.body.data.orderSn, roleId: account.roleId });
      expect(delivered[0]!.items).toEqual([expect.objectContaining({ productId: GEMS, quantity: 3 })]);
      const detail = (await call<OrderItemDetail>('item/detail', player, { orderId: created.body.data.orderId })).body.data;
      expect(detail.deliveredTime).not.toBeNull();
      expect(detail.actions).toEqual({ pay: false, cancel: false, refund: true, del: true, retryDelivery: false });
    });
  });

  it('delivers VIP days and other items with what the game needs to grant them', async () => {
    const { player, account, gameId } = await playerWithRole(shop);
    for (const [productId, quantity] of [
      [VIP, 1],
      [OTHER, 2],
    ] as const) {
      const created = await buy(player, account, productId, quantity);
      expect(created.body.code, JSON.stringify(created.body)).toBe(200);
      await payInSandbox(created.body.data);
      await waitForStatus(shop, player, created.body.data.orderId, [3]);
    }
    const delivered = await deliveries(shop, { gameId });
    const byProduct = new Map(delivered.flatMap((delivery) => delivery.items.map((item) => [item.productId, item] as const)));
    expect(byProduct.get(VIP)).toMatchObject({ quantity: 1, goodsType: 2, config: { vipDays: 30 } });
    expect(byProduct.get(OTHER)).toMatchObject({ quantity: 2, goodsType: 3, config: { items: expect.arrayContaining([expect.objectContaining({ itemId: expect.any(Number), count: expect.any(Number) })]) } });
  });

  it('creates one order from several cart lines', async () => {
    const { player, account } = await playerWithRole(shop);
    const answer = await shop.api<CreateOrderResult>('POST', '/api/v1/order/create', {
      token: player.token,
      body: { appId: 10030, gameAccountId: account.id, items: [{ productId: GEMS, quantity: 2 }, { productId: VIP, quantity: 1 }, { productId: OTHER, quantity: 7 }], ...channelBody(paypal) },
    });
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
    const order = await orderOf(shop, player, answer.body.data.orderId);
    // 2 x 12.99 + 4.99 + 7 x 1.99
    expect(order.payAmount).toBe(44.9);
    expect(order.items.map((i) => [i.productId, i.quantity])).toEqual(
      expect.arrayContaining([[GEMS, 2], [VIP, 1], [OTHER, 7]]),
    );
  });

  it("shows a line by the name the player read when ordering, in their language, after the product is renamed; other languages and the description and picture follow the catalogue", async () => {
    const { player, account } = await playerWithRole(shop);
    const [gems] = await shop.services.db.select().from(products).where(eq(products.id, GEMS));
    await shop.services.db.insert(products).values({ ...gems!, id: 1018, productSn: 'BD-DM-RENAMED', version: 1 });
    const german = { 'accept-language': 'de' };
    const created = await shop.api<CreateOrderResult>('POST', '/api/v1/order/product/create', {
      token: player.token,
      headers: german,
      body: { appId: 10030, gameAccountId: account.id, productId: 1018, quantity: 2, ...channelBody(paypal) },
    });
    expect(created.body.code, JSON.stringify(created.body)).toBe(200);
    const orderId = created.body.data.orderId;
    const orderedName = gems!.names.de!;
    expect(orderedName).not.toBe(gems!.names.en);

    // the catalogue renames and translates the product afterwards (the database raises its version)
    await shop.services.db
      .update(products)
      .set({ names: { ...gems!.names, en: 'Gem chest', de: 'Edelsteintruhe', fr: 'Coffre de gemmes' }, descs: { ...gems!.descs, de: 'Neu beschrieben' }, thumbnail: '/goods/chest.svg' })
      .where(eq(products.id, 1018));
    const stored = await shop.services.db.execute(sql`
      SELECT o.language, i.name, i.product_version, p.version FROM orders o JOIN order_items i ON i.order_id = o.id JOIN products p ON p.id = i.product_id
       WHERE o.id = ${orderId}`);
    expect((stored as unknown as { rows: unknown[] }).rows).toEqual([{ language: 'de', name: orderedName, product_version: 1, version: 2 }]);

    // in German, the language of the order: the name it was bought by; the description and picture are today's
    const detail = await shop.api<Order>('POST', '/api/v1/order/detail', { token: player.token, headers: german, body: { orderId } });
    expect(detail.body.data.items).toEqual([expect.objectContaining({ productId: 1018, quantity: 2, productName: orderedName, desc: 'Neu beschrieben', thumb: '/goods/chest.svg' })]);
    const list = await shop.api<{ list: Order[] }>('GET', '/api/v1/order/list/all', { token: player.token, headers: german });
    expect(list.body.data.list.find((order) => order.id === orderId)!.items).toEqual([expect.objectContaining({ productName: orderedName })]);
    const goods = await shop.api<OrderItemDetail>('POST', '/api/v1/order/item/detail', { token: player.token, headers: german, body: { orderId } });
    expect(goods.body.data.goods).toEqual([expect.objectContaining({ productName: orderedName, productDesc: 'Neu beschrieben', productThumbnail: '/goods/chest.svg', num: 2 })]);

    // the line keeps one language: in French the catalogue's French name now, in Japanese its Japanese one
    const french = await shop.api<Order>('POST', '/api/v1/order/detail', { token: player.token, headers: { 'accept-language': 'fr' }, body: { orderId } });
    expect(french.body.data.items[0]!.productName).toBe('Coffre de gemmes');
    const japanese = await shop.api<Order>('POST', '/api/v1/order/detail', { token: player.token, headers: { 'accept-language': 'ja' }, body: { orderId } });
    expect(japanese.body.data.items[0]!.productName).toBe(gems!.names.ja);
  });

  it('the cart checkout does not exist while the cart is switched off (404, nothing written)', async () => {
    const { player, account } = await playerWithRole(shop);
    shop.config.features.cart = false;
    try {
      await expectRefused(shop, 404, () =>
        shop.api('POST', '/api/v1/order/create', {
          token: player.token,
          body: { appId: 10030, gameAccountId: account.id, items: [{ productId: GEMS, quantity: 1 }], ...channelBody(paypal) },
        }),
      );
    } finally {
      shop.config.features.cart = true;
    }
  });

  it.each([
    ['0', 0],
    ['negative', -1],
    ['11', 11],
    ['not an integer', 1.5],
    ['a string', '2'],
    ['missing', undefined],
  ])('refuses a quantity that is %s, writing nothing', async (_name, quantity) => {
    const { player, account } = await playerWithRole(shop);
    await expectRefused(shop, 400, () => buy(player, account, GEMS, quantity));
    await expectRefused(shop, 400, () =>
      shop.api('POST', '/api/v1/order/create', {
        token: player.token,
        body: { appId: 10030, gameAccountId: account.id, items: [{ productId: GEMS, quantity }], ...channelBody(paypal) },
      }),
    );
  });

  it('refuses more than 10 items per transaction, repeated lines and an empty cart', async () => {
    const { player, account } = await playerWithRole(shop);
    const cart = (items: unknown) =>
      shop.api('POST', '/api/v1/order/create', { token: player.token, body: { appId: 10030, gameAccountId: account.id, items, ...channelBody(paypal) } });
    await expectRefused(shop, 400, () => cart([{ productId: GEMS, quantity: 6 }, { productId: VIP, quantity: 5 }]), 'At most 10 items');
    await expectRefused(shop, 400, () => cart([{ productId: GEMS, quantity: 1 }, { productId: GEMS, quantity: 1 }]), 'only once');
    await expectRefused(shop, 400, () => cart([]));
    await expectRefused(shop, 400, () => cart(Array.from({ length: 11 }, (_, i) => ({ productId: 1011 + i, quantity: 1 }))));
  });

  it('refuses buying a free, voucher, hidden, excluded or unknown product, another game\'s product or a changed price', async () => {
    const { player, account } = await playerWithRole(shop);
    await expectRefused(shop, 400, () => buy(player, account, 1041, 1), 'This item cannot be bought here');
    await expectRefused(shop, 400, () => buy(player, account, 1001, 1), 'This item cannot be bought here');
    await expectRefused(shop, 404, () => buy(player, account, 1019, 1), 'This item is not available');
    await expectRefused(shop, 404, () => buy(player, account, 9521, 1));
    await expectRefused(shop, 404, () => buy(player, account, 777_777, 1));
    await expectRefused(shop, 400, () => buy(player, account, 2011, 1), 'another game');
    await expectRefused(shop, 409, () => buy(player, account, GEMS, 1, paypal, { productPrice: 0.01 }), 'price');
    await expectRefused(shop, 400, () => buy(player, account, GEMS, 1, paypal, { thirdChannelId: 'nope' }));
  });

  it("refuses another player's game account and one of the other game", async () => {
    const { account } = await playerWithRole(shop);
    const { player: other } = await playerWithRole(shop);
    await expectRefused(shop, 404, () => buy(other, account, GEMS, 1), 'Game account not found');
    const { gameId, roles } = await freshGameAccount(shop, 10002);
    const myth = (await bind(shop, other, 10002, gameId, roles[0]!)).body.data;
    await expectRefused(shop, 400, () => buy(other, myth, GEMS, 1), 'belongs to another game');
    await expectRefused(shop, 401, () => shop.api('POST', '/api/v1/order/product/create', { body: {} }));
  });

  it('cancels an unpaid order once; cancel/auto closes one; both refuse other states, other players and unknown ids', async () => {
    const { player, account } = await playerWithRole(shop);
    const { player: other } = await playerWithRole(shop);
    const first = (await buy(player, account, GEMS, 1)).body.data;
    await expectRefused(shop, 404, () => call('cancel', other, { orderId: first.orderId }), 'Order not found');
    await expectRefused(shop, 404, () => call('cancel/auto', other, { orderId: first.orderId }), 'Order not found');
    await expectRefused(shop, 404, () => call('cancel', player, { orderId: 987_654_321 }));
    const cancelled = await call<Order>('cancel', player, { orderId: first.orderId });
    expect(cancelled.body.data.status).toBe(5);
    await expectRefused(shop, 409, () => call('cancel', player, { orderId: first.orderId }), 'can no longer be cancelled');
    await expectRefused(shop, 409, () => call('cancel/auto', player, { orderId: first.orderId }));

    const second = (await buy(player, account, GEMS, 1)).body.data;
    const closed = await call<{ status: number }>('cancel/auto', player, { orderId: second.orderId });
    expect(closed.body).toMatchObject({ code: 200, data: { orderId: second.orderId, status: 4 } });
  });

  it('pays an unpaid order again (also with another channel); refuses paid, cancelled, foreign and unknown orders', async () => {
    const { player, account } = await playerWithRole(shop);
    const { player: other } = await playerWithRole(shop);
    const xsolla = await channelOf(shop, 'xsolla');
    const created = (await buy(player, account, GEMS, 2, xsolla)).body.data;
    const again = await call<CreateOrderResult>('pay', player, { ids: [created.orderId] });
    expect(again.body.data).toMatchObject({ orderId: created.orderId, orderSn: created.orderSn, thirdChannelName: 'xsolla', totalAmount: 25.98 });
    const switched = await call<CreateOrderResult>('pay', player, { ids: [created.orderId], payType: 1 });
    expect(switched.body.data.thirdChannelName).toBe('paypal');
    expect((await orderOf(shop, player, created.orderId)).thirdChannelName).toBe('paypal');

    await expectRefused(shop, 404, () => call('pay', other, { ids: [created.orderId], payType: 0 }), 'Order not found');
    await expectRefused(shop, 404, () => call('pay', player, { ids: [123_456_789] }));
    await expectRefused(shop, 400, () => call('pay', player, { ids: [] }));
    await expectRefused(shop, 400, () => call('pay', player, { ids: [created.orderId], payMethodId: 'x', thirdChannelId: 'y' }));

    await payInSandbox(switched.body.data);
    await waitForStatus(shop, player, created.orderId, [3]);
    await expectRefused(shop, 409, () => call('pay', player, { ids: [created.orderId] }), 'can no longer be paid');
    const cancelled = (await buy(player, account, GEMS, 1)).body.data;
    await call('cancel', player, { orderId: cancelled.orderId });
    await expectRefused(shop, 409, () => call('pay', player, { ids: [cancelled.orderId] }));
  });

  it('records one refund request for a paid order and shows it in the detail; refuses unpaid, foreign, unknown and repeated requests', async () => {
    const { player, account } = await playerWithRole(shop);
    const { player: other } = await playerWithRole(shop);
    const created = (await buy(player, account, VIP, 1)).body.data;
    await expectRefused(shop, 409, () => call('refund', player, { orderId: created.orderId }), 'paid order');
    await payInSandbox(created);
    await waitForStatus(shop, player, created.orderId, [3]);
    await expectRefused(shop, 404, () => call('refund', other, { orderId: created.orderId }), 'Order not found');
    await expectRefused(shop, 404, () => call('refund', player, { orderId: 55_555_555 }));

    const refund = await call<RefundRequestInfo>('refund', player, { orderId: created.orderId, reason: 'Bought the wrong pass' });
    expect(refund.body).toMatchObject({ code: 200, message: 'Your refund request has been received', data: { status: 'requested', reason: 'Bought the wrong pass' } });
    const order = await orderOf(shop, player, created.orderId);
    expect(order.status).toBe(3);
    expect(order.refundRequest).toMatchObject({ status: 'requested' });
    const detail = (await call<OrderItemDetail>('item/detail', player, { orderId: created.orderId })).body.data;
    expect(detail.refundRequest).toMatchObject({ status: 'requested' });
    expect(detail.actions.refund).toBe(false);
    await expectRefused(shop, 409, () => call('refund', player, { orderId: created.orderId }), 'already been requested');
  });

  it('deletes finished orders only (soft: gone from lists and detail); refuses unpaid, foreign and unknown ones', async () => {
    const { player, account } = await playerWithRole(shop);
    const { player: other } = await playerWithRole(shop);
    const created = (await buy(player, account, OTHER, 1)).body.data;
    await expectRefused(shop, 409, () => call('del', player, { orderId: created.orderId }), 'Only finished orders');
    await call('cancel', player, { orderId: created.orderId });
    await expectRefused(shop, 404, () => call('del', other, { orderId: created.orderId }), 'Order not found');
    const deleted = await call('del', player, { orderId: created.orderId });
    expect(deleted.body).toMatchObject({ code: 200, data: { orderId: created.orderId } });
    const list = await shop.api<{ list: Order[] }>('GET', '/api/v1/order/list/all', { token: player.token });
    expect(list.body.data.list.map((o) => o.id)).not.toContain(created.orderId);
    await expectRefused(shop, 404, () => call('detail', player, { orderId: created.orderId }));
    await expectRefused(shop, 404, () => call('del', player, { orderId: created.orderId }));
  });

  it('confirm answers the statuses of the caller\'s orders and refuses foreign or unknown ids', async () => {
    const { player, account } = await playerWithRole(shop);
    const { player: other } = await playerWithRole(shop);
    const a = (await buy(player, account, GEMS, 1)).body.data;
    const b = (await buy(player, account, VIP, 1)).body.data;
    const answer = await call<{ orderId: number; status: number }[]>('confirm', player, { ids: [a.orderId, b.orderId] });
    expect(answer.body.data).toEqual([
      { orderId: a.orderId, orderSn: a.orderSn, status: 0 },
      { orderId: b.orderId, orderSn: b.orderSn, status: 0 },
    ]);
    await expectRefused(shop, 404, () => call('confirm', other, { ids: [a.orderId] }));
    await expectRefused(shop, 404, () => call('confirm', player, { ids: [a.orderId, 99_999_999] }));
    await expectRefused(shop, 404, () => call('item/detail', other, { orderId: a.orderId }));
  });
});

describe.each(BACKENDS)('unpaid shop orders expire like voucher orders (%s)', (backend) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startShop(backend, { ORDER_EXPIRY_MINUTES: '0.01' });
  });
  afterAll(() => shop.close());

  it('closes an unpaid shop order (0 -> 4) from the outbox, and a closed order can be deleted', async () => {
    const { player, account } = await playerWithRole(shop);
    const payermax = await channelOf(shop, 'payermax');
    const created = await shop.api<CreateOrderResult>('POST', '/api/v1/order/product/create', {
      token: player.token,
      body: { appId: 10030, gameAccountId: account.id, productId: GEMS, quantity: 1, payMethodId: payermax.payMethodId, thirdChannelId: payermax.thirdChannelId },
    });
    expect(created.body.code).toBe(200);
    await waitForStatus(shop, player, created.body.data.orderId, [4]);
    expect((await shop.api('POST', '/api/v1/order/del', { token: player.token, body: { orderId: created.body.data.orderId } })).body.code).toBe(200);
  });
});
