import { and, eq, gt, inArray, isNotNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { OrderStatus } from '@shop/contract/orders.schema';
import type { ReconciliationConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { orders, supersededPaymentSessions } from '../../db/schema.ts';
import { enqueue, type JobHandler } from '../../jobs/outbox.ts';
import { RecurringJob } from '../../jobs/recurring.ts';
import type { OrderRow } from '../orders/order-state-machine.ts';
import type { PaymentProviders } from './provider-registry.ts';
import type { RefundReconciliation } from './refund-reconciliation.ts';
import type { SettleOutcome, SettlementService } from './settlement.ts';

export const RECONCILE_SWEEP_JOB = 'payments.reconcile-sweep';
export const RECONCILE_ORDER_JOB = 'payments.reconcile-order';

const S = OrderStatus;


/** What the provider told us about one order. */
export type ReconcileOutcome = SettleOutcome | 'unpaid' | 'skipped';

/**
 * Asks the providers about orders whose money may have moved without us hearing of it: unpaid (0), processing (1),
 * and recently closed by expiry (4), cancelled (5) or failed (7), since a webhook can be lost and a player can pay a
 * page they kept open. Whatever the provider reports paid goes through the same settlement as webhooks and the return
 * page (unique event keys: a fact counts once), so a paid order is credited or delivered and never lost.
 *
 * Scheduling, safe with any number of instances: the sweep is a recurring job, one per interval bucket (dedupe key
 * `reconcile-sweep:<bucket>`, jobs/recurring.ts); it picks the candidates and writes one job per order and bucket
 * (`reconcile:<order>:<bucket>`); the outbox claims them with SKIP LOCKED. A provider that times out or answers 5xx fails the job, which is retried, and the next bucket asks again.
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
   * Enqueues a job per candidate order and per refund still waiting for its confirmation, then the next bucket's sweep.
   * Returns the number of orders enqueued.
   */
  async sweep(bucket: number = this.sweeps.bucket()): Promise<number> {
    const now = this.now();
    const candidates = await this.db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          isNotNull(orders.thirdChannelName),
          or(
            and(inArray(orders.status, [S.AWAITING_PAYMENT, S.PAYMENT_PROCESSING]), lt(orders.createdAt, new Date(now - this.config.minAgeMs))),
            and(inArray(orders.status, [S.CLOSED, S.CANCELLED, S.TRANSACTION_FAILED]), gt(orders.updatedAt, new Date(now - this.config.lookbackMs))),
            // an order that left a session after a channel switch, whatever its status: that session may be paid too
            inArray(
              orders.id,
              this.db
                .select({ orderId: supersededPaymentSessions.orderId })
                .from(supersededPaymentSessions)
                .where(gt(supersededPaymentSessions.createdAt, new Date(now - this.config.lookbackMs))),
            ),
          ),
          // processing orders stay candidates for the look-back period only, then an operator looks at them
          gt(orders.createdAt, new Date(now - this.config.lookbackMs)),
        ),
      )
      .orderBy(orders.updatedAt)
      .limit(this.config.batch);
    await this.db.transaction(async (tx) => {
      for (const { id } of candidates) {
        await enqueue(tx, { kind: RECONCILE_ORDER_JOB, payload: { orderId: id }, dedupeKey: `reconcile:${id}:${bucket}`, maxAttempts: 3 });
      }
      await this.refunds.enqueuePending(tx, bucket, now);
      await this.sweeps.scheduleAfter(tx, bucket);
    });
    return candidates.length;
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
    const open: number[] = [S.AWAITING_PAYMENT, S.PAYMENT_PROCESSING, S.CLOSED, S.CANCELLED, S.TRANSACTION_FAILED];
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
    if (order.thirdChannelName && open.includes(order.status)) sessions.push(own);
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
