import { and, asc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ReconciliationConfig } from '../../config.ts';
import type { Db, Executor } from '../../db/client.ts';
import { duplicatePayments, jobs as jobsTable, orders, refunds } from '../../db/schema.ts';
import type { JobHandler } from '../../jobs/outbox.ts';
import type { RefundSubject } from './payment-provider.ts';
import type { PaymentProviders } from './provider-registry.ts';
import type { SettleOutcome, SettlementService } from './settlement.ts';

export const RECONCILE_REFUND_JOB = 'payments.reconcile-refund';

/** An order's refund (`refunds`) or a second payment's (`duplicate_payments`). */
type RefundKind = 'order' | 'duplicate';

/** Where each kind's rotation over pending refunds goes on: the last id the previous sweep asked about (0: the start). */
export interface RefundCursors {
  refund: number;
  duplicate: number;
}

/** What the provider told us about one refund. */
export type RefundReconcileOutcome = SettleOutcome | 'pending' | 'failed' | 'skipped';

interface PendingRefund {
  kind: RefundKind;
  id: number;
  orderId: number;
  orderSn: string;
  provider: string;
  providerRefundId: string | null;
  /** The provider payment refunded: a second payment's id; for an order's refund, none (the order's own payment). */
  paymentId: string | null;
}

/**
 * Refunds we asked a provider for whose confirmation never arrived (webhooks lost, a PayPal refund answered PENDING):
 * the provider is asked again and its answer goes through the same settlement as the webhooks, under the same event
 * keys, so the refund completes once whichever path reports it. PayPal is asked for the refund
 * (`GET /v2/payments/refunds/{id}`), Xsolla for the transaction (`refunded`). PayerMax documents no refund query in what
 * we build to (PAYMENTS.md), so its refunds wait for the REFUND notification, which PayerMax resends for 12 hours; one
 * still pending after that stays visible to operators (`refunds.status`, `duplicate_payments.status`).
 */
export class RefundReconciliation {
  constructor(
    private readonly db: Db,
    private readonly settlement: SettlementService,
    private readonly providers: PaymentProviders,
    private readonly config: ReconciliationConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  handler(): JobHandler {
    return {
      run: async (payload) => void (await this.reconcile(payload['kind'] as RefundKind, Number(payload['id']))),
      maxAttempts: 3,
    };
  }

  /**
   * Writes one job per refund still waiting for its confirmation (called by the reconciliation sweep, in its transaction,
   * after it claimed `bucket`): at most `batch` of each kind, rotating by id from where the previous sweep stopped
   * (`after`), so every pending refund is asked however many there are. Returns where the next sweep starts.
   */
  async enqueuePending(tx: Executor, bucket: number, now: number, after: RefundCursors): Promise<RefundCursors> {
    const settled = new Date(now - this.config.minAgeMs);
    const since = new Date(now - this.config.lookbackMs);
    const { batch } = this.config;
    const orderRefunds = await rotation(tx, refunds, and(eq(refunds.status, 'pending'), lt(refunds.updatedAt, settled), gt(refunds.createdAt, since)), after.refund, batch);
    const duplicateRefunds = await rotation(
      tx,
      duplicatePayments,
      and(eq(duplicatePayments.status, 'refund_pending'), lt(duplicatePayments.updatedAt, settled), gt(duplicatePayments.createdAt, since)),
      after.duplicate,
      batch,
    );
    const jobs = [
      ...orderRefunds.map((id) => ({ kind: 'order' as const, id })),
      ...duplicateRefunds.map((id) => ({ kind: 'duplicate' as const, id })),
    ];
    if (jobs.length) {
      await tx
        .insert(jobsTable)
        .values(jobs.map((job) => ({ kind: RECONCILE_REFUND_JOB, payload: job, dedupeKey: `reconcile-refund:${job.kind}:${job.id}:${bucket}`, maxAttempts: 3 })))
        .onConflictDoNothing();
    }
    return { refund: orderRefunds.at(-1) ?? 0, duplicate: duplicateRefunds.at(-1) ?? 0 };
  }

  /** Asks the provider about one pending refund. Provider failures throw (the job is retried). */
  async reconcile(kind: RefundKind, id: number): Promise<RefundReconcileOutcome> {
    const refund = await this.pending(kind, id);
    if (!refund) return 'skipped';
    const outcome = await this.ask(refund);
    if (outcome !== 'pending' && outcome !== 'skipped') this.log.info({ kind, id, orderSn: refund.orderSn, outcome }, 'refund reconciled with the provider');
    return outcome;
  }

  private async pending(kind: RefundKind, id: number): Promise<PendingRefund | undefined> {
    if (kind === 'order') {
      const [row] = await this.db
        .select({ id: refunds.id, orderId: refunds.orderId, orderSn: orders.orderSn, provider: refunds.provider, providerRefundId: refunds.providerRefundId })
        .from(refunds)
        .innerJoin(orders, eq(orders.id, refunds.orderId))
        .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')));
      return row && { kind, ...row, paymentId: null };
    }
    const [row] = await this.db
      .select({
        id: duplicatePayments.id,
        orderId: duplicatePayments.orderId,
        orderSn: orders.orderSn,
        provider: duplicatePayments.provider,
        providerRefundId: duplicatePayments.providerRefundId,
        paymentId: duplicatePayments.paymentId,
      })
      .from(duplicatePayments)
      .innerJoin(orders, eq(orders.id, duplicatePayments.orderId))
      .where(and(eq(duplicatePayments.id, id), eq(duplicatePayments.status, 'refund_pending')));
    return row && { kind, ...row };
  }

  /** Asks the refund's provider; what it reports goes through the settlement under the same keys as its webhooks. */
  private async ask(refund: PendingRefund): Promise<RefundReconcileOutcome> {
    const provider = this.providers.find(refund.provider);
    if (!provider?.queryRefund) return 'skipped';
    const subject: RefundSubject = refund.kind === 'order' ? { kind: 'order', orderSn: refund.orderSn } : { kind: 'second-payment', id: refund.id };
    const answer = await provider.queryRefund({ subject, orderId: refund.orderId, orderSn: refund.orderSn, refundId: refund.providerRefundId, paymentId: refund.paymentId });
    if (answer === 'pending') return 'pending';
    if (answer.some((fact) => fact.kind === 'refund-failed')) {
      await this.settlement.applyAll(provider.name, answer);
      return 'failed';
    }
    return (await this.settlement.applyAll(provider.name, answer)) ?? 'pending';
  }
}

/**
 * Up to `limit` ids of the rows `where` selects, in id order after `cursor` and then from the start again: sweep after
 * sweep (each starting at the last id the previous one took) every row gets its turn.
 */
async function rotation(tx: Executor, table: typeof refunds | typeof duplicatePayments, where: SQL | undefined, cursor: number, limit: number): Promise<number[]> {
  const picked = await tx
    .select({ id: table.id })
    .from(table)
    .where(where)
    .orderBy(sql`${table.id} <= ${cursor}`, asc(table.id))
    .limit(limit);
  return picked.map((row) => row.id);
}
