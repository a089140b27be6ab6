import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { RefundView } from '@shop/contract/ops';
import type { Order } from '@shop/contract/orders.schema';
import { BACKENDS, startShop, type TestShop } from '../../../test/harness.ts';
import { dbState, failDeliveries, playerWithRole } from '../../../test/game.ts';
import { balanceOf, channelOf, createOrder, dropWebhooks, newPlayer, press, waitForStatus, type Player, type ProviderName } from '../../../test/shopping.ts';
import { postPaypal } from '../../../test/webhooks.ts';
import { signGameRequest } from '../games/game-server-client.ts';
import { ProviderRefundService } from './provider-refunds.ts';
import { createPaymentProviders } from './provider-registry.ts';
import { jsonResponse, stubFetch } from './test-fetch.ts';

const OPS_TOKEN = 'ops-token-for-tests-0123456789abcdef';

describe.each(BACKENDS)('refunds through the providers (%s)', (backend) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startShop(backend, { OPS_API_TOKEN: OPS_TOKEN, DELIVERY_MAX_ATTEMPTS: '1', DELIVERY_RETRY_BASE_MS: '50' });
  });
  afterAll(() => shop.close());

  const ops = <T>(path: string, body?: unknown, token: string | null = OPS_TOKEN) =>
    shop.api<T>(body === undefined ? 'GET' : 'POST', `/api/ops/v1/${path}`, {
      ...(body !== undefined ? { body } : {}),
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    });
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await shop.services.db.execute(query)) as unknown as { rows: T[] }).rows;
  const refundEntries = async (orderId: number) =>
    Number((await rows<{ n: string }>(sql`SELECT count(*) AS n FROM voucher_ledger WHERE order_id = ${orderId} AND kind = 'refund'`))[0]!.n);

  async function paidVoucherOrder(provider: ProviderName, player?: Player) {
    const buyer = player ?? (await newPlayer(shop));
    const { result, pack } = await createOrder(shop, buyer, provider);
    const back = await press(shop, result, 'pay');
    // PayPal settles on the return page (capture), the others by webhook
    if (provider === 'paypal') await shop.api('POST', '/api/v1/pay/paypalCapture', { token: buyer.token, body: { orderId: result.orderId, orderSn: result.orderSn, thirdOrderId: new URL(back!).searchParams.get('token') } });
    await waitForStatus(shop, buyer, result.orderId, [3]);
    return { player: buyer, orderId: result.orderId, orderSn: result.orderSn, vouchers: pack.voucherAmount };
  }

  async function refundView(orderId: number, statuses: string[], timeoutMs = 10_000): Promise<RefundView> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const view = await shop.services.providerRefunds.view(orderId);
      if (view && statuses.includes(view.status)) return view;
      if (Date.now() > end) throw new Error(`refund of ${orderId} is ${view?.status}, expected ${statuses}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('refuses callers without the operator token (401) and changes nothing', async () => {
    const { orderId } = await paidVoucherOrder('payermax');
    const before = await dbState(shop);
    for (const token of [null, 'wrong-token-wrong-token-wrong-token-x', `${OPS_TOKEN}x`]) {
      const answer = await ops('orders/refund', { orderId }, token);
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ code: 401, data: null });
    }
    expect((await ops('refund-requests', undefined, null)).status).toBe(401);
    expect(await dbState(shop)).toBe(before);
  });

  it.each(['paypal', 'xsolla', 'payermax'] as const)('%s: an operator refunds a voucher order: 9, the vouchers taken back once, repeat answers the same refund', async (provider) => {
    const { player, orderId, vouchers } = await paidVoucherOrder(provider);
    expect(await balanceOf(shop, player)).toBe(vouchers);
    const answers = await Promise.all([ops<RefundView>('orders/refund', { orderId, reason: 'player asked' }), ops<RefundView>('orders/refund', { orderId })]);
    for (const answer of answers) expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
    const done = await refundView(orderId, ['completed']);
    expect(done).toMatchObject({ provider, status: 'completed', orderStatus: 9, vouchersTakenBack: vouchers, vouchersUnrecovered: 0 });
    expect(done.providerRefundId).toBeTruthy();
    await waitForStatus(shop, player, orderId, [9]);
    expect(await balanceOf(shop, player)).toBe(0);
    expect(await refundEntries(orderId)).toBe(1);
    const again = await ops<RefundView>('orders/refund', { orderId });
    expect(again.body.data).toMatchObject({ status: 'completed', vouchersTakenBack: vouchers });
    expect(await refundEntries(orderId)).toBe(1);
  });

  /** Spends vouchers of a quick-login player's role through the games' signed API. */
  async function spend(player: Player, amount: number) {
    const raw = JSON.stringify({ serverId: '10001', roleId: player.roleId, transactionId: randomUUID(), amount, itemId: 'vip-30' });
    const timestamp = Math.floor(Date.now() / 1000);
    const answer = await shop.api('POST', '/api/game/v1/vouchers/spend', {
      rawBody: raw,
      headers: { 'x-game-app-id': '10030', 'x-game-timestamp': String(timestamp), 'x-game-signature': signGameRequest(shop.config.gameServer.secrets[10030]!, timestamp, raw) },
    });
    expect(answer.status).toBe(200);
  }

  it('vouchers already spent: refused with the numbers unless the operator accepts the loss; then what is left is taken back', async () => {
    const { player, orderId, vouchers } = await paidVoucherOrder('payermax');
    await spend(player, 100);
    const before = await dbState(shop);
    const refused = await ops('orders/refund', { orderId });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `Vouchers of this order already spent in the game: 100 of ${vouchers}. They cannot be taken back. Refund with allowUnrecoveredVouchers to accept that.`,
    );
    expect(await dbState(shop)).toBe(before);

    expect((await ops('orders/refund', { orderId, allowUnrecoveredVouchers: true })).body.code).toBe(200);
    expect(await refundView(orderId, ['completed'])).toMatchObject({ vouchersTakenBack: vouchers - 100, vouchersUnrecovered: 100, orderStatus: 9 });
    expect(await balanceOf(shop, player)).toBe(0);
    // the player's order detail says what was taken back and what stayed spent in the game
    const detail = await shop.api<Order>('POST', '/api/v1/order/detail', { token: player.token, body: { orderId } });
    expect(detail.body.data).toMatchObject({ status: 9, refund: { vouchersTakenBack: vouchers - 100, vouchersUnrecovered: 100, completeTime: expect.any(String) } });
  });

  it('refuses unpaid, unknown and malformed orders with a clear error and writes nothing', async () => {
    const player = await newPlayer(shop);
    const { result } = await createOrder(shop, player, 'paypal');
    const before = await dbState(shop);
    const unpaid = await ops('orders/refund', { orderId: result.orderId });
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.message).toBe('A refund can only be requested for a paid order');
    expect((await ops('orders/refund', { orderId: 987_654_321 })).status).toBe(404);
    for (const body of [{}, { orderId: 'x' }, { orderId: -1 }, { orderId: result.orderId, reason: 'r'.repeat(201) }]) {
      expect((await ops('orders/refund', body)).status).toBe(400);
    }
    expect(await dbState(shop)).toBe(before);
  });

  it('a provider that fails leaves the order paid and the refund failed; the operator retries later', async () => {
    const { player, orderId } = await paidVoucherOrder('payermax');
    const failing = stubFetch(() => jsonResponse(503, { code: 'SYSTEM_ERROR', msg: 'busy' }));
    const { config, db, settlement } = shop.services;
    const broken = new ProviderRefundService(
      db,
      createPaymentProviders(config, { fetch: failing.fetch }).providers,
      settlement,
      shop.app.log,
    );
    await expect(broken.refund(orderId)).rejects.toMatchObject({ kind: 'upstream-failed' });
    expect(await shop.services.providerRefunds.view(orderId)).toMatchObject({ status: 'failed', orderStatus: 3 });
    await waitForStatus(shop, player, orderId, [3]);
    expect((await ops('orders/refund', { orderId })).body.code).toBe(200);
    expect(await refundView(orderId, ['completed'])).toMatchObject({ orderStatus: 9 });
  });

  it('a refund made in the PayPal dashboard arrives by webhook: applied once for 5 parallel deliveries; a partial one changes nothing', async () => {
    const { player, orderId, orderSn, vouchers } = await paidVoucherOrder('paypal');
    const [order] = await rows<{ pay_amount_minor: number }>(sql`SELECT pay_amount_minor FROM orders WHERE id = ${orderId}`);
    const value = (minor: number) => (minor / 100).toFixed(2);
    const event = (amount: string) => ({
      id: `WH-${randomUUID()}`,
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      resource_type: 'refund',
      resource: { id: `RF-${randomUUID().slice(0, 8)}`, status: 'COMPLETED', amount: { currency_code: 'USD', value: amount }, custom_id: orderSn, invoice_id: orderSn },
    });
    const partial = await postPaypal(shop, event(value(Number(order!.pay_amount_minor) - 1)));
    expect(partial.status).toBe(200);
    await waitForStatus(shop, player, orderId, [3]);
    const full = event(value(Number(order!.pay_amount_minor)));
    const deliveries = await Promise.all(Array.from({ length: 5 }, () => postPaypal(shop, full)));
    for (const delivery of deliveries) expect(delivery.status).toBe(200);
    await waitForStatus(shop, player, orderId, [9]);
    expect(await shop.services.providerRefunds.view(orderId)).toMatchObject({ status: 'completed', initiatedBy: 'provider', vouchersTakenBack: vouchers });
    expect(await refundEntries(orderId)).toBe(1);
  });

  it('xsolla: a refund whose webhook was lost is completed by reconciliation, once', async () => {
    const { player, orderId, vouchers } = await paidVoucherOrder('xsolla');
    await dropWebhooks(shop, true);
    try {
      expect((await ops<RefundView>('orders/refund', { orderId })).body.data).toMatchObject({ status: 'pending' });
    } finally {
      await dropWebhooks(shop, false);
    }
    const [refund] = await rows<{ id: number }>(sql`SELECT id FROM refunds WHERE order_id = ${orderId}`);
    // the sweep picks a refund once it has waited longer than the webhooks usually take
    const queued = async () => Number((await rows<{ n: string }>(sql`SELECT count(*) AS n FROM jobs WHERE kind = 'payments.reconcile-refund' AND payload->>'id' = ${String(refund!.id)}`))[0]!.n);
    await shop.services.db.transaction((tx) => shop.services.refundReconciliation.enqueuePending(tx, 1, Date.now(), { refund: 0, duplicate: 0 }));
    expect(await queued()).toBe(0);
    await shop.services.db.transaction((tx) => shop.services.refundReconciliation.enqueuePending(tx, 2, Date.now() + 3_600_000, { refund: 0, duplicate: 0 }));
    expect(await queued()).toBe(1);
    const outcomes = await Promise.all([1, 2, 3].map(() => shop.services.refundReconciliation.reconcile('order', Number(refund!.id))));
    expect(outcomes.filter((outcome) => outcome === 'settled')).toHaveLength(1);
    expect(await refundView(orderId, ['completed'])).toMatchObject({ orderStatus: 9, vouchersTakenBack: vouchers });
    expect(await balanceOf(shop, player)).toBe(0);
    expect(await refundEntries(orderId)).toBe(1);
    expect(await shop.services.refundReconciliation.reconcile('order', Number(refund!.id))).toBe('skipped');
  });

  it('paypal: a refund PayPal made whose confirmation we never processed is completed by asking PayPal for it', async () => {
    const { player, orderId, orderSn } = await paidVoucherOrder('paypal');
    const [capture] = await rows<{ event_key: string }>(sql`SELECT event_key FROM payment_events WHERE order_id = ${orderId} AND event_key LIKE 'capture:%'`);
    await dropWebhooks(shop, true);
    let refundId: string;
    try {
      refundId = (await shop.services.paymentClients.paypal.refundCapture(capture!.event_key.slice('capture:'.length), `refund-${orderSn}`)).refundId;
    } finally {
      await dropWebhooks(shop, false);
    }
    // what a PENDING answer (or an answer lost on the way) leaves behind
    await shop.services.db.execute(sql`
      INSERT INTO refunds (order_id, provider, provider_refund_id, status, initiated_by, amount_minor, currency)
      SELECT id, 'paypal', ${refundId}, 'pending', 'operator', pay_amount_minor, currency FROM orders WHERE id = ${orderId}`);
    const [refund] = await rows<{ id: number }>(sql`SELECT id FROM refunds WHERE order_id = ${orderId}`);
    expect(await shop.services.refundReconciliation.reconcile('order', Number(refund!.id))).toBe('settled');
    await waitForStatus(shop, player, orderId, [9]);
    expect(await refundView(orderId, ['completed'])).toMatchObject({ providerRefundId: refundId, vouchersTakenBack: expect.any(Number) });
    expect(await refundEntries(orderId)).toBe(1);
  });

  it("lists players' refund requests, rejects one, and re-delivers an order in Delivery Error", async () => {
    const { player, account } = await playerWithRole(shop);
    const xsolla = await channelOf(shop, 'xsolla');
    await failDeliveries(shop, true);
    const created = await shop.api<{ orderId: number; orderSn: string; thirdPayResponse: string; thirdChannelName: 'xsolla' }>('POST', '/api/v1/order/product/create', {
      token: player.token,
      body: { appId: 10030, gameAccountId: account.id, productId: 1021, quantity: 1, payMethodId: xsolla.payMethodId, thirdChannelId: xsolla.thirdChannelId },
    });
    await press(shop, created.body.data as never, 'pay');
    const orderId = created.body.data.orderId;
    await waitForStatus(shop, player, orderId, [8]);
    const errors = await ops<{ orderId: number; orderSn: string; lastError: string | null }[]>('orders/delivery-errors');
    expect(errors.body.data).toContainEqual(expect.objectContaining({ orderId, orderSn: created.body.data.orderSn, lastError: expect.stringContaining('503') }));
    expect((await ops('orders/delivery/retry', { orderId: 987_654_321 })).status).toBe(404);
    await failDeliveries(shop, false);
    expect((await ops<{ status: number }>('orders/delivery/retry', { orderId })).body.data.status).toBe(8);
    await waitForStatus(shop, player, orderId, [3]);
    expect((await ops<{ orderId: number }[]>('orders/delivery-errors')).body.data.some((row) => row.orderId === orderId)).toBe(false);
    expect((await ops('orders/delivery/retry', { orderId })).status).toBe(409);

    expect((await shop.api('POST', '/api/v1/order/refund', { token: player.token, body: { orderId, reason: 'wrong item' } })).body.code).toBe(200);
    const listed = await ops<{ orderId: number; reason: string }[]>('refund-requests');
    expect(listed.body.data).toContainEqual(expect.objectContaining({ orderId, reason: 'wrong item' }));
    expect((await ops('orders/refund/reject', { orderId })).body.code).toBe(200);
    expect((await ops<{ orderId: number }[]>('refund-requests')).body.data.some((request) => request.orderId === orderId)).toBe(false);
    expect((await ops('orders/refund/reject', { orderId })).status).toBe(404);
  });
});
