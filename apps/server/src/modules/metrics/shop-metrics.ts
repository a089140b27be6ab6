import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { OrderStatus } from '@shop/contract/orders.schema';
import type { Database, Executor } from '../../db/client.ts';
import { queueStats } from '../../jobs/queue-stats.ts';
import type { OrderObserver } from '../orders/order-events.ts';
import type { OrderEvent, OrderRow } from '../orders/order-state-machine.ts';
import type { DeliveryObserver, DeliveryResult } from '../fulfilment/delivery.service.ts';

/** A scrape waits this long for the job-queue query; a database that does not answer leaves those series out. */
const SCRAPE_QUERY_TIMEOUT_MS = 2000;

const STATUS_NAMES = new Map<number, string>(Object.entries(OrderStatus).map(([name, code]) => [code, name.toLowerCase()]));

let processRegistry: Registry | undefined;
/**
 * CPU, memory, event loop and GC belong to the process, not to one app: collected once per process (each collection
 * installs observers that are never removed, and tests start many apps in one process).
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * The shop's Prometheus metrics (GET /metrics), in a registry of this app's own: the process-wide default registry
 * would mix the apps that tests start in one process. Counters count this instance's work (sum them across instances);
 * the job queue is read from the database at scrape time and is the same on every instance.
 */
export class ShopMetrics implements OrderObserver, DeliveryObserver {
  private readonly registry = new Registry();
  private readonly requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });
  private readonly ordersCreated = new Counter({
    name: 'shop_orders_created_total',
    help: 'Orders created, by payment provider (none for free gifts) and source (voucher, shop, gift)',
    labelNames: ['provider', 'source'],
    registers: [this.registry],
  });
  private readonly orderStatusChanges = new Counter({
    name: 'shop_order_status_changes_total',
    help: 'Order status changes made by the order state machine, by provider, event and new status',
    labelNames: ['provider', 'event', 'status'],
    registers: [this.registry],
  });
  private readonly deliveryAttempts = new Counter({
    name: 'shop_delivery_attempts_total',
    help: "Calls delivering paid orders to the game servers, by game and result (delivered, failed: retried, revoked: refused as refunded)",
    labelNames: ['app_id', 'result'],
    registers: [this.registry],
  });
  private readonly jobs = new Gauge({
    name: 'shop_jobs',
    help: 'Background jobs in the outbox by state: due (waiting to run), running (leased by a worker), dead (gave up)',
    labelNames: ['state'],
    registers: [this.registry],
  });
  private readonly oldestDueJobAge = new Gauge({
    name: 'shop_jobs_oldest_due_age_seconds',
    help: 'How long the oldest due job has waited to run (0 when none waits)',
    registers: [this.registry],
  });
  private readonly poolConnections = new Gauge({
    name: 'shop_database_pool_connections',
    help: 'PostgreSQL pool connections by state (busy: checked out); absent on the embedded database',
    labelNames: ['state'],
    registers: [this.registry],
  });
  private readonly poolMax = new Gauge({ name: 'shop_database_pool_max', help: 'Most connections the PostgreSQL pool opens', registers: [this.registry] });
  private readonly poolWaiting = new Gauge({
    name: 'shop_database_pool_waiting',
    help: 'Requests waiting for a PostgreSQL pool connection',
    registers: [this.registry],
  });

  /** Statements sent to the database (BEGIN and COMMIT included): divided by requests, how chatty a route is. */
  private readonly statements = new Counter({
    name: 'shop_database_statements_total',
    help: 'SQL statements sent to the database, BEGIN and COMMIT included',
    registers: [this.registry],
  });

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Times every request by its route pattern (`/api/v1/order/detail/:id`, never the raw URL: one series per route). */
  timeRequests(app: FastifyInstance): void {
    app.addHook('onResponse', async (request, reply) => {
      this.requestDuration.observe(
        { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: reply.statusCode },
        reply.elapsedTime / 1000,
      );
    });
  }

  orderCreated(order: OrderRow): void {
    this.ordersCreated.inc({ provider: order.thirdChannelName ?? 'none', source: order.orderSource });
  }

  orderMoved(order: OrderRow, event: OrderEvent): void {
    this.orderStatusChanges.inc({ provider: order.thirdChannelName ?? 'none', event, status: STATUS_NAMES.get(order.status) ?? String(order.status) });
  }

  deliveryAttempted(appId: number, result: DeliveryResult): void {
    this.deliveryAttempts.inc({ app_id: appId, result });
  }

  /** The Prometheus text of this app and of the process, with the gauges read now. */
  async scrape(database: Pick<Database, 'poolStats' | 'statements'>, db: Executor): Promise<{ contentType: string; text: string }> {
    await this.readJobQueue(db);
    this.readPool(database);
    this.statements.reset();
    this.statements.inc(database.statements());
    const merged = Registry.merge([processMetrics(), this.registry]);
    return { contentType: merged.contentType, text: await merged.metrics() };
  }

  private async readJobQueue(db: Executor): Promise<void> {
    this.jobs.reset();
    this.oldestDueJobAge.reset();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${SCRAPE_QUERY_TIMEOUT_MS} ms`)), SCRAPE_QUERY_TIMEOUT_MS);
    });
    try {
      const stats = await Promise.race([queueStats(db), timeout]);
      for (const state of ['due', 'running', 'dead'] as const) this.jobs.set({ state }, stats[state]);
      this.oldestDueJobAge.set(stats.oldestDueAgeSeconds);
    } catch (error) {
      this.log.warn({ err: error }, 'metrics: the job queue could not be read');
    } finally {
      clearTimeout(timer);
    }
  }

  private readPool(database: Pick<Database, 'poolStats'>): void {
    const pool = database.poolStats?.();
    if (!pool) return;
    this.poolConnections.set({ state: 'idle' }, pool.idle);
    this.poolConnections.set({ state: 'busy' }, pool.total - pool.idle);
    this.poolMax.set(pool.max);
    this.poolWaiting.set(pool.waiting);
  }
}
