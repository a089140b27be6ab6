import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BACKENDS, startShop, type TestShop } from '../../../test/harness.ts';
import { balanceOf, createOrder, dropWebhooks, newPlayer, orderOf, press, type ProviderName } from '../../../test/shopping.ts';
import { ReconciliationService, RECONCILE_ORDER_JOB, RECONCILE_SWEEP_JOB } from './reconciliation.ts';
import { createPaymentProviders } from './provider-registry.ts';
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

  it('sweeps: one job per candidate order per interval, whoever sweeps, and the next sweep is scheduled', async () => {
    const { orderId } = await paidButUnheard('paypal');
    const bucket = 9_000_000 + Math.floor(Math.random() * 1_000_000);
    const [first, second] = await Promise.all([shop.services.reconciliation.sweep(bucket), shop.services.reconciliation.sweep(bucket)]);
    expect(first).toBeGreaterThan(0);
    expect(second).toBe(first);
    const jobs = await rows<{ kind: string; dedupe_key: string }>(
      sql`SELECT kind, dedupe_key FROM jobs WHERE dedupe_key IN (${`reconcile:${orderId}:${bucket}`}, ${`reconcile-sweep:${bucket + 1}`})`,
    );
    expect(jobs.map((job) => job.kind).sort()).toEqual([RECONCILE_ORDER_JOB, RECONCILE_SWEEP_JOB].sort());
    await shop.services.worker.drain();
    const [order] = await rows<{ status: number }>(sql`SELECT status FROM orders WHERE id = ${orderId}`);
    expect(Number(order!.status)).toBe(3);
  });
});
