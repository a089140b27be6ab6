import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { OrderStatus } from '@shop/contract/orders.schema';
import type { ReconciliationConfig } from '../../config.ts';
import type { Db, Executor } from '../../db/client.ts';
import { orders, reconciliationSweeps, supersededPaymentSessions } from '../../db/schema.ts';
import { enqueueJobs, type JobHandler } from '../../jobs/outbox.ts';
import { RecurringJob } from '../../jobs/recurring.ts';
import type { OrderRow } from '../orders/order-state-machine.ts';
import type { PaymentProviders } from './provider-registry.ts';
import type { RefundReconciliation } from './refund-reconciliation.ts';
import type { SettleOutcome, SettlementService } from './settlement.ts';
import { rows, typedSql } from '../../db/statement.ts';

export const RECONCILE_SWEEP_JOB = 'payments.reconcile-sweep';
export const RECONCILE_ORDER_JOB = 'payments.reconcile-order';

const S = OrderStatus;
/** Statuses in which the order's own session is asked: money may still arrive for it. */
const CANDIDATE_STATUSES: number[] = [S.AWAITING_PAYMENT, S.PAYMENT_PROCESSING, S.CLOSED, S.CANCELLED, S.TRANSACTION_FAILED];
/** Sweep claims kept (a week at the default interval); older ones are deleted by the sweep. */
const SWEEPS_KEPT = 2016;

/** What the provider told us about one order. */
export type ReconcileOutcome = SettleOutcome | 'unpaid' | 'skipped';

/**
 * Asks the providers about orders whose money may have moved without us hearing of it: unpaid (0) and processing (1)
 * past their minimum age, orders recently closed by expiry or the player's timer (4), cancelled (5) or failed (7), and
 * orders that left a payment session after a channel switch, since a webhook can be lost and a player can pay a page
 * they kept open. Whatever the provider reports paid goes through the same settlement as webhooks and the return page
 * (unique event keys: a fact counts once), so a paid order is credited or delivered and never lost.
 *
 * Who is asked when (ADR 0003, docs/adr/0003-reconciliation-at-scale.md): the candidates live in `reconciliation_schedule`, written by triggers when an order
 * closes or leaves a session and by the sweep for unpaid orders, so a sweep reads only what is due, whatever the
 * history. Each candidate is asked first `minAgeMs` after its window opens (closure, switch or creation), then again
 * each time its age has grown `backoff`-fold, until `lookbackMs`. A sweep asks at most `batch` orders: candidates never
 * asked yet first, newest first (a late payment is likeliest right after a closure), then repeat asks, most overdue
 * first; the asks of one interval are thereby bounded and every candidate moves up until it is asked.
 *
 * Scheduling, safe with any number of instances: the sweep is a recurring job, one per interval bucket (dedupe key
 * `reconcile-sweep:<bucket>`, jobs/recurring.ts); the sweep claims its bucket (`reconciliation_sweeps`), so a bucket is
 * swept once even when two instances run it, and writes one job per order and bucket (`reconcile:<order>:<bucket>`);
 * the outbox claims them with SKIP LOCKED. A provider that times out or answers 5xx fails the job, which is retried,
 * and the candidate's next ask comes as scheduled.
 */
export class ReconciliationService {
  private readonly sweeps: RecurringJob;

  constructor(
    private readonly db: Db,
    private readonly settlement: SettlementService,
    private readonly providers: PaymentProviders,
    private readonly refunds: RefundReconciliation,
    private readonly config: ReconciliationConfig,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {
    this.sweeps = new RecurringJob(RECONCILE_SWEEP_JOB, 'reconcile-sweep', config.intervalMs, now);
  }

  /** Makes sure the current bucket's sweep exists (every instance calls this at start; the dedupe key keeps one). */
  async schedule(): Promise<void> {
    await this.sweeps.schedule(this.db);
  }

  sweepHandler(): JobHandler {
    return this.sweeps.handler(this.db, (bucket) => this.sweep(bucket));
  }

  orderHandler(): JobHandler {
    return { run: async (payload) => void (await this.reconcileOrder(Number(payload['orderId']))), maxAttempts: 3 };
  }

  /**
   * Enqueues a job for each order due to be asked (at most `batch`) and for refunds still waiting for their
   * confirmation, then the next bucket's sweep. Returns the orders enqueued: none when the bucket was swept already.
   */
  async sweep(bucket: number = this.sweeps.bucket()): Promise<number> {
    const now = this.now();
    return this.db.transaction(async (tx) => {
      // Claiming the bucket waits for another instance's claim of it to commit, and then finds it taken.
      const [claim] = await rows(tx, typedSql<{ claimed: number | string; refund_cursor: number | string | null; duplicate_cursor: number | string | null }>()`
          WITH pruned AS (DELETE FROM reconciliation_sweeps WHERE bucket < ${bucket - SWEEPS_KEPT}),
               claimed AS (INSERT INTO reconciliation_sweeps (bucket) VALUES (${bucket}) ON CONFLICT DO NOTHING RETURNING bucket)
          SELECT (SELECT count(*) FROM claimed) AS claimed, previous.refund_cursor, previous.duplicate_cursor
            FROM (SELECT 1) AS one
            LEFT JOIN LATERAL (SELECT refund_cursor, duplicate_cursor FROM reconciliation_sweeps WHERE bucket < ${bucket} ORDER BY bucket DESC LIMIT 1) AS previous ON true`);
      if (!Number(claim?.claimed)) return 0;
      const asked = await this.askDueOrders(tx, bucket, now);
      const cursors = await this.refunds.enqueuePending(tx, bucket, now, {
        refund: Number(claim!.refund_cursor ?? 0),
        duplicate: Number(claim!.duplicate_cursor ?? 0),
      });
      await tx
        .update(reconciliationSweeps)
        .set({ ordersAsked: asked, refundCursor: cursors.refund, duplicateCursor: cursors.duplicate })
        .where(eq(reconciliationSweeps.bucket, bucket));
      await this.sweeps.scheduleAfter(tx, bucket);
      return asked;
    });
  }

  /**
   * The schedule's work for one sweep: candidates whose window has passed leave, unpaid orders past their minimum age
   * join, and the due ones are asked (a job each) and given their next ask, or leave when no longer candidates.
   */
  private async askDueOrders(tx: Executor, bucket: number, now: number): Promise<number> {
    const { minAgeMs, lookbackMs, batch, intervalMs, backoff } = this.config;
    const at = new Date(now).toISOString();
    const firstDue = new Date(now - minAgeMs).toISOString();
    const windowStart = new Date(now - lookbackMs).toISOString();
    const [ended] = await rows(tx, typedSql<{ unasked: number | string }>()`
        WITH ended AS (DELETE FROM reconciliation_schedule WHERE since <= ${windowStart}::timestamptz RETURNING asks),
             joined AS (
               INSERT INTO reconciliation_schedule (order_id, since)
               SELECT id, created_at FROM orders
                WHERE status IN (${S.AWAITING_PAYMENT}, ${S.PAYMENT_PROCESSING}) AND third_channel_name IS NOT NULL
                  AND created_at > ${windowStart}::timestamptz AND created_at <= ${firstDue}::timestamptz
               ON CONFLICT (order_id) DO NOTHING)
        SELECT count(*) FILTER (WHERE asks = 0) AS unasked FROM ended`);
    if (Number(ended?.unasked ?? 0) > 0) {
      this.log.warn({ unasked: Number(ended!.unasked), batch }, 'reconciliation candidates left their window without being asked: raise RECONCILE_BATCH');
    }
    // Never asked (newest first), then asked before and due again (most overdue first); a candidate no longer (paid,
    // delivered, its left session past the window) leaves instead of being asked.
    const [result] = await rows(tx, typedSql<{ picked: number | string; asked: number | string }>()`
        WITH first AS (
               SELECT order_id FROM reconciliation_schedule WHERE asks = 0 AND since <= ${firstDue}::timestamptz
                ORDER BY since DESC LIMIT ${batch} FOR UPDATE SKIP LOCKED),
             again AS (
               SELECT order_id FROM reconciliation_schedule WHERE asks > 0 AND next_ask_at <= ${at}::timestamptz
                ORDER BY next_ask_at LIMIT ${batch} FOR UPDATE SKIP LOCKED),
             picked AS (
               SELECT order_id FROM first
               UNION ALL (SELECT order_id FROM again LIMIT greatest(0, ${batch} - (SELECT count(*) FROM first)))),
             due AS (
               SELECT picked.order_id,
                      (o.third_channel_name IS NOT NULL AND o.status IN (${sql.join(CANDIDATE_STATUSES.map((status) => sql`${status}`), sql`, `)}))
                      OR coalesce(left_session.at > ${windowStart}::timestamptz, false) AS candidate
                 FROM picked JOIN orders o ON o.id = picked.order_id
                 -- per order through its index (an EXISTS here becomes a scan of every left session ever)
                 LEFT JOIN LATERAL (SELECT max(p.created_at) AS at FROM superseded_payment_sessions p WHERE p.order_id = picked.order_id) AS left_session ON true),
             dropped AS (DELETE FROM reconciliation_schedule s USING due WHERE s.order_id = due.order_id AND NOT due.candidate),
             asked AS (
               UPDATE reconciliation_schedule s
                  SET asks = s.asks + 1,
                      next_ask_at = greatest(${at}::timestamptz + make_interval(secs => ${intervalMs / 1000}),
                                             s.since + (${at}::timestamptz - s.since) * ${backoff}::float8)
                 FROM due WHERE s.order_id = due.order_id AND due.candidate
               RETURNING s.order_id),
             enqueued AS (${enqueueJobs(
               {
                 kind: RECONCILE_ORDER_JOB,
                 payload: sql`jsonb_build_object('orderId', order_id)`,
                 dedupeKey: sql`'reconcile:' || order_id || ':' || ${bucket}::bigint`,
                 runAt: sql`now()`,
                 maxAttempts: 3,
               },
               sql`asked`,
             )})
        SELECT (SELECT count(*) FROM picked) AS picked, (SELECT count(*) FROM asked) AS asked`);
    if (Number(result?.picked) === batch) await this.warnIfBehind(tx, firstDue, at);
    return Number(result?.asked ?? 0);
  }

  /** After a full batch: logs the asks left for later sweeps, if any (the budget, RECONCILE_BATCH, is too small). */
  private async warnIfBehind(tx: Executor, firstDue: string, at: string): Promise<void> {
    const [left] = await rows(tx, typedSql<{ unasked_since: Date | string | null; overdue_since: Date | string | null }>()`
        SELECT (SELECT min(since) FROM reconciliation_schedule WHERE asks = 0 AND since <= ${firstDue}::timestamptz) AS unasked_since,
               (SELECT min(next_ask_at) FROM reconciliation_schedule WHERE asks > 0 AND next_ask_at <= ${at}::timestamptz) AS overdue_since`);
    if (left?.unasked_since || left?.overdue_since) {
      this.log.warn(
        { batch: this.config.batch, neverAskedSince: left.unasked_since, overdueSince: left.overdue_since },
        'reconciliation is behind: more candidates are due than one sweep asks',
      );
    }
  }

  /**
   * Asks the order's provider, and the providers of sessions the order left after a channel switch, and settles what
   * they report. The current session goes first: it may settle the order, after which money found in a left session is
   * a second payment (recorded for a refund, never credited twice). Provider failures throw (the job is retried).
   */
  async reconcileOrder(orderId: number): Promise<ReconcileOutcome> {
    const [order] = await this.db.select().from(orders).where(eq(orders.id, orderId));
    if (!order) return 'skipped';
    const sessions = await this.sessionsToAsk(order);
    let outcome: ReconcileOutcome = sessions.length ? 'unpaid' : 'skipped';
    for (const session of sessions) {
      const answer = await this.ask(order, session);
      if (answer !== 'unpaid' && answer !== 'skipped') {
        this.log.info({ orderSn: order.orderSn, status: order.status, provider: session.provider, outcome: answer }, 'reconciled with the provider');
        if (outcome === 'unpaid') outcome = answer;
      }
    }
    return outcome;
  }

  /** The sessions to ask about an order: its own while it is unpaid (or closed recently), then those it left. */
  private async sessionsToAsk(order: OrderRow): Promise<PaymentSession[]> {
    const left = await this.db
      .select({ provider: supersededPaymentSessions.provider, thirdOrderId: supersededPaymentSessions.thirdOrderId })
      .from(supersededPaymentSessions)
      .where(eq(supersededPaymentSessions.orderId, order.id));
    const sessions: PaymentSession[] = [];
    const seen = new Set<string>();
    // A provider asked by our order number answers for every session at once; one asked per session, per session.
    const key = (session: PaymentSession) =>
      this.providers.find(session.provider)?.queryScope === 'session' ? `${session.provider}:${session.thirdOrderId}` : session.provider;
    const own = { provider: order.thirdChannelName ?? '', thirdOrderId: order.thirdOrderId };
    // A paid order's own session is not asked again: its payment is settled.
    if (order.thirdChannelName) seen.add(key(own));
    if (order.thirdChannelName && CANDIDATE_STATUSES.includes(order.status)) sessions.push(own);
    for (const session of left) {
      if (seen.has(key(session))) continue;
      seen.add(key(session));
      sessions.push(session);
    }
    return sessions;
  }

  /**
   * What the session's provider knows, settled like its webhooks. An approval it reports is captured by the settlement
   * only if it is still the order's own session and the order waits for the money; one the player left lapses uncharged.
   */
  private async ask(order: OrderRow, session: PaymentSession): Promise<ReconcileOutcome> {
    const provider = this.providers.find(session.provider);
    if (!provider) return 'skipped';
    if (provider.queryScope === 'session' && !session.thirdOrderId) return 'skipped';
    const facts = await provider.query({ orderId: order.id, orderSn: order.orderSn, sessionId: session.thirdOrderId });
    const outcome = await this.settlement.applyAll(provider.name, facts);
    // An approval that was not captured (the order is closed, or the session left) moved no money.
    if (outcome === undefined || (outcome === 'unchanged' && facts.every((fact) => fact.kind === 'approved'))) return 'unpaid';
    return outcome;
  }
}

/** A payment session of an order: the one it has now, or one it left when the player switched channels. */
interface PaymentSession {
  provider: string;
  thirdOrderId: string | null;
}
