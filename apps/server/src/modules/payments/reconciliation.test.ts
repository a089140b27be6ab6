import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BACKENDS, startShop, type TestShop } from '../../../test/harness.ts';
import { balanceOf, channelOf, createOrder, dropWebhooks, newPlayer, orderOf, press, type Player, type ProviderName } from '../../../test/shopping.ts';
import type { OrderEvent } from '../orders/order-state-machine.ts';
import { ReconciliationService, RECONCILE_ORDER_JOB, RECONCILE_SWEEP_JOB } from './reconciliation.ts';
import { createPaymentProviders } from './provider-registry.ts';
import { RECONCILE_REFUND_JOB, RefundReconciliation } from './refund-reconciliation.ts';
import { hangingFetch, jsonResponse, stubFetch } from './test-fetch.ts';

describe.each(BACKENDS)('reconciliation with the providers (%s)', (backend) => {
  let shop: TestShop;
  beforeAll(async () => {
    // the background worker stays off: each test runs sweeps and jobs itself
    shop = await startShop(backend, { RECONCILE_MIN_AGE_SECONDS: '0' });
    await shop.services.worker.stop();
  });
  afterAll(() => shop.close());
  afterEach(() => dropWebhooks(shop, false));

  const rows = async <T>(query: ReturnType<typeof sql>) => ((await shop.services.db.execute(query)) as unknown as { rows: T[] }).rows;
  const ledgerEntries = async (orderId: number) => Number((await rows<{ n: string }>(sql`SELECT count(*) AS n FROM voucher_ledger WHERE order_id = ${orderId}`))[0]!.n);

  /** A paid voucher order whose webhooks were lost (and, for PayPal, whose return page never loaded). */
  async function paidButUnheard(provider: Exclude<ProviderName, 'xsolla'>) {
    const player = await newPlayer(shop);
    await dropWebhooks(shop, true);
    const { result } = await createOrder(shop, player, provider);
    await press(shop, result, 'pay');
    await dropWebhooks(shop, false);
    const orderId = result.orderId;
    expect((await orderOf(shop, player, orderId)).status).toBe(0);
    return { player, orderId };
  }

  it.each(['paypal', 'payermax'] as const)('%s: settles and credits a paid order whose webhooks were lost, once however often it asks', async (provider) => {
    const { player, orderId } = await paidButUnheard(provider);
    const before = await balanceOf(shop, player);
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => shop.services.reconciliation.reconcileOrder(orderId)));
    expect(outcomes.filter((outcome) => outcome === 'settled')).toHaveLength(1);
    expect((await orderOf(shop, player, orderId)).status).toBe(3);
    const [item] = await rows<{ voucher_amount: number }>(sql`SELECT voucher_amount FROM order_items WHERE order_id = ${orderId}`);
    expect((await balanceOf(shop, player)) - before).toBe(Number(item!.voucher_amount));
    expect(Number(item!.voucher_amount)).toBeGreaterThan(0);
    expect(await ledgerEntries(orderId)).toBe(1);
    expect(await shop.services.reconciliation.reconcileOrder(orderId)).toBe('skipped');
  });

  it('payermax: an order closed by expiry and then paid is settled and credited, not lost', async () => {
    const player = await newPlayer(shop);
    const { result } = await createOrder(shop, player, 'payermax');
    const orderId = result.orderId;
    await shop.services.orders.expire(orderId);
    expect((await orderOf(shop, player, orderId)).status).toBe(4);
    await dropWebhooks(shop, true);
    await press(shop, result, 'pay');
    await dropWebhooks(shop, false);
    expect((await orderOf(shop, player, orderId)).status).toBe(4);
    expect(await shop.services.reconciliation.reconcileOrder(orderId)).toBe('settled');
    expect((await orderOf(shop, player, orderId)).status).toBe(3);
    expect(await ledgerEntries(orderId)).toBe(1);
  });

  it('paypal: an approval left on a closed order is not captured (the player is not charged for a closed order)', async () => {
    const player = await newPlayer(shop);
    await dropWebhooks(shop, true);
    const { result } = await createOrder(shop, player, 'paypal');
    const orderId = result.orderId;
    await press(shop, result, 'pay');
    await shop.services.orders.expire(orderId);
    expect(await shop.services.reconciliation.reconcileOrder(orderId)).toBe('unpaid');
    expect((await orderOf(shop, player, orderId)).status).toBe(4);
    const [paypalOrderId] = (await rows<{ third_order_id: string }>(sql`SELECT third_order_id FROM orders WHERE id = ${orderId}`)).map((r) => r.third_order_id);
    expect((await shop.services.paymentClients.paypal.getOrder(paypalOrderId!)).status).toBe('APPROVED');
  });

  it('leaves unpaid orders alone and answers unpaid', async () => {
    const player = await newPlayer(shop);
    for (const provider of ['paypal', 'payermax'] as const) {
      const { result } = await createOrder(shop, player, provider);
      expect(await shop.services.reconciliation.reconcileOrder(result.orderId)).toBe('unpaid');
      expect((await orderOf(shop, player, result.orderId)).status).toBe(0);
    }
  });

  /** The same service with provider clients that answer through `fetchImpl`. */
  function reconciliationWith(fetchImpl: typeof fetch) {
    const { config, db, settlement, refundReconciliation } = shop.services;
    return new ReconciliationService(
      db,
      settlement,
      createPaymentProviders(config, { fetch: fetchImpl }).providers,
      refundReconciliation,
      config.reconciliation,
      shop.app.log,
    );
  }

  it('xsolla: a transaction Xsolla reports done settles the order with its amount; a different amount is refused', async () => {
    const player = await newPlayer(shop);
    const { result, pack } = await createOrder(shop, player, 'xsolla');
    const orderId = result.orderId;
    const [order] = await rows<{ order_sn: string }>(sql`SELECT order_sn FROM orders WHERE id = ${orderId}`);
    const search = (amount: number) =>
      stubFetch(() =>
        jsonResponse(200, [
          { transaction: { id: 777_000 + orderId, external_id: order!.order_sn, status: 'done' }, payment_details: { payment: { amount, currency: 'USD' } } },
        ]),
      );
    await expect(reconciliationWith(search(pack.productDiscountPrice + 1).fetch).reconcileOrder(orderId)).rejects.toThrow();
    expect((await orderOf(shop, player, orderId)).status).toBe(0);
    expect(await reconciliationWith(search(pack.productDiscountPrice).fetch).reconcileOrder(orderId)).toBe('settled');
    expect((await orderOf(shop, player, orderId)).status).toBe(3);
    expect(await ledgerEntries(orderId)).toBe(1);
  });

  it('a provider that answers 5xx or hangs leaves the order unchanged and fails the job for a retry', async () => {
    const { player, orderId } = await paidButUnheard('payermax');
    const failing = stubFetch(() => jsonResponse(503, { code: 'SYSTEM_ERROR', msg: 'try later' }));
    await expect(reconciliationWith(failing.fetch).reconcileOrder(orderId)).rejects.toThrow();
    await expect(reconciliationWith(hangingFetch).reconcileOrder(orderId)).rejects.toThrow();
    expect((await orderOf(shop, player, orderId)).status).toBe(0);
    // the provider is back: the next attempt settles it
    expect(await shop.services.reconciliation.reconcileOrder(orderId)).toBe('settled');
  }, 60_000);

  it('sweeps: one job per candidate order per interval, a bucket swept once whoever sweeps, and the next sweep is scheduled', async () => {
    const { orderId } = await paidButUnheard('paypal');
    const bucket = 9_000_000 + Math.floor(Math.random() * 1_000_000);
    const counts = await Promise.all([shop.services.reconciliation.sweep(bucket), shop.services.reconciliation.sweep(bucket)]);
    expect(Math.max(...counts)).toBeGreaterThan(0);
    expect(Math.min(...counts)).toBe(0);
    const jobs = await rows<{ kind: string; dedupe_key: string }>(
      sql`SELECT kind, dedupe_key FROM jobs WHERE dedupe_key IN (${`reconcile:${orderId}:${bucket}`}, ${`reconcile-sweep:${bucket + 1}`})`,
    );
    expect(jobs.map((job) => job.kind).sort()).toEqual([RECONCILE_ORDER_JOB, RECONCILE_SWEEP_JOB].sort());
    await shop.services.worker.drain();
    const [order] = await rows<{ status: number }>(sql`SELECT status FROM orders WHERE id = ${orderId}`);
    expect(Number(order!.status)).toBe(3);
  });
});

describe.each(BACKENDS)('who reconciliation asks, and when (%s)', (backend) => {
  const MINUTE = 60_000;
  const HOUR = 60 * MINUTE;
  let shop: TestShop;
  /** The sweeps' clock: real time plus what a test moved it on (orders and closures keep their real times). */
  let offset = 0;
  let bucket = 0;
  beforeAll(async () => {
    shop = await startShop(backend);
    await shop.services.worker.stop();
  });
  afterAll(() => shop.close());

  const rows = async <T>(query: ReturnType<typeof sql>) => ((await shop.services.db.execute(query)) as unknown as { rows: T[] }).rows;

  /** A reconciliation on the sweeps' clock: 5-minute interval, 2-minute min age, 72-hour look-back, growth 4. */
  function reconciliation(batch: number) {
    const { db, settlement, providers, config } = shop.services;
    const reconciliationConfig = { ...config.reconciliation, intervalMs: 5 * MINUTE, minAgeMs: 2 * MINUTE, lookbackMs: 72 * HOUR, backoff: 4, batch };
    const refunds = new RefundReconciliation(db, settlement, providers, reconciliationConfig, shop.app.log);
    return new ReconciliationService(db, settlement, providers, refunds, reconciliationConfig, shop.app.log, () => Date.now() + offset);
  }

  /** Sweeps the next bucket with each of `instances` at once; the orders each bucket asked about. */
  async function sweepAt(at: number, ...instances: ReconciliationService[]): Promise<{ counts: number[]; asked: number[] }> {
    offset = at;
    bucket = Math.max(bucket + 1, 20_000_000 + Math.floor(Math.random() * 1_000_000));
    const counts = await Promise.all(instances.map((instance) => instance.sweep(bucket)));
    const jobs = await rows<{ order_id: string }>(
      sql`SELECT payload->>'orderId' AS order_id FROM jobs WHERE kind = ${RECONCILE_ORDER_JOB} AND dedupe_key = 'reconcile:' || (payload->>'orderId') || ':' || ${bucket}::bigint`,
    );
    return { counts, asked: jobs.map((job) => Number(job.order_id)) };
  }

  const move = (orderId: number, event: OrderEvent) =>
    shop.services.db.transaction((tx) => shop.services.orderProcess.transition(tx, orderId, event, event === 'paymentConfirmed' ? { paidAt: new Date() } : {}));

  async function unpaidOrder(player: Player, provider: ProviderName = 'payermax'): Promise<number> {
    return (await createOrder(shop, player, provider)).result.orderId;
  }

  async function scheduled(orderIds: number[]): Promise<Map<number, number>> {
    const found = await rows<{ order_id: string; asks: number }>(
      sql`SELECT order_id, asks FROM reconciliation_schedule WHERE order_id IN (${sql.join(orderIds.map((id) => sql`${id}`), sql`, `)})`,
    );
    return new Map(found.map((row) => [Number(row.order_id), Number(row.asks)]));
  }

  it('finds a candidate of each kind once it is due, never an order whose money cannot move, and none past its window', async () => {
    const player = await newPlayer(shop);
    const unpaid = await unpaidOrder(player);
    const processing = await unpaidOrder(player);
    await move(processing, 'paymentPending');
    const expired = await unpaidOrder(player);
    await move(expired, 'expired');
    const cancelled = await unpaidOrder(player);
    await move(cancelled, 'cancelledByPlayer');
    const failed = await unpaidOrder(player);
    await move(failed, 'paymentFailed');
    // paid after a channel switch: the session it left may be paid too
    const switched = await unpaidOrder(player, 'paypal');
    const channel = await channelOf(shop, 'payermax');
    const answer = await shop.api('POST', '/api/v1/order/pay', { token: player.token, body: { ids: [switched], payMethodId: channel.payMethodId, thirdChannelId: channel.thirdChannelId } });
    expect(answer.body.code).toBe(200);
    await move(switched, 'paymentConfirmed');
    const paid = await unpaidOrder(player);
    await move(paid, 'paymentConfirmed');
    // closed, then paid late: a candidate no more once paid
    const paidLate = await unpaidOrder(player);
    await move(paidLate, 'expired');
    await move(paidLate, 'paymentConfirmed');
    const mine = [unpaid, processing, expired, cancelled, failed, switched, paid, paidLate];
    const candidates = [unpaid, processing, expired, cancelled, failed, switched];
    const service = reconciliation(100);

    // younger than the minimum age: nothing is asked yet
    expect((await sweepAt(0, service)).asked.filter((id) => mine.includes(id))).toEqual([]);
    const due = await sweepAt(3 * MINUTE, service);
    expect(due.asked.filter((id) => mine.includes(id)).sort()).toEqual([...candidates].sort());
    // the order paid late left the schedule when its turn came; the paid one never joined
    expect([...(await scheduled(mine)).keys()].sort()).toEqual([...candidates].sort());
    // past the look-back window nobody is asked and the schedule lets them go
    expect((await sweepAt(73 * HOUR, service)).asked.filter((id) => mine.includes(id))).toEqual([]);
    expect((await scheduled(mine)).size).toBe(0);
  }, 60_000);

  it('asks every candidate within its window when there are more than one sweep takes: the newest first, then again as they age', async () => {
    const player = await newPlayer(shop);
    const closures: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const orderId = await unpaidOrder(player);
      await move(orderId, 'expired');
      closures.push(orderId);
    }
    const batch = 4;
    const service = reconciliation(batch);
    const asks = new Map<number, number[]>(closures.map((id) => [id, []]));
    const record = (at: number, asked: number[]) => asked.filter((id) => asks.has(id)).forEach((id) => asks.get(id)!.push(at));

    const sweeps: number[][] = [];
    for (const at of [3, 8, 13].map((minutes) => minutes * MINUTE)) {
      const { counts, asked } = await sweepAt(at, service);
      expect(counts[0]).toBeLessThanOrEqual(batch);
      expect(new Set(asked).size).toBe(asked.length);
      record(at, asked);
      sweeps.push(asked.filter((id) => asks.has(id)));
    }
    // the newest closures first; by the third sweep every candidate was asked once
    expect(sweeps[0]!.sort()).toEqual(closures.slice(-4).sort());
    expect(sweeps[1]!.sort()).toEqual(closures.slice(2, 6).sort());
    expect(sweeps[2]!).toEqual(expect.arrayContaining(closures.slice(0, 2)));
    expect([...asks.values()].every((times) => times.length >= 1)).toBe(true);

    // then hourly until past the window: each is asked again as it ages, never more than a batch per sweep
    for (let at = HOUR; at <= 74 * HOUR; at += HOUR) {
      const { counts, asked } = await sweepAt(at, service);
      expect(counts[0]).toBeLessThanOrEqual(batch);
      record(at, asked);
    }
    for (const [orderId, times] of asks) {
      expect(times.at(-1), `order ${orderId}`).toBeLessThan(72 * HOUR);
      expect(times.length, `order ${orderId} asked at ${times.map((t) => t / MINUTE)} min`).toBeGreaterThanOrEqual(4);
      // the gaps grow with the age: recent closures are asked most
      const gaps = times.slice(1).map((t, i) => t - times[i]!);
      expect(gaps.at(-1)!).toBeGreaterThan(gaps[0]!);
    }
  }, 120_000);

  it('two instances sweeping the same interval at once ask each candidate once, and at most one batch in all', async () => {
    const player = await newPlayer(shop);
    const closures: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const orderId = await unpaidOrder(player);
      await move(orderId, 'cancelledByPlayer');
      closures.push(orderId);
    }
    const [one, two] = [reconciliation(4), reconciliation(4)];
    const first = await sweepAt(3 * MINUTE, one!, two!);
    expect(first.counts.sort()).toEqual([0, 4]);
    expect(new Set(first.asked).size).toBe(4);
    expect(first.asked.every((id) => closures.includes(id))).toBe(true);
    // the next interval takes the rest, again once
    const second = await sweepAt(8 * MINUTE, one!, two!);
    expect(second.counts.sort()).toEqual([0, 4]);
    expect(new Set([...first.asked, ...second.asked].filter((id) => closures.includes(id))).size).toBe(6);
  }, 60_000);

  it('asks every pending refund in turn when there are more than one sweep takes', async () => {
    const player = await newPlayer(shop);
    const refundIds: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const orderId = await unpaidOrder(player, 'paypal');
      await move(orderId, 'paymentConfirmed');
      const [refund] = await rows<{ id: string }>(sql`
        INSERT INTO refunds (order_id, provider, provider_refund_id, status, initiated_by, amount_minor, currency, created_at, updated_at)
        SELECT id, 'paypal', ${`refund-${orderId}`}, 'pending', 'operator', pay_amount_minor, currency, now(), now() FROM orders WHERE id = ${orderId}
        RETURNING id`);
      refundIds.push(Number(refund!.id));
    }
    const service = reconciliation(2);
    const asked = new Set<number>();
    for (const minutes of [3, 8, 13]) {
      await sweepAt(minutes * MINUTE, service);
      const jobs = await rows<{ id: string }>(
        sql`SELECT payload->>'id' AS id FROM jobs WHERE kind = ${RECONCILE_REFUND_JOB} AND dedupe_key LIKE ${`reconcile-refund:order:%:${bucket}`}`,
      );
      expect(jobs.length).toBeLessThanOrEqual(2);
      jobs.forEach((job) => asked.add(Number(job.id)));
    }
    expect(refundIds.every((id) => asked.has(id))).toBe(true);
  }, 60_000);
});
