import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { freePort } from '../harness.ts';
import { createTestDatabase } from '../test-database.ts';
import { postXsolla, xsollaPayment } from '../webhooks.ts';
import { sandboxEnv, spawnShop, startSandboxHost, until, type SandboxHost, type ShopProcess } from './cluster.ts';
import { bindAt, buyGemsAt, loginAt, webhookTarget } from './storm.ts';

/**
 * Issue 5, proof under faults: the server process is killed (SIGKILL) between the payment and the delivery to the game,
 * then a new process starts on the same PostgreSQL. The game-server stand-in lives in the test process, so it remembers
 * every delivery across the crash. The delivery completes, exactly once.
 *
 * One shortcut: a job claimed by the killed process stays leased for 60 s (jobs/outbox.ts). Instead of waiting, the
 * test ends that lease in the database, which is what the clock would do.
 */
const PG = process.env.TEST_DATABASE_URL;

describe.skipIf(!PG)('a crash between payment and delivery (SIGKILL, restart on the same PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let sandbox: SandboxHost;
  let direct: pg.Client;
  const processes: ShopProcess[] = [];
  let env: Record<string, string>;

  const start = async () => {
    const shop = await spawnShop(await freePort(), env);
    processes.push(shop);
    return shop;
  };
  const query = async <T>(text: string, values: unknown[] = []) => (await direct.query(text, values)).rows as T[];
  const deliveryJob = async (orderId: number) =>
    (
      await query<{ attempts: number; leased: boolean; done: boolean }>(
        `SELECT attempts, locked_until > now() AS leased, done_at IS NOT NULL AS done FROM jobs WHERE kind = 'order.deliver' AND (payload->>'orderId')::bigint = $1`,
        [orderId],
      )
    )[0];
  /** The lease of a job claimed by a dead process runs out (instead of waiting 60 s for it). */
  const expireLease = (orderId: number) =>
    query(`UPDATE jobs SET locked_until = now() - interval '1 second' WHERE kind = 'order.deliver' AND (payload->>'orderId')::bigint = $1 AND done_at IS NULL`, [orderId]);

  beforeAll(async () => {
    database = await createTestDatabase();
    sandbox = await startSandboxHost('http://127.0.0.1:9'); // the shop's own webhooks are sent by the test
    env = { DATABASE_URL: database.url, ...sandboxEnv(sandbox.url), DELIVERY_RETRY_BASE_MS: '300', DELIVERY_MAX_ATTEMPTS: '30' };
    direct = new pg.Client({ connectionString: database.url });
    await direct.connect();
  }, 60_000);

  afterAll(async () => {
    await Promise.all(processes.map((shop) => shop.kill('SIGKILL')));
    await sandbox?.control('game-server/control', { failDeliveries: false }).catch(() => undefined);
    await direct?.end().catch(() => undefined);
    await sandbox?.close();
    await database?.drop();
  });

  async function paidGemsOrder(shop: ShopProcess) {
    const player = await loginAt(shop.url);
    const gameId = `crash${Date.now()}${Math.floor(Math.random() * 1e6)}`;
    await sandbox.addGameAccount(10030, gameId, `${gameId}-1`);
    const bound = await bindAt(shop.url, player, gameId, `${gameId}-1`);
    const order = await buyGemsAt(shop.url, player, bound.id, 'xsolla');
    const paid = await postXsolla(webhookTarget(shop.url, sandbox.url), xsollaPayment(order.orderSn, order.totalAmount, order.currency));
    expect(paid.status).toBe(204); // the payment and the delivery job are committed
    return order;
  }

  const historyOf = async (orderId: number) =>
    (await query<{ from_status: number; to_status: number }>('SELECT from_status, to_status FROM order_status_history WHERE order_id = $1 ORDER BY id', [orderId])).map(
      (h) => [h.from_status, h.to_status],
    );

  it('killed while the game server refuses deliveries: the next process delivers once', async () => {
    const first = await start();
    await sandbox.control('game-server/control', { failDeliveries: true });
    const order = await paidGemsOrder(first);
    await until('a refused delivery attempt', async () => (sandbox.deliveryCalls.get(order.orderSn) ?? 0) >= 1);
    expect(await first.kill('SIGKILL')).toBe('SIGKILL');
    const [row] = await query<{ status: number }>('SELECT status FROM orders WHERE id = $1', [order.orderId]);
    expect(row!.status).toBe(2); // paid, not delivered
    expect(await sandbox.deliveries(order.orderSn)).toHaveLength(0);

    await sandbox.control('game-server/control', { failDeliveries: false });
    if ((await deliveryJob(order.orderId))?.leased) await expireLease(order.orderId);
    const second = await start();
    await until('the order to be delivered', async () => (await query<{ status: number }>('SELECT status FROM orders WHERE id = $1', [order.orderId]))[0]?.status === 3, 30_000);
    expect(await sandbox.deliveries(order.orderSn)).toHaveLength(1);
    expect(await historyOf(order.orderId)).toEqual([
      [0, 2],
      [2, 3],
    ]);
    expect(await deliveryJob(order.orderId)).toMatchObject({ done: true });
    await second.kill('SIGKILL');
  }, 60_000);

  it('killed right after the payment webhook committed (delivery maybe started): the next process finishes it, once', async () => {
    const first = await start();
    const order = await paidGemsOrder(first);
    expect(await first.kill('SIGKILL')).toBe('SIGKILL'); // as soon as the provider got its 204
    if ((await deliveryJob(order.orderId))?.leased) await expireLease(order.orderId);
    const second = await start();
    await until('the order to be delivered', async () => (await query<{ status: number }>('SELECT status FROM orders WHERE id = $1', [order.orderId]))[0]?.status === 3, 30_000);
    expect(await sandbox.deliveries(order.orderSn)).toHaveLength(1);
    expect(await historyOf(order.orderId)).toEqual([
      [0, 2],
      [2, 3],
    ]);
    await second.kill('SIGKILL');
  }, 60_000);

  it('killed after the game server took the delivery but before the shop recorded it: the retry is a duplicate, delivered once', async () => {
    const first = await start();
    sandbox.holdDeliveries.on = true; // the game records the delivery; its answer is held back
    sandbox.holdDeliveries.held = 0;
    const order = await paidGemsOrder(first);
    await until('the game server to hold the answer', async () => sandbox.holdDeliveries.held >= 1);
    expect(await sandbox.deliveries(order.orderSn)).toHaveLength(1);
    expect(await first.kill('SIGKILL')).toBe('SIGKILL');
    sandbox.holdDeliveries.on = false;
    sandbox.holdDeliveries.release?.();
    const [row] = await query<{ status: number }>('SELECT status FROM orders WHERE id = $1', [order.orderId]);
    expect(row!.status).toBe(2); // the shop never heard the game's answer
    expect((await deliveryJob(order.orderId))?.leased).toBe(true); // claimed by the dead process

    await expireLease(order.orderId);
    const second = await start();
    await until('the order to be delivered', async () => (await query<{ status: number }>('SELECT status FROM orders WHERE id = $1', [order.orderId]))[0]?.status === 3, 30_000);
    expect(sandbox.deliveryCalls.get(order.orderSn)).toBe(2); // asked twice under the same idempotency key...
    expect(await sandbox.deliveries(order.orderSn)).toHaveLength(1); // ...delivered once
    expect(await historyOf(order.orderId)).toEqual([
      [0, 2],
      [2, 3],
    ]);
    await second.kill('SIGKILL');
  }, 60_000);
});
