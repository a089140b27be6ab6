import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CreateOrderResult } from '@shop/contract/checkout.schema';
import type { DuplicatePaymentView } from '@shop/contract/ops';
import { BACKENDS, startShop, type TestShop } from '../../../test/harness.ts';
import { balanceOf, channelOf, createOrder, dropWebhooks, newPlayer, orderOf, press, waitForStatus, type Player, type ProviderName } from '../../../test/shopping.ts';
import { payermaxPayment, paypalCaptureCompleted, postPayermax, postPaypal, postXsolla, xsollaPayment } from '../../../test/webhooks.ts';

const OPS_TOKEN = 'ops-token-for-tests-0123456789abcdef';

/**
 * A player may switch channels on an unpaid order and then pay an earlier provider session as well. The first payment
 * settles the order (and makes its provider the order's provider); a second one is refused where the provider lets us
 * (Xsolla), otherwise kept in duplicate_payments for an operator's refund, whose confirmation never touches the order.
 */
describe.each(BACKENDS)('a second payment for a paid order (%s)', (backend) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startShop(backend, { OPS_API_TOKEN: OPS_TOKEN, RECONCILE_MIN_AGE_SECONDS: '0' });
  });
  afterAll(() => shop.close());

  const rows = async <T>(query: ReturnType<typeof sql>) => ((await shop.services.db.execute(query)) as unknown as { rows: T[] }).rows;
  const ledgerEntries = async (orderId: number) => Number((await rows<{ n: string }>(sql`SELECT count(*) AS n FROM voucher_ledger WHERE order_id = ${orderId}`))[0]!.n);
  const orderRow = async (orderId: number) =>
    (await rows<{ status: number; third_channel_name: string }>(sql`SELECT status, third_channel_name FROM orders WHERE id = ${orderId}`))[0]!;
  const duplicatesOf = async (orderId: number) =>
    rows<{ id: string; provider: string; payment_id: string; status: string }>(sql`SELECT id, provider, payment_id, status FROM duplicate_payments WHERE order_id = ${orderId} ORDER BY id`);
  const ops = <T>(method: 'GET' | 'POST', path: string, body?: unknown) =>
    shop.api<T>(method, `/api/ops/v1/${path}`, { ...(body ? { body } : {}), headers: { authorization: `Bearer ${OPS_TOKEN}` } });

  async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
    const end = Date.now() + 10_000;
    for (;;) {
      const value = await read();
      if (done(value)) return value;
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** The player picks another channel for the unpaid order (v1/order/pay): the earlier session stays open at its provider. */
  async function switchTo(player: Player, orderId: number, provider: ProviderName): Promise<CreateOrderResult> {
    const channel = await channelOf(shop, provider);
    const answer = await shop.api<CreateOrderResult>('POST', '/api/v1/order/pay', {
      token: player.token,
      body: { ids: [orderId], payMethodId: channel.payMethodId, thirdChannelId: channel.thirdChannelId },
    });
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  }

  it('xsolla: the second payment is refused, so Xsolla does not complete it; the order keeps the provider that paid', async () => {
    const player = await newPlayer(shop);
    const { result, pack } = await createOrder(shop, player, 'xsolla');
    expect((await postPayermax(shop, payermaxPayment(result.orderSn, result.totalAmount))).status).toBe(200);
    await waitForStatus(shop, player, result.orderId, [3]);
    expect((await orderRow(result.orderId)).third_channel_name).toBe('payermax');

    // the earlier Xsolla session is paid as well: its notification is refused, as Xsolla's pay page shows
    const webhook = await postXsolla(shop, xsollaPayment(result.orderSn, result.totalAmount));
    expect(webhook.status).toBe(400);
    expect(JSON.parse(webhook.text)).toMatchObject({ error: { code: 'INVALID_PARAMETER' } });
    await press(shop, result, 'pay');
    const transactions = await shop.services.paymentClients.xsolla.findTransactions(result.orderSn);
    expect(transactions.map((transaction) => transaction.status)).not.toContain('done');
    expect((await orderOf(shop, player, result.orderId)).status).toBe(3);
    expect(await ledgerEntries(result.orderId)).toBe(1);
    expect(await balanceOf(shop, player)).toBe(pack.voucherAmount);
    expect(await duplicatesOf(result.orderId)).toEqual([]);
  });

  it('paypal: a capture of a session the player left, made while PayerMax paid, is kept for a refund; the refund leaves the order alone', async () => {
    const player = await newPlayer(shop);
    const { result, pack } = await createOrder(shop, player, 'paypal');
    // approved at PayPal, but neither the return page nor the approval webhook reached the shop
    await dropWebhooks(shop, true);
    const approved = new URL((await press(shop, result, 'pay').finally(() => dropWebhooks(shop, false)))!);
    const paypalOrderId = approved.searchParams.get('token')!;
    // the player switches to PayerMax and pays there
    const payermax = await switchTo(player, result.orderId, 'payermax');
    await press(shop, payermax, 'pay');
    await waitForStatus(shop, player, result.orderId, [3]);
    // the return page of the left PayPal session no longer captures anything
    const lateReturn = await shop.api('POST', '/api/v1/pay/paypalCapture', { token: player.token, body: { orderId: result.orderId, thirdOrderId: paypalOrderId } });
    expect(lateReturn.status).toBe(404);
    // ... but a capture that was already on its way to PayPal went through: PayPal reports it
    const capture = await shop.services.paymentClients.paypal.captureOrder(paypalOrderId, `capture-${result.orderSn}`);
    expect(capture.outcome).toBe('completed');
    const captureId = (capture as { captureId: string }).captureId;
    const [duplicate] = await waitFor(() => duplicatesOf(result.orderId), (list) => list.length === 1, 'the second payment');
    expect(duplicate).toMatchObject({ provider: 'paypal', payment_id: captureId, status: 'open' });
    // reconciliation of the left session finds the same capture: still one
    await shop.services.reconciliation.reconcileOrder(result.orderId);
    expect(await duplicatesOf(result.orderId)).toHaveLength(1);
    expect(await ledgerEntries(result.orderId)).toBe(1);
    expect(await orderRow(result.orderId)).toMatchObject({ status: 3, third_channel_name: 'payermax' });

    const listed = await ops<DuplicatePaymentView[]>('GET', 'payments/duplicates');
    expect(listed.body.data.find((row) => row.orderId === result.orderId)).toMatchObject({ provider: 'paypal', paymentId: captureId, status: 'open', amountMinor: expect.any(Number) });
    const refunded = await Promise.all([1, 2].map(() => ops<DuplicatePaymentView>('POST', 'payments/duplicates/refund', { id: Number(duplicate!.id) })));
    for (const answer of refunded) expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
    await waitFor(() => duplicatesOf(result.orderId), (list) => list[0]?.status === 'refunded', 'the refund');
    // PayPal's PAYMENT.CAPTURE.REFUNDED for that capture arrives too: it names the capture, so the order stays paid
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await orderRow(result.orderId)).toMatchObject({ status: 3 });
    expect(await balanceOf(shop, player)).toBe(pack.voucherAmount);
    expect(await rows(sql`SELECT id FROM refunds WHERE order_id = ${result.orderId}`)).toEqual([]);
    expect((await ops<DuplicatePaymentView[]>('GET', 'payments/duplicates')).body.data.find((row) => row.orderId === result.orderId)).toBeUndefined();
  });

  it('payermax: paid in a session left for Xsolla: acknowledged, kept, refunded through PayerMax without touching the order', async () => {
    const player = await newPlayer(shop);
    const { result, pack } = await createOrder(shop, player, 'payermax');
    await switchTo(player, result.orderId, 'xsolla');
    expect((await postXsolla(shop, xsollaPayment(result.orderSn, result.totalAmount, 'USD', 515_151))).status).toBe(204);
    await waitForStatus(shop, player, result.orderId, [3]);
    // the PayerMax page kept open is paid too: PayerMax notifies, the shop answers SUCCESS (the money has moved)
    await press(shop, result, 'pay');
    const [duplicate] = await waitFor(() => duplicatesOf(result.orderId), (list) => list.length === 1, 'the second payment');
    expect(duplicate).toMatchObject({ provider: 'payermax', status: 'open' });
    const events = await rows<{ event_type: string }>(sql`SELECT event_type FROM payment_events WHERE order_id = ${result.orderId} ORDER BY id`);
    expect(events.map((event) => event.event_type)).toEqual(['payment', 'second-payment.payment.SUCCESS']);
    // a redelivery of that notification is recognised
    expect((await postPayermax(shop, payermaxPayment(result.orderSn, result.totalAmount))).status).toBe(200);
    expect(await duplicatesOf(result.orderId)).toHaveLength(1);

    expect((await ops<DuplicatePaymentView>('POST', 'payments/duplicates/refund', { id: Number(duplicate!.id) })).body.code).toBe(200);
    await waitFor(() => duplicatesOf(result.orderId), (list) => list[0]?.status === 'refunded', 'the PayerMax refund notification');
    expect(await orderRow(result.orderId)).toMatchObject({ status: 3, third_channel_name: 'xsolla' });
    expect(await balanceOf(shop, player)).toBe(pack.voucherAmount);
    expect(await ledgerEntries(result.orderId)).toBe(1);
  });

  it('reconciliation asks the session an unpaid order left: paid there while its webhook was lost, the order is settled with that provider', async () => {
    const player = await newPlayer(shop);
    const { result } = await createOrder(shop, player, 'payermax');
    await switchTo(player, result.orderId, 'paypal');
    await dropWebhooks(shop, true);
    await press(shop, result, 'pay').finally(() => dropWebhooks(shop, false));
    expect((await orderOf(shop, player, result.orderId)).status).toBe(0);
    expect(await shop.services.reconciliation.reconcileOrder(result.orderId)).toBe('settled');
    expect(await orderRow(result.orderId)).toMatchObject({ status: 3, third_channel_name: 'payermax' });
    expect(await ledgerEntries(result.orderId)).toBe(1);
    expect(await duplicatesOf(result.orderId)).toEqual([]);
    // it stays on the reconciliation schedule (it left a session), and asking again changes nothing
    expect(await rows(sql`SELECT order_id FROM reconciliation_schedule WHERE order_id = ${result.orderId}`)).toHaveLength(1);
    expect(await shop.services.reconciliation.reconcileOrder(result.orderId)).not.toBe('settled');
    expect(await ledgerEntries(result.orderId)).toBe(1);
  });

  it('two providers confirm the same order at the same moment: one pays it, the other is kept as a second payment', async () => {
    const orders = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const player = await newPlayer(shop);
        return { player, ...(await createOrder(shop, player, 'paypal')) };
      }),
    );
    await Promise.all(
      orders.flatMap(({ result }) => {
        const value = result.totalAmount.toFixed(2);
        return [postPaypal(shop, paypalCaptureCompleted(result.orderSn, value)), postPayermax(shop, payermaxPayment(result.orderSn, result.totalAmount))];
      }),
    );
    for (const { player, result, pack } of orders) {
      await waitForStatus(shop, player, result.orderId, [3]);
      const winner = (await orderRow(result.orderId)).third_channel_name;
      const duplicates = await duplicatesOf(result.orderId);
      expect(duplicates).toHaveLength(1);
      expect(duplicates[0]!.provider).not.toBe(winner);
      expect([winner, duplicates[0]!.provider].sort()).toEqual(['payermax', 'paypal']);
      expect(await ledgerEntries(result.orderId)).toBe(1);
      expect(await balanceOf(shop, player)).toBe(pack.voucherAmount);
    }
  });

  it('refuses unknown ids and bad bodies with a clear error and writes nothing; callers without the token get 401', async () => {
    const before = await rows(sql`SELECT id, status FROM duplicate_payments ORDER BY id`);
    expect((await ops('POST', 'payments/duplicates/refund', { id: 987_654_321 })).status).toBe(404);
    for (const body of [{}, { id: 'x' }, { id: -1 }, { id: 1, reason: 'r'.repeat(201) }]) {
      expect((await ops('POST', 'payments/duplicates/refund', body)).status).toBe(400);
    }
    expect((await ops('GET', 'payments/duplicates?status=nope')).status).toBe(400);
    expect((await shop.api('GET', '/api/ops/v1/payments/duplicates')).status).toBe(401);
    expect(await rows(sql`SELECT id, status FROM duplicate_payments ORDER BY id`)).toEqual(before);
  });
});
