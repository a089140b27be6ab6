import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateOrderResult } from '@shop/contract/checkout.schema';
import type { Order } from '@shop/contract/orders.schema';
import { BACKENDS, startShop, type TestShop } from '../../../test/harness.ts';
import { balanceOf, channelOf, createOrder, newPlayer, orderOf, press, waitForStatus, type Player } from '../../../test/shopping.ts';
import { dbState, deliveries, failDeliveries, playerWithRole } from '../../../test/game.ts';
import { sql } from 'drizzle-orm';
import type { BoundRole } from '@shop/contract/roles.schema';

describe.each(BACKENDS)('refunds: 6 before delivery, 9 after, reversing what can be reversed (%s)', (backend) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startShop(backend, { DELIVERY_MAX_ATTEMPTS: '1', DELIVERY_RETRY_BASE_MS: '50' });
  });
  afterAll(() => shop.close());

  /** Waits for the refund's revoke job (the app's worker runs it) and answers the goods' state at the game. */
  async function revokeStatus(orderId: number): Promise<string | null> {
    const end = Date.now() + 10_000;
    for (;;) {
      const result = await shop.services.db.execute(sql`SELECT game_revoke_status FROM refunds WHERE order_id = ${orderId}`);
      const status = (result as unknown as { rows: { game_revoke_status: string | null }[] }).rows[0]?.game_revoke_status ?? null;
      if (status !== 'pending' || Date.now() > end) return status;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

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
    // The VIP pass is taken back at the game, once.
    expect(await revokeStatus(order.orderId)).toBe('revoked');
    const [delivered] = await deliveries(shop, { orderSn: order.orderSn });
    expect(delivered?.revokedAt).toBeTruthy();
    // Refunds end for good: a second completion is refused and changes nothing.
    const before = await dbState(shop);
    await expect(shop.services.refunds.complete(order.orderId)).rejects.toMatchObject({ kind: 'conflict' });
    expect(await dbState(shop)).toBe(before);
  });

  it('an order in 8 (never delivered) becomes 6', async () => {
    const { player, account } = await playerWithRole(shop);
    await failDeliveries(shop, true);
    const order = await paidShopOrder(player, account);
    await waitForStatus(shop, player, order.orderId, [8]);
    await failDeliveries(shop, false);
    expect((await shop.services.refunds.complete(order.orderId)).status).toBe(6);
    // Nothing reached the game, which is told so that no delivery of the order lands later.
    expect(await revokeStatus(order.orderId)).toBe('not-delivered');
    expect(await deliveries(shop, { orderSn: order.orderSn })).toEqual([]);
  });

  it('a delivery still on its way when the order is refunded never lands: the game refuses it and the job ends without retry', async () => {
    const { player, account } = await playerWithRole(shop);
    await failDeliveries(shop, true);
    const order = await paidShopOrder(player, account);
    await waitForStatus(shop, player, order.orderId, [8]);
    await failDeliveries(shop, false);
    // The refund's revoke reaches the game first; the delivery a worker started from the order's earlier state comes after.
    await shop.services.gameServer.revoke(10030, order.orderSn, 'refund');
    await expect(shop.services.delivery.deliver(order.orderId)).resolves.toBeUndefined();
    expect(await deliveries(shop, { orderSn: order.orderSn })).toEqual([]);
    await expect(
      shop.services.gameServer.deliver(10030, { orderSn: order.orderSn, gameId: account.gameId, serverId: account.serverId, roleId: account.roleId, items: [] }),
    ).rejects.toMatchObject({ kind: 'refused', code: 'ORDER_REVOKED' });
    expect((await shop.services.refunds.complete(order.orderId)).status).toBe(6);
    expect(await revokeStatus(order.orderId)).toBe('not-delivered');
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
    await expect(shop.services.refunds.complete(created.body.data.orderId)).rejects.toMatchObject({ kind: 'conflict' });
    expect(await dbState(shop)).toBe(before);
    expect(((await orderOf(shop, player, created.body.data.orderId)) as Order).status).toBe(0);
  });
});
