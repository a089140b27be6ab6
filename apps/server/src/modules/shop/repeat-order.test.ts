import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateOrderResult } from '@shop/contract/checkout.schema';
import type { PayChannel } from '@shop/contract/channels.schema';
import type { BoundRole } from '@shop/contract/roles.schema';
import type { OrderItemDetail } from '@shop/contract/shop-orders';
import { BACKENDS, startShop, type TestShop } from '../../../test/harness.ts';
import { channelOf, createOrder, newPlayer, orderOf, press, waitForStatus, type Player, type ProviderName } from '../../../test/shopping.ts';
import { expectRefused, playerWithRole } from '../../../test/game.ts';

const GEMS = 1013; // 1499 / discounted 1299 cents
const OTHER = 1032;

/** Issue 14.3: after a declined payment, Pay again leads to a payable order. */
describe.each(BACKENDS)('paying again after a declined payment (%s)', (backend) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startShop(backend, { FEATURE_CART: 'true' });
  });
  afterAll(() => shop.close());

  const repeat = (player: Player, body: unknown, headers?: Record<string, string>) =>
    shop.api<CreateOrderResult>('POST', '/api/v1/order/repeat', { token: player.token, body, headers });
  const itemDetail = (player: Player, orderId: number) =>
    shop.api<OrderItemDetail>('POST', '/api/v1/order/item/detail', { token: player.token, body: { orderId } });

  /** A declined payment: PayPal's capture is refused (the return page captures), PayerMax notifies FAILED. */
  async function decline(player: Player, result: CreateOrderResult) {
    const next = await press(shop, result, 'decline');
    if (result.thirdChannelName === 'paypal') {
      await shop.api('POST', '/api/v1/pay/paypalCapture', { body: { orderId: result.orderId, thirdOrderId: new URL(next!).searchParams.get('token') } });
    }
    await waitForStatus(shop, player, result.orderId, [7]);
  }

  async function pay(player: Player, result: CreateOrderResult) {
    const next = await press(shop, result, 'pay');
    if (result.thirdChannelName === 'paypal') {
      await shop.api('POST', '/api/v1/pay/paypalCapture', { body: { orderId: result.orderId, thirdOrderId: new URL(next!).searchParams.get('token') } });
    }
    return waitForStatus(shop, player, result.orderId, [3]);
  }

  const cart = (player: Player, account: BoundRole, channel: PayChannel) =>
    shop.api<CreateOrderResult>('POST', '/api/v1/order/create', {
      token: player.token,
      body: {
        appId: 10030,
        gameAccountId: account.id,
        items: [
          { productId: GEMS, quantity: 2 },
          { productId: OTHER, quantity: 3 },
        ],
        payMethodId: channel.payMethodId,
        thirdChannelId: channel.thirdChannelId,
        regionCode: 'US',
      },
    });

  it.each<ProviderName>(['paypal', 'payermax'])('a declined %s shop order: a new payable order for the same goods, account and method, which pays', async (provider) => {
    const { player, account } = await playerWithRole(shop);
    const channel = await channelOf(shop, provider);
    const declined = (await cart(player, account, channel)).body.data;
    await decline(player, declined);

    const again = await repeat(player, { orderId: declined.orderId });
    expect(again.body.code, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.orderId).not.toBe(declined.orderId);
    expect(again.body.data).toMatchObject({ thirdChannelName: provider, totalAmount: declined.totalAmount, currency: 'USD' });
    const fresh = await orderOf(shop, player, again.body.data.orderId);
    const old = await orderOf(shop, player, declined.orderId);
    expect(fresh).toMatchObject({ status: 0, orderSource: 'shop', payMethodName: old.payMethodName, totalAmount: old.totalAmount });
    expect(fresh.items.map(({ productId, quantity, price }) => ({ productId, quantity, price }))).toEqual(
      old.items.map(({ productId, quantity, price }) => ({ productId, quantity, price })),
    );
    expect((await itemDetail(player, again.body.data.orderId)).body.data.gameAccount?.id).toBe(account.id);
    expect((await itemDetail(player, again.body.data.orderId)).body.data.actions.pay).toBe(true);
    // the declined order is left as it was
    expect(old.status).toBe(7);
    await pay(player, again.body.data);
  });

  it.each<ProviderName>(['paypal', 'payermax'])('a declined %s voucher order: a new voucher order for the same pack and role, which pays', async (provider) => {
    const player = await newPlayer(shop);
    const { result: declined, pack } = await createOrder(shop, player, provider);
    await decline(player, declined);
    const again = await repeat(player, { orderId: declined.orderId });
    expect(again.body.code, JSON.stringify(again.body)).toBe(200);
    const fresh = await orderOf(shop, player, again.body.data.orderId);
    expect(fresh).toMatchObject({ status: 0, orderSource: 'voucher', thirdChannelName: provider });
    expect(fresh.items).toEqual([expect.objectContaining({ productId: pack.id, quantity: 1, voucherAmount: pack.voucherAmount })]);
    await pay(player, again.body.data);
    expect((await shop.api<{ voucherBalance: number }>('GET', '/api/user/info', { token: player.token })).body.data.voucherBalance).toBe(pack.voucherAmount);
  });

  it('one Idempotency-Key, one new order', async () => {
    const player = await newPlayer(shop);
    const { result: declined } = await createOrder(shop, player, 'payermax');
    await decline(player, declined);
    const headers = { 'idempotency-key': `again-${declined.orderId}` };
    const [first, second] = await Promise.all([repeat(player, { orderId: declined.orderId }, headers), repeat(player, { orderId: declined.orderId }, headers)]);
    const answers = [first, second].filter((answer) => answer.status === 200);
    expect(answers.length).toBeGreaterThanOrEqual(1);
    expect(new Set(answers.map((answer) => answer.body.data.orderId)).size).toBe(1);
    const later = await repeat(player, { orderId: declined.orderId }, headers);
    expect(later.body.data.orderId).toBe(answers[0]!.body.data.orderId);
    const list = await shop.api<{ list: { id: number }[] }>('GET', '/api/v1/order/list/all', { token: player.token });
    expect(list.body.data.list).toHaveLength(2);
  });

  it('refuses an order that is not declined, another player\'s order and bad input, writing nothing', async () => {
    const player = await newPlayer(shop);
    const { result: unpaid } = await createOrder(shop, player, 'paypal');
    await expectRefused(shop, 409, () => repeat(player, { orderId: unpaid.orderId }), 'Only an order whose payment failed can be placed again');
    const { result: paid } = await createOrder(shop, player, 'payermax');
    await pay(player, paid);
    await expectRefused(shop, 409, () => repeat(player, { orderId: paid.orderId }));

    const { result: declined } = await createOrder(shop, player, 'payermax');
    await decline(player, declined);
    const stranger = await newPlayer(shop);
    await expectRefused(shop, 404, () => repeat(stranger, { orderId: declined.orderId }), 'Order not found');
    await expectRefused(shop, 401, () => shop.api('POST', '/api/v1/order/repeat', { body: { orderId: declined.orderId } }));
    for (const body of [{}, { orderId: 'x' }, { orderId: -1 }, { orderId: 0 }, { orderId: 1.5 }, { orderId: 9e99 }, { orderId: '1\u0000' }]) {
      await expectRefused(shop, 400, () => repeat(player, body));
    }
  });
});
