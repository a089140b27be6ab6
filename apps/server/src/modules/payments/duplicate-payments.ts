import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DuplicatePaymentView } from '@shop/contract/ops';
import type { Db } from '../../db/client.ts';
import { duplicatePayments, orders, type DuplicatePaymentStatus } from '../../db/schema.ts';
import { notFound, upstreamFailed } from '../../shared/domain-errors.ts';
import type { PaymentProviders } from './provider-registry.ts';
import { ProviderError } from './provider-error.ts';
import type { SettlementService } from './settlement.ts';

/**
 * Second payments (settlement records them in `duplicate_payments`): listed for operators and refunded through the
 * provider that took them. The order they duplicated keeps its status; the provider's confirmation of the refund (PayPal's
 * answer or its REFUNDED webhook naming the capture, Xsolla's refund webhook naming the transaction, PayerMax's REFUND
 * notification for an order another provider paid) marks the row refunded through the one settlement.
 * Lock step: the row is claimed with one conditional update (open or refund_failed -> refund_pending), so two operators
 * cannot start two provider refunds; the provider's idempotency keys cover a retry after a timeout.
 */
export class DuplicatePaymentsService {
  constructor(
    private readonly db: Db,
    private readonly providers: PaymentProviders,
    private readonly settlement: SettlementService,
    private readonly log: FastifyBaseLogger,
  ) {}

  async list(status: DuplicatePaymentStatus | undefined, limit: number): Promise<DuplicatePaymentView[]> {
    const rows = await this.rows()
      .where(status ? eq(duplicatePayments.status, status) : ne(duplicatePayments.status, 'refunded'))
      .orderBy(asc(duplicatePayments.createdAt))
      .limit(limit);
    return rows.map(duplicatePaymentView);
  }

  async refund(id: number, reason = 'Duplicate payment'): Promise<DuplicatePaymentView> {
    const [claimed] = await this.db
      .update(duplicatePayments)
      .set({ status: 'refund_pending', lastError: null, updatedAt: sql`now()` })
      .where(and(eq(duplicatePayments.id, id), inArray(duplicatePayments.status, ['open', 'refund_failed'])))
      .returning();
    if (!claimed) return this.view(id);
    const [order] = await this.db.select({ orderSn: orders.orderSn }).from(orders).where(eq(orders.id, claimed.orderId));
    try {
      await this.askProvider(claimed, order!.orderSn, reason);
    } catch (error) {
      await this.settlement.refundFailed({ kind: 'second-payment', id }, error instanceof Error ? error.message : String(error));
      this.log.warn({ err: error, duplicatePaymentId: id }, 'refund of a second payment failed');
      if (error instanceof ProviderError) throw upstreamFailed('refundProviderError');
      throw error;
    }
    return this.view(id);
  }

  private async view(id: number): Promise<DuplicatePaymentView> {
    const [row] = await this.rows().where(eq(duplicatePayments.id, id));
    if (!row) throw notFound('notFound');
    return duplicatePaymentView(row);
  }

  private rows() {
    return this.db
      .select({ payment: duplicatePayments, orderSn: orders.orderSn })
      .from(duplicatePayments)
      .innerJoin(orders, eq(orders.id, duplicatePayments.orderId))
      .$dynamic();
  }

  /** Asks the provider that took the second payment to refund it; one that confirms at once is settled now. */
  private async askProvider(payment: typeof duplicatePayments.$inferSelect, orderSn: string, reason: string): Promise<void> {
    const provider = this.providers.get(payment.provider);
    const started = await provider.refund({
      subject: { kind: 'second-payment', id: payment.id },
      orderSn,
      paymentId: payment.paymentId,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      reason,
    });
    if (started.refundId) {
      await this.db.update(duplicatePayments).set({ providerRefundId: started.refundId, updatedAt: sql`now()` }).where(eq(duplicatePayments.id, payment.id));
    }
    await this.settlement.applyAll(provider.name, started.facts);
  }
}

/** A second payment as operators see it (the machine API and the console's queue). */
export function duplicatePaymentView({ payment, orderSn }: { payment: typeof duplicatePayments.$inferSelect; orderSn: string }): DuplicatePaymentView {
  return {
    id: payment.id,
    orderId: payment.orderId,
    orderSn,
    provider: payment.provider,
    paymentId: payment.paymentId,
    amountMinor: payment.amountMinor,
    currency: payment.currency,
    status: payment.status,
    providerRefundId: payment.providerRefundId,
    lastError: payment.lastError,
    createdAt: payment.createdAt.toISOString(),
    refundedAt: payment.refundedAt?.toISOString() ?? null,
  };
}
