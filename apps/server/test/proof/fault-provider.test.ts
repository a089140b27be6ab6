import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CreateOrderResult } from '@shop/contract/checkout.schema';
import { BACKENDS, startShop, type TestShop } from '../harness.ts';
import { balanceOf, createOrder, newPlayer, orderOf, press, type Player, type ProviderName } from '../shopping.ts';
import { PROVIDER_TIMEOUT_MS } from '../../src/modules/payments/provider-http.ts';
import { sandboxEnv, startSandboxHost, type SandboxHost } from './cluster.ts';

/**
 * Issue 5, proof under faults: the provider answers 5xx or does not answer in time while an order is created or
 * captured. The order stays as it was (payable, nothing credited), the player gets a clear message, and the
 * reconciliation later settles what the provider did take, once. Runs on PostgreSQL when available (else PGlite).
 */
const backend = BACKENDS.at(-1)!;
const CAPTURE = /\/paypal\/v2\/checkout\/orders\/[^/]+\/capture$/;

describe(`provider timeouts and 5xx (${backend})`, () => {
  let sandbox: SandboxHost;
  let shop: TestShop;
  beforeAll(async () => {
    sandbox = await startSandboxHost('http://127.0.0.1:9');
    shop = await startShop(backend, sandboxEnv(sandbox.url));
    await sandbox.control('control', { dropWebhooks: true }); // no webhook rescues the order: only reconciliation
  }, 60_000);
  afterAll(async () => {
    await shop?.close();
    await sandbox?.close();
  });
  beforeEach(() => {
    sandbox.faults.length = 0;
  });

  const rows = async <T>(query: ReturnType<typeof sql>) => ((await shop.services.db.execute(query)) as unknown as { rows: T[] }).rows;
  const untouched = async (player: Player, orderId: number) => {
    expect((await orderOf(shop, player, orderId)).status).toBe(0);
    expect(await rows(sql`SELECT id FROM payment_events WHERE order_id = ${orderId}`)).toEqual([]);
    expect(await rows(sql`SELECT id FROM voucher_ledger WHERE order_id = ${orderId}`)).toEqual([]);
  };
  const capture = (result: CreateOrderResult) =>
    shop.api<{ status: number }>('POST', '/api/v1/pay/paypalCapture', { body: { thirdOrderId: JSON.parse(result.thirdPayResponse).id, orderSn: result.orderSn } });

  it.each<[ProviderName, RegExp]>([
    ['paypal', /\/paypal\/v2\/checkout\/orders$/],
    ['xsolla', /\/xsolla\/merchant\/v2\/merchants\/[^/]+\/token$/],
    ['payermax', /\/payermax\/aggregate-pay\/api\/gateway\/orderAndPay$/],
  ])('%s answers 5xx while the order is created: a payable order and a clear message; paying again works', async (provider, failing) => {
    const player = await newPlayer(shop);
    sandbox.faults.push({ path: failing, kind: 'fail', status: 503, times: 5 });
    const { result } = await createOrder(shop, player, provider);
    const answer = JSON.parse(result.thirdPayResponse) as { errorMessage?: string; msg?: string };
    expect(answer.errorMessage ?? answer.msg).toMatch(/payment provider could not be reached/i);
    await untouched(player, result.orderId);
    expect(await balanceOf(shop, player)).toBe(0);

    // the provider is back: the same order opens a payment again
    sandbox.faults.length = 0;
    const path = { paypal: '/api/v1/pay/paypalOrder', xsolla: '/api/v1/xsolla/token', payermax: '/api/v1/payermax/payermaxlOrder' }[provider];
    const again = await shop.api<unknown>('POST', path, {
      token: player.token,
      body: { orderId: result.orderId, orderSn: result.orderSn },
    });
    expect(again.body.code, JSON.stringify(again.body)).toBe(200);
  });

  it.each<['fail' | 'late']>([['fail'], ['late']])(
    'PayPal capture %s (5xx / answer after the timeout): clear message, order unchanged, reconciliation settles it once',
    async (kind) => {
      const player = await newPlayer(shop);
      const { result, pack } = await createOrder(shop, player, 'paypal');
      await press(shop, result, 'pay');
      sandbox.faults.push(kind === 'fail' ? { path: CAPTURE, kind, status: 503, times: 1 } : { path: CAPTURE, kind, delayMs: PROVIDER_TIMEOUT_MS + 1500, times: 1 });
      const started = Date.now();
      const answer = await capture(result);
      expect(answer.status, JSON.stringify(answer.body)).toBe(502);
      expect(answer.body).toEqual({ code: 502, message: expect.stringMatching(/payment provider could not be reached/i), data: null });
      expect(Date.now() - started).toBeLessThan(PROVIDER_TIMEOUT_MS + 5000);
      await untouched(player, result.orderId);

      // 'fail': PayPal never captured (the approval waits); 'late': PayPal did capture, we never heard. Either way:
      const outcome = await shop.services.reconciliation.reconcileOrder(result.orderId);
      expect(outcome).toBe('settled');
      expect((await orderOf(shop, player, result.orderId)).status).toBe(3);
      expect(await balanceOf(shop, player)).toBe(pack.voucherAmount);
      // the return page, asked again, and another reconciliation find it done: still one credit
      expect((await capture(result)).body.data.status).toBe(3);
      expect(['duplicate', 'skipped', 'unchanged']).toContain(await shop.services.reconciliation.reconcileOrder(result.orderId));
      expect(await rows(sql`SELECT amount FROM voucher_ledger WHERE order_id = ${result.orderId}`)).toEqual([{ amount: pack.voucherAmount }]);
      expect(await rows(sql`SELECT id FROM payment_events WHERE order_id = ${result.orderId}`)).toHaveLength(1);
    },
    PROVIDER_TIMEOUT_MS + 30_000,
  );
});
