import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateOrderResult } from '@shop/contract/checkout';
import type { Order } from '@shop/contract/orders';
import { BACKENDS, startShop, type TestShop } from '../../../test/harness.ts';
import { balanceOf, channelOf, createOrder, newPlayer, orderOf, press, waitForStatus, type Player } from '../../../test/shopping.ts';
import { dbState, failDeliveries, playerWithRole } from '../../../test/game.ts';
import type { BoundRole } from '@shop/contract/roles';

describe.each(BACKENDS)('refunds: 6 before delivery, 9 after, reversing what can be reversed (%s)', (backend) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startShop(backend, { DELIVERY_MAX_ATTEMPTS: '1', DELIVERY_RETRY_BASE_MS: '50' });
  });
  afterAll(() => shop.close());

  async function paidShopOrder(player: Player, account: BoundRole): Promise<CreateOrderResult> {
    const xsolla = await channelOf(shop, 'xsolla');
    const created = await shop.api<CreateOrderResult>('POST', '/api/v1/order/product/create', {
      token: player.token,
      body: { appId: 10030, gameAccountId: account.id, productId: 1021, quantity: 1, payMethodId: xsolla.payMethodId, thirdChannelId: xsolla.thirdChannelId },
    });
    expect(created.body.code).toBe(200);
    await press(shop, created.body.data, 'pay');
    return created.body.data;
  }

  it('a delivered shop order with a refund request becomes 9 and the request refunded', async () => {
    const { player, account } = await playerWithRole(shop);
    const order = await paidShopOrder(player, account);
    await waitForStatus(shop, player, order.orderId, [3]);
    expect((await shop.api('POST', '/api/v1/order/refund', { token: player.token, body: { orderId: order.orderId } })).body.code).toBe(200);
    const refunded = await shop.services.refunds.complete(order.orderId);
    expect(refunded.status).toBe(9);
    const detail = await orderOf(shop, player, order.orderId);
    expect(detail).toMatchObject({ status: 9, refundRequest: { status: 'refunded' } });
    // Refunds end for good: a second completion is refused and changes nothing.
    const before = await dbState(shop);
    await expect(shop.services.refunds.complete(order.orderId)).rejects.toMatchObject({ status: 409 });
    expect(await dbState(shop)).toBe(before);
  });

  it('an order in 8 (never delivered) becomes 6', async () => {
    const { player, account } = await playerWithRole(shop);
    await failDeliveries(shop, true);
    const order = await paidShopOrder(player, account);
    await waitForStatus(shop, player, order.orderId, [8]);
    await failDeliveries(shop, false);
    expect((await shop.services.refunds.complete(order.orderId)).status).toBe(6);
  });

  it('a voucher order after delivery becomes 9 and its vouchers are taken back once', async () => {
    const player = await newPlayer(shop);
    const { result, pack } = await createOrder(shop, player, 'xsolla');
    await press(shop, result, 'pay');
    await waitForStatus(shop, player, result.orderId, [3]);
    expect(await balanceOf(shop, player)).toBe(pack.voucherAmount);
    await shop.services.refunds.complete(result.orderId);
    expect(await balanceOf(shop, player)).toBe(0);
    expect((await orderOf(shop, player, result.orderId)).status).toBe(9);
  });

  it('an unpaid order cannot be refunded and nothing changes', async () => {
    const { player, account } = await playerWithRole(shop);
    const paypal = await channelOf(shop, 'paypal');
    const created = await shop.api<CreateOrderResult>('POST', '/api/v1/order/product/create', {
      token: player.token,
      body: { appId: 10030, gameAccountId: account.id, productId: 1021, quantity: 1, payMethodId: paypal.payMethodId, thirdChannelId: paypal.thirdChannelId },
    });
    const before = await dbState(shop);
    await expect(shop.services.refunds.complete(created.body.data.orderId)).rejects.toMatchObject({ status: 409 });
    expect(await dbState(shop)).toBe(before);
    expect(((await orderOf(shop, player, created.body.data.orderId)) as Order).status).toBe(0);
  });
});
