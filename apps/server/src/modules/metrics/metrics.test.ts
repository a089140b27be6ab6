import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateOrderResult } from '@shop/contract/checkout.schema';
import { buildApp } from '../../app.ts';
import { BACKENDS, startShop, type TestShop } from '../../../test/harness.ts';
import { failDeliveries, playerWithRole } from '../../../test/game.ts';
import { PRODUCTION_METRICS_TOKEN, productionConfig } from '../../../test/production.ts';
import { channelOf, createOrder, newPlayer, press, vouchers, waitForStatus } from '../../../test/shopping.ts';

/** The value of one series of a Prometheus text exposition, matched by name and (a subset of) its labels. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe.each(BACKENDS)('GET /metrics (%s)', (backend) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startShop(backend, { DELIVERY_MAX_ATTEMPTS: '2', DELIVERY_RETRY_BASE_MS: '50' });
  });
  afterAll(async () => {
    await failDeliveries(shop, false).catch(() => undefined);
    await shop.close();
  });

  const scrape = async () => {
    const response = await fetch(`${shop.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  };
  /** How much a series moved between two scrapes (a series not there yet counts as 0). */
  const moved = (before: string, after: string, name: string, labels: Record<string, string>) =>
    (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);

  async function buyGems(failing: boolean) {
    const { player, account } = await playerWithRole(shop);
    await failDeliveries(shop, failing);
    const xsolla = await channelOf(shop, 'xsolla');
    const created = await shop.api<CreateOrderResult>('POST', '/api/v1/order/product/create', {
      token: player.token,
      body: { appId: 10030, gameAccountId: account.id, productId: 1012, quantity: 1, payMethodId: xsolla.payMethodId, thirdChannelId: xsolla.thirdChannelId },
    });
    expect(created.body.code).toBe(200);
    await press(shop, created.body.data, 'pay');
    await waitForStatus(shop, player, created.body.data.orderId, [failing ? 8 : 3]);
  }

  it('counts a purchase: its requests by route, the order created, paid and delivered, the delivery; reads the queue and pool', async () => {
    const before = await scrape();
    await vouchers(shop);
    await buyGems(false);
    const after = await scrape();

    const route = (method: string, pattern: string) => ({ method, route: pattern, status_code: '200' });
    expect(moved(before, after, 'http_request_duration_seconds_count', route('POST', '/api/v1/order/product/create'))).toBe(1);
    expect(moved(before, after, 'http_request_duration_seconds_count', route('POST', '/api/v1/voucher/list/:appId'))).toBe(1);
    expect(after).not.toContain('route="/api/v1/voucher/list/10030"');
    expect(sample(after, 'http_request_duration_seconds_bucket', { ...route('POST', '/api/v1/order/product/create'), le: '+Inf' })).toBeGreaterThan(0);

    expect(moved(before, after, 'shop_orders_created_total', { provider: 'xsolla', source: 'shop' })).toBe(1);
    const change = (event: string, status: string) => moved(before, after, 'shop_order_status_changes_total', { provider: 'xsolla', event, status });
    expect(change('paymentConfirmed', 'payment_complete')).toBe(1);
    expect(change('delivered', 'order_complete')).toBe(1);
    expect(moved(before, after, 'shop_delivery_attempts_total', { app_id: '10030', result: 'delivered' })).toBe(1);

    for (const state of ['due', 'running', 'dead']) expect(sample(after, 'shop_jobs', { state }), state).toBeGreaterThanOrEqual(0);
    expect(sample(after, 'shop_jobs_oldest_due_age_seconds')).toBeGreaterThanOrEqual(0);
    if (backend === 'postgres') {
      expect(sample(after, 'shop_database_pool_max')).toBe(10);
      expect(sample(after, 'shop_database_pool_connections', { state: 'idle' })).toBeGreaterThan(0);
      expect(sample(after, 'shop_database_pool_waiting')).toBe(0);
    } else expect(after).not.toContain('shop_database_pool_connections{');
    expect(sample(after, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });

  it('counts failed delivery attempts and the order that gave up (Delivery Error)', async () => {
    const before = await scrape();
    await buyGems(true);
    const after = await scrape();
    expect(moved(before, after, 'shop_delivery_attempts_total', { app_id: '10030', result: 'failed' })).toBe(2);
    expect(moved(before, after, 'shop_order_status_changes_total', { provider: 'xsolla', event: 'deliveryFailed', status: 'delivery_error' })).toBe(1);
  });

  it('counts a status change only once its transaction committed', async () => {
    const player = await newPlayer(shop);
    const first = await createOrder(shop, player, 'paypal');
    const second = await createOrder(shop, player, 'paypal');
    const cancelled = { provider: 'paypal', event: 'cancelledByPlayer', status: 'cancelled' };
    const before = await scrape();
    const rolledBack = shop.services.db.transaction(async (tx) => {
      expect(await shop.services.orderProcess.transition(tx, first.result.orderId, 'cancelledByPlayer')).toBeDefined();
      throw new Error('rolled back after the move');
    });
    await expect(rolledBack).rejects.toThrow('rolled back after the move');
    expect(moved(before, await scrape(), 'shop_order_status_changes_total', cancelled)).toBe(0);
    await shop.services.db.transaction((tx) => shop.services.orderProcess.transition(tx, second.result.orderId, 'cancelledByPlayer'));
    expect(moved(before, await scrape(), 'shop_order_status_changes_total', cancelled)).toBe(1);
    expect(moved(before, await scrape(), 'shop_orders_created_total', { provider: 'paypal', source: 'voucher' })).toBe(0);
  });

  it('stays out of the OpenAPI document', async () => {
    const openapi = (await (await fetch(`${shop.url}/api/docs/json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(openapi.paths).length).toBeGreaterThan(10);
    expect(Object.keys(openapi.paths)).not.toContain('/metrics');
  });
});

describe('GET /metrics in production', () => {
  it('needs the METRICS_TOKEN bearer, and shows only its own app', async () => {
    const { app } = await buildApp(productionConfig(), { logger: false, runJobs: false });
    try {
      const refused = await app.inject({ method: 'GET', url: '/metrics' });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 401, data: null });
      const wrong = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${PRODUCTION_METRICS_TOKEN}x` } });
      expect(wrong.statusCode).toBe(401);
      const allowed = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${PRODUCTION_METRICS_TOKEN}` } });
      expect(allowed.statusCode).toBe(200);
      // this app has created no orders, whatever the other apps of this process did
      expect(sample(allowed.body, 'http_request_duration_seconds_count', { route: '/metrics', status_code: '401' })).toBe(2);
      expect(allowed.body).toContain('# TYPE shop_orders_created_total counter');
      expect(sample(allowed.body, 'shop_orders_created_total')).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});
