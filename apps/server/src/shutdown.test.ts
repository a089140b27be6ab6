import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/harness.ts';
import { call, sandboxEnv, sleep, spawnShop, startSandboxHost, until, type SandboxHost, type ShopProcess } from '../test/proof/cluster.ts';
import { buyVouchersAt, loginAt } from '../test/proof/storm.ts';
import { TcpProxy } from '../test/tcp-proxy.ts';
import { createTestDatabase } from '../test/test-database.ts';

/**
 * Graceful shutdown of the server process (main.ts, shutdown.ts): on SIGTERM a request in flight finishes and the process
 * exits 0; when something hangs, it exits 1 once SHUTDOWN_TIMEOUT_MS has passed.
 */
describe('the server process shuts down on SIGTERM', () => {
  let sandbox: SandboxHost;
  let patient: ShopProcess;
  let hurried: ShopProcess;
  beforeAll(async () => {
    sandbox = await startSandboxHost('http://127.0.0.1:9');
    const start = async (env: Record<string, string>) => spawnShop(await freePort(), { ...sandboxEnv(sandbox.url), ...env });
    [patient, hurried] = await Promise.all([start({ SHUTDOWN_TIMEOUT_MS: '10000' }), start({ SHUTDOWN_TIMEOUT_MS: '1500' })]);
  });
  afterAll(async () => {
    await Promise.all([patient?.kill('SIGKILL'), hurried?.kill('SIGKILL')]);
    await sandbox?.close();
  });

  /** Starts a voucher order whose payment session Xsolla answers only after `delayMs`; resolves once it waits on that. */
  async function orderWaitingOnXsolla(shop: ShopProcess, delayMs: number): Promise<{ order: ReturnType<typeof buyVouchersAt> }> {
    const player = await loginAt(shop.url);
    const fault = { path: /\/xsolla\/.*\/token$/, kind: 'late' as const, delayMs, times: 1 };
    sandbox.faults.push(fault);
    const order = buyVouchersAt(shop.url, player, 'xsolla');
    order.catch(() => undefined); // the hang case never gets its answer
    await until('the order to wait on Xsolla', async () => fault.times === 0);
    return { order }; // not the promise itself, which an async function's result would wait for
  }

  it('lets the request in flight finish, refuses new ones, and exits 0, however often the one stop arrives', async () => {
    const shop = patient;
    const { order } = await orderWaitingOnXsolla(shop, 1500);
    const signalled = Date.now();
    shop.child.kill('SIGTERM');
    // the same stop again at once, as a stop of the process group reaches node directly and through npm (ADR 0040)
    shop.child.kill('SIGTERM');
    await sleep(200);
    // while closing: a new request is refused (503 envelope on an open connection, or no connection at all)
    const late = await call(shop.url, 'GET', '/healthz', { timeoutMs: 5000 }).catch((error: unknown) => error);
    if (!(late instanceof Error)) expect(late).toMatchObject({ status: 503, body: { code: 503, data: null } });
    const { result } = await order;
    expect(result.orderSn).toBeTruthy();
    expect(await shop.exited, shop.output()).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
  }, 60_000);

  it('exits 1 once SHUTDOWN_TIMEOUT_MS has passed when a request never finishes', async () => {
    const shop = hurried;
    await orderWaitingOnXsolla(shop, 8000);
    const signalled = Date.now();
    shop.child.kill('SIGTERM');
    expect(await shop.exited, shop.output()).toBe(1);
    const took = Date.now() - signalled;
    expect(took).toBeGreaterThanOrEqual(1500);
    expect(took).toBeLessThan(5000);
  }, 60_000);
});

const PG = process.env.TEST_DATABASE_URL;

describe.skipIf(!PG)('the server process shuts down on SIGTERM while PostgreSQL does not answer', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let proxy: TcpProxy;
  let shop: ShopProcess | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    const target = new URL(database.url);
    proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    await proxy.start();
  });
  afterAll(async () => {
    await shop?.kill('SIGKILL');
    await proxy?.close();
    await database?.drop();
  });

  it('exits 1 within SHUTDOWN_TIMEOUT_MS, however long the queries would wait', async () => {
    const viaProxy = new URL(database.url);
    viaProxy.port = String(proxy.port);
    shop = await spawnShop(await freePort(), { DATABASE_URL: viaProxy.toString(), DATABASE_QUERY_TIMEOUT_MS: '60000', SHUTDOWN_TIMEOUT_MS: '1500' });
    const player = await loginAt(shop.url);
    proxy.freeze();
    const inFlight = call(shop.url, 'GET', '/api/user/info', { token: player.token, timeoutMs: 30_000 }).catch((error: unknown) => error);
    await sleep(300);
    const signalled = Date.now();
    shop.child.kill('SIGTERM');
    expect(await shop.exited, shop.output()).toBe(1);
    const took = Date.now() - signalled;
    expect(took).toBeGreaterThanOrEqual(1500);
    expect(took).toBeLessThan(5000);
    expect(await inFlight).toBeInstanceOf(Error); // the process went away without answering
  }, 60_000);
});
