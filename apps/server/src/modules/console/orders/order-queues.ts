import { and, asc, count, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ConsoleDeliveryErrorRow,
  ConsoleQueueCounts,
  ConsoleReconciliationRow,
  ConsoleRefundRequestRow,
  ConsoleSecondPaymentRow,
  consoleReconciliationQueue,
} from '@shop/contract/console/orders';
import { OrderStatus } from '@shop/contract/orders.schema';
import type { PagePosition } from '@shop/contract/console/paging';
import type { ReconciliationConfig } from '../../../config.ts';
import { duplicatePaymentView } from '../../payments/duplicate-payments.ts';
import type { PaymentProviders } from '../../payments/provider-registry.ts';
import { rows, typed, type Numeric } from '../../../db/statement.ts';
import type { Db } from '../../../db/client.ts';
import { duplicatePayments, jobs, orders, refundRequests, refunds, users, type DuplicatePaymentStatus } from '../../../db/schema.ts';
import { RECONCILE_ORDER_JOB, RECONCILE_SWEEP_JOB } from '../../payments/reconciliation.ts';
import { RECONCILE_REFUND_JOB } from '../../payments/refund-reconciliation.ts';
import { DELIVER_ORDER_JOB } from '../../fulfilment/delivery.service.ts';
import { afterCursor, cappedCount, cursorTime, pageOf, readingOrder, type ListOrder } from '../keyset.ts';
import { jobsOfOrders } from './order-detail.ts';
import type { SearchPage } from './order-search.ts';
import { iso, refundableState, summariesOf, voucherPositions } from './order-views.ts';

type Row<T extends z.ZodType> = z.infer<T>;
interface Paging {
  cursor?: PagePosition | undefined;
  pageSize: number;
}

const S = OrderStatus;
/** Every queue is oldest first: by the time it waits since, then the id. */
const oldestFirst = (at: SQL, id: SQL): ListOrder => ({ at, id, newestFirst: false });
const DELIVERY_ERRORS = oldestFirst(sql`${orders.updatedAt}`, sql`${orders.id}`);
const REFUND_REQUESTS = oldestFirst(sql`${refundRequests.createdAt}`, sql`${refundRequests.id}`);
const SECOND_PAYMENTS = oldestFirst(sql`${duplicatePayments.createdAt}`, sql`${duplicatePayments.id}`);
const RECONCILIATION = oldestFirst(sql`since`, sql`order_id`);

/** Second payments that wait for an operator: nobody acted yet, or the provider refused the refund. */
const SECOND_PAYMENTS_TO_ACT_ON: DuplicatePaymentStatus[] = ['open', 'refund_failed'];

/** A row of the reconciliation queue's statement. */
interface ReconciliationRow {
  at: string;
  order_id: number | string;
  reason: Row<typeof ConsoleReconciliationRow>['reason'];
  since: Date | string | null;
  created_at: Date | string;
  refund_id: number | string | null;
  refund_provider: string | null;
  refund_updated_at: Date | string | null;
}

/**
 * The work queues of the orders area: orders in Delivery Error, open refund requests, second payments, and orders
 * waiting for reconciliation with their provider.
 */
export class OrderQueues {
  constructor(
    private readonly db: Db,
    private readonly reconciliation: ReconciliationConfig,
    private readonly providers: PaymentProviders,
    private readonly now: () => number = Date.now,
  ) {}

  async counts(): Promise<ConsoleQueueCounts> {
    const [[deliveryErrors], [requests], [seconds], reconciliation] = await Promise.all([
      this.db.select({ n: count() }).from(orders).where(eq(orders.status, S.DELIVERY_ERROR)),
      this.db.select({ n: count() }).from(refundRequests).where(eq(refundRequests.status, 'requested')),
      this.db.select({ n: count() }).from(duplicatePayments).where(inArray(duplicatePayments.status, SECOND_PAYMENTS_TO_ACT_ON)),
      this.reconciliationCount(),
    ]);
    return {
      deliveryErrors: Number(deliveryErrors?.n ?? 0),
      refundRequests: Number(requests?.n ?? 0),
      secondPayments: Number(seconds?.n ?? 0),
      reconciliation,
    };
  }

  /** Orders in 8, longest waiting first, with their delivery jobs' last answer from the game server. */
  async deliveryErrors(paging: Paging): Promise<SearchPage<Row<typeof ConsoleDeliveryErrorRow>>> {
    const where = eq(orders.status, S.DELIVERY_ERROR);
    const [read, counted] = await Promise.all([
      this.db
        .select({ id: orders.id, at: cursorTime(sql`${orders.updatedAt}`) })
        .from(orders)
        .where(and(where, afterCursor(DELIVERY_ERRORS, paging.cursor)))
        .orderBy(...readingOrder(DELIVERY_ERRORS, paging.cursor))
        .limit(paging.pageSize + 1),
      cappedCount(this.db, sql`SELECT 1 FROM ${orders} WHERE ${where}`),
    ]);
    const page = pageOf(read, paging.pageSize, paging.cursor, (row) => row);
    const ids = page.rows.map((row) => row.id);
    const [summaries, deliveryJobs] = await Promise.all([summariesOf(this.db, ids), ids.length ? jobsOfOrders(this.db, [DELIVER_ORDER_JOB], ids) : Promise.resolve([])]);
    const rows = ids.flatMap((id) => {
      const order = summaries.get(id);
      if (!order) return [];
      const own = deliveryJobs.filter((job) => Number(job.payload['orderId']) === id);
      const withError = own.filter((job) => job.lastError !== null).at(-1);
      const lastFailed = own.filter((job) => job.failedAt !== null).at(-1);
      return [
        {
          order,
          attempts: own.reduce((sum, job) => sum + job.attempts, 0),
          lastError: withError?.lastError ?? null,
          lastAttemptAt: iso(lastFailed?.failedAt),
          retryQueued: own.some((job) => job.doneAt === null && job.failedAt === null),
        },
      ];
    });
    return { ...page, rows, ...counted, pageSize: paging.pageSize };
  }

  /** Open refund requests, oldest first, with whether the order can be refunded now and the vouchers it would lose. */
  async refundRequests(paging: Paging): Promise<SearchPage<Row<typeof ConsoleRefundRequestRow>>> {
    const where = eq(refundRequests.status, 'requested');
    const [read, counted] = await Promise.all([
      this.db
        .select({
          id: refundRequests.id,
          at: cursorTime(sql`${refundRequests.createdAt}`),
          orderId: refundRequests.orderId,
          reason: refundRequests.reason,
          createdAt: refundRequests.createdAt,
        })
        .from(refundRequests)
        .where(and(where, afterCursor(REFUND_REQUESTS, paging.cursor)))
        .orderBy(...readingOrder(REFUND_REQUESTS, paging.cursor))
        .limit(paging.pageSize + 1),
      cappedCount(this.db, sql`SELECT 1 FROM ${refundRequests} WHERE ${where}`),
    ]);
    const page = pageOf(read, paging.pageSize, paging.cursor, (row) => row);
    const picked = page.rows;
    const ids = picked.map((row) => row.orderId);
    const [summaries, refundRows] = await Promise.all([
      summariesOf(this.db, ids),
      ids.length ? this.db.select({ orderId: refunds.orderId, status: refunds.status }).from(refunds).where(inArray(refunds.orderId, ids)) : Promise.resolve([]),
    ]);
    const positions = await voucherPositions(
      this.db,
      [...summaries.values()].map((order) => ({ id: order.id, status: order.status, gameAccountId: order.role?.gameAccountId ?? null })),
    );
    const rows = picked.flatMap((request) => {
      const order = summaries.get(request.orderId);
      if (!order) return [];
      const underWay = refundRows.some((refund) => refund.orderId === order.id && refund.status !== 'failed');
      return [
        {
          order,
          reason: request.reason,
          requestedAt: request.createdAt.toISOString(),
          refundable: refundableState(order) && !underWay,
          vouchers: positions.get(order.id) ?? { credited: 0, balance: null, spent: 0 },
        },
      ];
    });
    return { ...page, rows, ...counted, pageSize: paging.pageSize };
  }

  /** Second payments, oldest first: by status, or every one not refunded yet. */
  async secondPayments(status: DuplicatePaymentStatus | undefined, paging: Paging): Promise<SearchPage<Row<typeof ConsoleSecondPaymentRow>>> {
    const where = status ? eq(duplicatePayments.status, status) : ne(duplicatePayments.status, 'refunded');
    const [read, counted] = await Promise.all([
      this.db
        .select({
          id: duplicatePayments.id,
          at: cursorTime(sql`${duplicatePayments.createdAt}`),
          payment: duplicatePayments,
          orderSn: orders.orderSn,
          orderStatus: orders.status,
          userId: orders.userId,
          playerEmail: users.email,
        })
        .from(duplicatePayments)
        .innerJoin(orders, eq(orders.id, duplicatePayments.orderId))
        .leftJoin(users, eq(users.id, orders.userId))
        .where(and(where, afterCursor(SECOND_PAYMENTS, paging.cursor)))
        .orderBy(...readingOrder(SECOND_PAYMENTS, paging.cursor))
        .limit(paging.pageSize + 1),
      cappedCount(this.db, sql`SELECT 1 FROM ${duplicatePayments} WHERE ${where}`),
    ]);
    const page = pageOf(read, paging.pageSize, paging.cursor, (row) => row);
    const rows = page.rows.map(({ payment, orderSn, orderStatus, userId, playerEmail }) => ({ ...duplicatePaymentView({ payment, orderSn }), userId, playerEmail, orderStatus }));
    return { ...page, rows, ...counted, pageSize: paging.pageSize };
  }

  /**
   * What waits for reconciliation (modules/payments/reconciliation.ts, refund-reconciliation.ts): orders holding a
   * provider session that are unpaid past their payment time or whose payment the provider has not confirmed (1), and
   * refunds asked for and not confirmed. Written literally as `status IN (0, 1)` so the partial index orders_user_open_idx
   * serves it.
   */
  private waiting() {
    return sql`
      SELECT o.id AS order_id, CASE WHEN o.status = 1 THEN 'paymentProcessing' ELSE 'unpaidPastExpiry' END AS reason,
             CASE WHEN o.status = 1 THEN o.updated_at ELSE o.expires_at END AS since,
             o.created_at AS created_at, NULL::bigint AS refund_id, NULL::text AS refund_provider, NULL::timestamptz AS refund_updated_at
        FROM orders o
       WHERE o.status IN (0, 1) AND o.third_channel_name IS NOT NULL AND (o.status = 1 OR o.expires_at < now())
      UNION ALL
      SELECT r.order_id, 'refundPending', r.created_at, r.created_at, r.id, r.provider, r.updated_at
        FROM refunds r
       WHERE r.status = 'pending'`;
  }

  private async reconciliationCount(): Promise<number> {
    const [counted] = await rows(this.db, typed<{ n: Numeric }>(sql`SELECT count(*) AS n FROM (${this.waiting()}) AS waiting`));
    return Number(counted?.n ?? 0);
  }

  async reconciliationQueue(paging: Paging): Promise<z.infer<(typeof consoleReconciliationQueue)['data']>> {
    const config = this.reconciliation;
    const after = afterCursor(RECONCILIATION, paging.cursor);
    const [picked, counted, [sweep]] = await Promise.all([
      rows(
        this.db,
        typed<ReconciliationRow>(sql`
        SELECT *, ${cursorTime(sql`since`)} AS at FROM (${this.waiting()}) AS waiting
         ${after ? sql`WHERE ${after}` : sql``}
         ORDER BY ${sql.join(readingOrder(RECONCILIATION, paging.cursor), sql`, `)}
         LIMIT ${paging.pageSize + 1}`),
      ),
      cappedCount(this.db, sql`SELECT 1 FROM (${this.waiting()}) AS waiting`),
      this.db
        .select({ runAt: sql<Date | string | null>`min(${jobs.runAt})` })
        .from(jobs)
        .where(and(eq(jobs.kind, RECONCILE_SWEEP_JOB), isNull(jobs.doneAt), isNull(jobs.failedAt))),
    ]);
    const page = pageOf(
      picked,
      paging.pageSize,
      paging.cursor,
      (row) => ({ at: row.at, id: Number(row.order_id) }),
    );
    const waiting = page.rows.map((row) => ({
      orderId: Number(row.order_id),
      reason: row.reason,
      since: iso(row.since),
      createdAt: new Date(row.created_at).getTime(),
      refundId: row.refund_id === null ? null : Number(row.refund_id),
      refundProvider: row.refund_provider,
      refundUpdatedAt: row.refund_updated_at === null ? null : new Date(row.refund_updated_at).getTime(),
    }));
    const ids = waiting.map((row) => row.orderId);
    const refundIds = waiting.flatMap((row) => (row.refundId === null ? [] : [String(row.refundId)]));
    const [summaries, orderJobs, refundJobs] = await Promise.all([
      summariesOf(this.db, ids),
      ids.length ? jobsOfOrders(this.db, [RECONCILE_ORDER_JOB], ids) : Promise.resolve([]),
      refundIds.length
        ? this.db
            .select()
            .from(jobs)
            .where(and(eq(jobs.kind, RECONCILE_REFUND_JOB), sql`${jobs.payload}->>'kind' = 'order'`, inArray(sql`(${jobs.payload}->>'id')`, refundIds)))
            .orderBy(asc(jobs.id))
        : Promise.resolve([]),
    ]);
    const now = this.now();
    const nextSweepAt = sweep?.runAt ? new Date(sweep.runAt).getTime() : null;
    /** The first sweep at or after `at` (sweeps run at the start of each interval bucket). */
    const sweepAtOrAfter = (at: number) => {
      const bucketStart = Math.ceil(at / config.intervalMs) * config.intervalMs;
      return nextSweepAt === null ? bucketStart : Math.max(nextSweepAt, bucketStart);
    };
    const entries = waiting.flatMap((row) => {
      const order = summaries.get(row.orderId);
      if (!order) return [];
      const own =
        row.refundId === null
          ? orderJobs.filter((job) => Number(job.payload['orderId']) === row.orderId)
          : refundJobs.filter((job) => Number(job.payload['id']) === row.refundId);
      const queued = own.find((job) => job.doneAt === null && job.failedAt === null);
      const finished = own.filter((job) => job.doneAt !== null || job.failedAt !== null).at(-1);
      const lastCheck = finished?.doneAt ?? finished?.failedAt ?? null;
      const lastError = queued?.lastError ?? finished?.lastError ?? null;
      let nextStep: Row<typeof ConsoleReconciliationRow>['nextStep'];
      let nextAt: number | null = null;
      if (row.refundId === null) {
        nextStep = 'askPayment';
        if (queued) nextAt = queued.runAt.getTime();
        else if (row.createdAt <= now - config.lookbackMs) nextStep = 'operatorDecides';
        else nextAt = sweepAtOrAfter(Math.max(now, row.createdAt + config.minAgeMs));
      } else if (!this.providers.find(row.refundProvider)?.queryRefund) {
        // A provider that cannot be asked about a refund (PayerMax, in what we build to): its notification completes it.
        nextStep = 'awaitNotification';
      } else {
        nextStep = 'askRefund';
        const asked = row.refundUpdatedAt ?? now;
        if (queued) nextAt = queued.runAt.getTime();
        else if (row.since && Date.parse(row.since) <= now - config.lookbackMs) nextStep = 'operatorDecides';
        else nextAt = sweepAtOrAfter(Math.max(now, asked + config.minAgeMs));
      }
      return [
        {
          order,
          reason: row.reason,
          since: row.since ?? order.createdAt,
          nextStep,
          nextAt: nextAt === null ? null : new Date(nextAt).toISOString(),
          lastCheckAt: iso(lastCheck),
          lastError,
        },
      ];
    });
    return {
      ...page,
      rows: entries,
      ...counted,
      pageSize: paging.pageSize,
      nextSweepAt: nextSweepAt === null ? null : new Date(nextSweepAt).toISOString(),
      intervalSeconds: Math.round(config.intervalMs / 1000),
      minAgeSeconds: Math.round(config.minAgeMs / 1000),
      lookbackHours: Math.round(config.lookbackMs / 3_600_000),
    };
  }
}
