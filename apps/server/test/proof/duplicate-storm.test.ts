import { SANDBOX_CREDENTIALS } from '@shop/sandbox/credentials';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CreateOrderResult } from '@shop/contract/checkout.schema';
import { buildApp, type ShopApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { freePort } from '../harness.ts';
import { createTestDatabase } from '../test-database.ts';
import type { ProviderName } from '../shopping.ts';
import { paypalCaptureCompleted, payermaxPayment, postPayermax, postPaypal } from '../webhooks.ts';
import { call, forwardWebhook, JWT_SECRET, sandboxEnv, spawnShop, startSandboxHost, until, type SandboxHost, type ShopProcess } from './cluster.ts';
import { bindAt, buyGemsAt, buyVouchersAt, loginAt, payAt, paypalCaptureAtProvider, webhookTarget } from './storm.ts';

/**
 * Issue 5, proof: the same payment fact 50 times in parallel, half to each of two server processes on one PostgreSQL,
 * together with the return-page capture (PayPal) and the reconciliation of a third instance, for a voucher order and a
 * gems order per provider. One credit, one ledger entry, one delivery.
 */
const PG = process.env.TEST_DATABASE_URL;

describe.skipIf(!PG)('duplicate storm against two server processes on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let sandbox: SandboxHost;
  let a: ShopProcess;
  let b: ShopProcess;
  let third: ShopApp;

  const rows = async <T>(query: ReturnType<typeof sql>) => ((await third.services.db.execute(query)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    database = await createTestDatabase();
    const [portA, portB] = [await freePort(), await freePort()];
    sandbox = await startSandboxHost(`http://127.0.0.1:${portA}`);
    const env = { DATABASE_URL: database.url, ...sandboxEnv(sandbox.url) };
    a = await spawnShop(portA, env);
    b = await spawnShop(portB, env);
    // A third instance in this process (no HTTP, no worker): its reconciliation joins the storm, its pool reads the results.
    third = await buildApp(loadConfig({ SHOP_ENV: 'test', PORT: '0', LOG_LEVEL: 'silent', JWT_SECRET, ...env }, SANDBOX_CREDENTIALS), { logger: false, runJobs: false });
  }, 120_000);

  afterAll(async () => {
    await third?.app.close();
    await Promise.all([a?.kill(), b?.kill()]);
    await sandbox?.close();
    await database?.drop();
  });

  interface Prepared {
    provider: ProviderName;
    voucher: CreateOrderResult;
    vouchers: number;
    gems: CreateOrderResult;
    gameAccountId: number;
    balanceBefore: number;
  }

  async function prepare(provider: ProviderName): Promise<Prepared> {
    const player = await loginAt(a.url);
    const gameId = `storm${Date.now()}${Math.floor(Math.random() * 1e6)}`;
    const roleId = `${gameId}-1`;
    await sandbox.addGameAccount(10030, gameId, roleId);
    const bound = await bindAt(b.url, player, gameId, roleId);
    const { result: voucher, pack } = await buyVouchersAt(a.url, player, provider);
    const gems = await buyGemsAt(b.url, player, bound.id, provider);
    const [account] = await rows<{ id: number }>(sql`SELECT game_account_id AS id FROM orders WHERE id = ${voucher.orderId}`);
    if (provider !== 'xsolla') {
      // Webhooks of the sandbox itself are lost on the way: the storm below is the only way the news arrives.
      await sandbox.control('control', { dropWebhooks: true });
      await payAt(sandbox.url, voucher);
      await payAt(sandbox.url, gems);
      await sandbox.control('control', { dropWebhooks: false });
    }
    return { provider, voucher, vouchers: pack.voucherAmount, gems, gameAccountId: Number(account!.id), balanceBefore: await third.services.ledger.balance(Number(account!.id)) };
  }

  /** 50 copies of the order's payment fact, 25 to each process, plus the provider's other settle paths, all at once. */
  async function storm(p: Prepared, order: CreateOrderResult): Promise<void> {
    const shops = [webhookTarget(a.url, sandbox.url), webhookTarget(b.url, sandbox.url)];
    const sends: Promise<{ status: number; what: string }>[] = [];
    const ok = (what: string) => (answer: { status: number }) => ({ status: answer.status, what });
    if (p.provider === 'paypal') {
      const paypalOrderId = JSON.parse(order.thirdPayResponse).id as string;
      const capture = await paypalCaptureAtProvider(sandbox.url, paypalOrderId, order.orderSn);
      const event = paypalCaptureCompleted(order.orderSn, capture.amount.value, capture.amount.currency_code, capture.id);
      for (let i = 0; i < 50; i++) sends.push(postPaypal(shops[i % 2]!, event).then(ok('webhook')));
      // the return page's capture, twice on each process: PayPal answers the repeated request id with the same capture
      for (const shop of [a, b, a, b]) {
        sends.push(
          call<{ status: number }>(shop.url, 'POST', '/api/v1/pay/paypalCapture', { body: { thirdOrderId: paypalOrderId, orderSn: order.orderSn } }).then((answer) => ({
            status: answer.body.code === 200 && [2, 3].includes(answer.body.data.status) ? 200 : 500,
            what: `return page ${JSON.stringify(answer.body)}`,
          })),
        );
      }
    } else if (p.provider === 'xsolla') {
      // Xsolla's pay page waits for the shop's answer to its payment notification: when it leaves the sandbox, 49 exact
      // copies (same bytes, same signature) go out with it, alternating between the processes.
      const copies = new Promise<{ status: number; what: string }[]>((resolve) => {
        sandbox.intercept.set(order.orderSn, async (raw, headers, forward) => {
          const sent = Array.from({ length: 49 }, (_, i) => forwardWebhook(i % 2 ? a.url : b.url, 'xsolla', raw, headers).then(ok('webhook copy')));
          const first = forward(a.url);
          resolve(Promise.all([...sent, first.then(ok('webhook'))]));
          return first;
        });
      });
      await payAt(sandbox.url, order);
      sends.push(...(await copies).map((answer) => Promise.resolve(answer)));
    } else {
      const body = payermaxPayment(order.orderSn, order.totalAmount, order.currency);
      for (let i = 0; i < 50; i++) sends.push(postPayermax(shops[i % 2]!, body).then(ok('webhook')));
    }
    // reconciliation asks the provider at the same time (the third instance), twice
    for (let i = 0; i < 2; i++) sends.push(third.services.reconciliation.reconcileOrder(order.orderId).then(() => ({ status: 200, what: 'reconcile' })));
    const answers = await Promise.all(sends);
    const failed = answers.filter((answer) => answer.status < 200 || answer.status >= 300);
    expect(failed, JSON.stringify(failed.slice(0, 3))).toEqual([]);
  }

  async function check(p: Prepared): Promise<void> {
    for (const order of [p.voucher, p.gems]) {
      await until(`order ${order.orderSn} to be complete`, async () => {
        const [row] = await rows<{ status: number }>(sql`SELECT status FROM orders WHERE id = ${order.orderId}`);
        return row?.status === 3;
      });
      const events = await rows<{ event_key: string }>(sql`SELECT event_key FROM payment_events WHERE order_id = ${order.orderId}`);
      expect(events, `${p.provider}: one recorded payment fact`).toHaveLength(1);
      const history = await rows<{ from_status: number; to_status: number }>(
        sql`SELECT from_status, to_status FROM order_status_history WHERE order_id = ${order.orderId} ORDER BY id`,
      );
      expect(history.map((h) => [h.from_status, h.to_status])).toEqual([
        [0, 2],
        [2, 3],
      ]);
    }
    // one credit: one ledger entry for the voucher order, the balance up by exactly the pack
    const entries = await rows<{ amount: number; reference: string }>(sql`SELECT amount, reference FROM voucher_ledger WHERE order_id = ${p.voucher.orderId}`);
    expect(entries).toEqual([{ amount: p.vouchers, reference: `order:${p.voucher.orderSn}` }]);
    expect(await third.services.ledger.balance(p.gameAccountId)).toBe(p.balanceBefore + p.vouchers);
    expect(await rows(sql`SELECT id FROM voucher_ledger WHERE order_id = ${p.gems.orderId}`)).toHaveLength(0);
    // one delivery: one job, one call to the game server, one delivery recorded there
    const jobs = await rows<{ done: boolean }>(
      sql`SELECT done_at IS NOT NULL AS done FROM jobs WHERE kind = 'order.deliver' AND (payload->>'orderId')::bigint = ${p.gems.orderId}`,
    );
    expect(jobs).toEqual([{ done: true }]);
    expect(await sandbox.deliveries(p.gems.orderSn)).toHaveLength(1);
    expect(sandbox.deliveryCalls.get(p.gems.orderSn)).toBe(1);
  }

  it.each<ProviderName>(['paypal', 'xsolla', 'payermax'])('%s: 50 parallel webhooks over two processes plus return page and reconciliation: one credit, one delivery', async (provider) => {
    const prepared = await prepare(provider);
    await Promise.all([storm(prepared, prepared.voucher), storm(prepared, prepared.gems)]);
    await check(prepared);
    expect(a.alive() && b.alive()).toBe(true);
  }, 60_000);
});
