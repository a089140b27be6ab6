import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { CreateOrderResult } from '@shop/contract/checkout.schema';
import type { OrderItemDetail } from '@shop/contract/shop-orders';
import type { ReceiveResult } from '@shop/contract/products.schema';
import { BACKENDS, startShop, type TestShop } from '../../../test/harness.ts';
import { channelOf, orderOf, press, waitForStatus } from '../../../test/shopping.ts';
import { deliveries, failDeliveries, playerWithRole, waitForMail } from '../../../test/game.ts';
import { orderStatusHistory } from '../../db/schema.ts';
import { DeliveryService, deliveryJobCount } from './delivery.service.ts';
import { OutboxWorker } from '../../jobs/outbox.ts';
import { postXsolla, xsollaPayment } from '../../../test/webhooks.ts';

describe.each(BACKENDS)('delivery to the game from the outbox (%s)', (backend) => {
  let shop: TestShop;
  beforeAll(async () => {
    // Two attempts, 50 ms apart, so giving up is quick.
    shop = await startShop(backend, { DELIVERY_MAX_ATTEMPTS: '2', DELIVERY_RETRY_BASE_MS: '50' });
  });
  afterAll(async () => {
    await failDeliveries(shop, false).catch(() => undefined);
    await shop.close();
  });

  it('retries, ends in 8 (Delivery Error) after the last attempt, and a retry later completes it once', async () => {
    const { player, account, gameId } = await playerWithRole(shop);
    await failDeliveries(shop, true);
    const xsolla = await channelOf(shop, 'xsolla');
    const created = await shop.api<CreateOrderResult>('POST', '/api/v1/order/product/create', {
      token: player.token,
      body: { appId: 10030, gameAccountId: account.id, productId: 1012, quantity: 2, payMethodId: xsolla.payMethodId, thirdChannelId: xsolla.thirdChannelId },
    });
    expect(created.body.code).toBe(200);
    await press(shop, created.body.data, 'pay');
    const failed = await waitForStatus(shop, player, created.body.data.orderId, [8]);
    expect(failed.paidTime).not.toBeNull();
    expect(await deliveries(shop, { gameId })).toHaveLength(0);
    const history = await shop.services.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, created.body.data.orderId));
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.event])).toEqual([
      [0, 2, 'paymentConfirmed'],
      [2, 8, 'deliveryFailed'],
    ]);

    const offered = await shop.api<OrderItemDetail>('POST', '/api/v1/order/item/detail', { token: player.token, body: { orderId: created.body.data.orderId } });
    expect(offered.body.data.actions.retryDelivery).toBe(true);
    await failDeliveries(shop, false);
    // The player (My Orders, the result page) or an operator asks again: the order is re-enqueued and delivered.
    // Asking how it stands changes nothing; the player's Retry delivery (or an operator) queues the delivery again.
    const asked = await shop.api<{ status: number }[]>('POST', '/api/v1/order/confirm', { token: player.token, body: { ids: [created.body.data.orderId] } });
    expect(asked.body.data[0]!.status).toBe(8);
    expect(await deliveryJobCount(shop.services.db, created.body.data.orderId)).toBe(1);
    const confirm = await shop.api<{ status: number }[]>('POST', '/api/v1/order/confirm', {
      token: player.token,
      body: { ids: [created.body.data.orderId], retryDelivery: true },
    });
    expect(confirm.body.data[0]!.status).toBe(8);
    await waitForStatus(shop, player, created.body.data.orderId, [3]);
    const delivered = await deliveries(shop, { gameId });
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.items).toEqual([expect.objectContaining({ productId: 1012, quantity: 2 })]);
    expect(await deliveryJobCount(shop.services.db, created.body.data.orderId)).toBe(2);
  });

  it('tells the operators when a delivery gives up, and queues one retry at a time however often the player asks', async () => {
    const { player, account } = await playerWithRole(shop);
    await failDeliveries(shop, true);
    const xsolla = await channelOf(shop, 'xsolla');
    const created = await shop.api<CreateOrderResult>('POST', '/api/v1/order/product/create', {
      token: player.token,
      body: { appId: 10030, gameAccountId: account.id, productId: 1011, quantity: 1, payMethodId: xsolla.payMethodId, thirdChannelId: xsolla.thirdChannelId },
    });
    const { orderId, orderSn } = created.body.data;
    await press(shop, created.body.data, 'pay');
    await waitForStatus(shop, player, orderId, [8]);
    const alert = await waitForMail(shop, 'ops@publisher.sandbox', orderSn);
    expect(alert.subject).toBe(`Order ${orderSn}: Delivery Error`);
    expect(alert.text).toContain('could not be delivered to the game after 2 attempts');

    const confirm = () => shop.api('POST', '/api/v1/order/confirm', { token: player.token, body: { ids: [orderId], retryDelivery: true } });
    await Promise.all([confirm(), confirm(), confirm()]);
    expect(await deliveryJobCount(shop.services.db, orderId)).toBe(2);
    // that retry gives up too; the next request queues a new one, which gets through
    await waitForJobsToFinish(orderId);
    expect((await orderOf(shop, player, orderId)).status).toBe(8);
    await failDeliveries(shop, false);
    await confirm();
    expect(await deliveryJobCount(shop.services.db, orderId)).toBe(3);
    await waitForStatus(shop, player, orderId, [3]);
  });

  /** Waits until no delivery job of the order is queued or running. */
  async function waitForJobsToFinish(orderId: number) {
    const end = Date.now() + 10_000;
    for (;;) {
      const result = await shop.services.db.execute(
        sql`SELECT count(*)::int AS n FROM jobs WHERE kind = 'order.deliver' AND (payload->>'orderId')::bigint = ${orderId} AND done_at IS NULL AND failed_at IS NULL`,
      );
      if (Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n) === 0) return;
      if (Date.now() > end) throw new Error('delivery jobs still running');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('a transient failure is retried and delivered without the order leaving 2', async () => {
    const { player, account, gameId } = await playerWithRole(shop);
    await failDeliveries(shop, 1);
    const claim = await shop.api<ReceiveResult>('POST', '/api/v1/product/receive', { token: player.token, body: { productId: 1042, gameAccountId: account.id } });
    expect(claim.body.code).toBe(200);
    await waitForStatus(shop, player, claim.body.data.orderId, [3]);
    expect(await deliveries(shop, { gameId })).toHaveLength(1);
    const history = await shop.services.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, claim.body.data.orderId));
    expect(history.map((h) => h.toStatus)).toEqual([2, 3]);
  });

  it('repeated and concurrent payment webhooks, drained by several workers at once, deliver once', async () => {
    const { player, account, gameId } = await playerWithRole(shop);
    const xsolla = await channelOf(shop, 'xsolla');
    const created = await shop.api<CreateOrderResult>('POST', '/api/v1/order/product/create', {
      token: player.token,
      body: { appId: 10030, gameAccountId: account.id, productId: 1014, quantity: 1, payMethodId: xsolla.payMethodId, thirdChannelId: xsolla.thirdChannelId },
    });
    const { orderSn, totalAmount, orderId } = created.body.data;
    // The same transaction three times at once, and a second transaction for the same order: whichever transaction
    // settles first is accepted (every copy of it: 204), the other is refused so Xsolla does not charge twice.
    const transactions = [4242, 4242, 4242, 4343];
    const answers = await Promise.all(transactions.map((id) => postXsolla(shop, xsollaPayment(orderSn, totalAmount, 'USD', id))));
    const accepted = new Set(transactions.filter((_, i) => answers[i]!.status === 204));
    expect(accepted.size).toBe(1);
    expect(answers.filter((a) => a.status !== 204).every((a) => a.status === 400)).toBe(true);
    // Two more workers (as other instances would) compete with the app's own for the job: SKIP LOCKED hands it to one.
    const workers = [1, 2].map(() => new OutboxWorker(shop.services.db, { 'order.deliver': shop.services.delivery.handler() }, shop.app.log, 1000));
    await Promise.all(workers.map((w) => w.drain()));
    await waitForStatus(shop, player, orderId, [3]);
    expect(await deliveries(shop, { gameId })).toHaveLength(1);
    expect(await deliveryJobCount(shop.services.db, orderId)).toBe(1);
    const history = await shop.services.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId));
    expect(history.map((h) => h.toStatus)).toEqual([2, 3]);
  });

  it('delivers once even when the job runs again (idempotency key = order number; the state machine refuses a second 3)', async () => {
    const { player, account, gameId } = await playerWithRole(shop);
    const claim = await shop.api<ReceiveResult>('POST', '/api/v1/product/receive', { token: player.token, body: { productId: 1041, gameAccountId: account.id } });
    await waitForStatus(shop, player, claim.body.data.orderId, [3]);
    // A duplicate job (e.g. an operator's retry racing the first run) and a direct repeat of the game-server call.
    await shop.services.db.transaction((tx) => DeliveryService.enqueue(tx, claim.body.data.orderId, `deliver:${claim.body.data.orderId}:again`));
    await shop.services.worker.drain();
    const repeat = await shop.services.gameServer.deliver(10030, {
      orderSn: claim.body.data.orderSn,
      gameId,
      serverId: '1',
      roleId: account.roleId,
      items: [],
    });
    expect(repeat.duplicate).toBe(true);
    expect(await deliveries(shop, { gameId })).toHaveLength(1);
    expect((await orderOf(shop, player, claim.body.data.orderId)).status).toBe(3);
  });
});
