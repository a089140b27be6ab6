import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DuplicatePaymentView } from '@shop/contract/ops';
import type { Db } from '../../db/client.ts';
import { duplicatePayments, orders, type DuplicatePaymentStatus } from '../../db/schema.ts';
import { notFound, upstreamFailed } from '../../shared/domain-errors.ts';
import type { PaymentClients } from './payment-gateway.ts';
import { settlePaypalRefund } from './paypal/paypal-settlement.ts';
import { ProviderError } from './provider-error.ts';
import type { SettlementService } from './settlement.ts';

/** PayerMax refund numbers of second payments start with this, so their REFUND notifications are told apart. */
export const DUPLICATE_REFUND_PREFIX = 'D';

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
    private readonly clients: PaymentClients,
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
      await this.markFailed(id, error instanceof Error ? error.message : String(error));
      this.log.warn({ err: error, duplicatePaymentId: id }, 'refund of a second payment failed');
      if (error instanceof ProviderError) throw upstreamFailed('refundProviderError');
      throw error;
    }
    return this.view(id);
  }

  /** The provider reported that a refund it was asked for failed (the operator may try again). */
  async markFailed(id: number, reason: string): Promise<void> {
    await this.db
      .update(duplicatePayments)
      .set({ status: 'refund_failed', lastError: reason, updatedAt: sql`now()` })
      .where(and(eq(duplicatePayments.id, id), eq(duplicatePayments.status, 'refund_pending')));
  }

  /** Which second payment a PayerMax refund number belongs to (`D<id>`), if it is one of ours. */
  static fromPayermaxRefundNo(outRefundNo: string): number | undefined {
    const match = new RegExp(`^${DUPLICATE_REFUND_PREFIX}(\\d+)$`).exec(outRefundNo);
    return match ? Number(match[1]) : undefined;
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

  private async askProvider(payment: typeof duplicatePayments.$inferSelect, orderSn: string, reason: string): Promise<void> {
    const setRefundId = (providerRefundId: string) =>
      this.db.update(duplicatePayments).set({ providerRefundId, updatedAt: sql`now()` }).where(eq(duplicatePayments.id, payment.id));
    switch (payment.provider) {
      case 'paypal': {
        const refund = await this.clients.paypal.refundCapture(payment.paymentId, `refund-duplicate-${payment.id}`);
        await setRefundId(refund.refundId);
        if (refund.status === 'COMPLETED') {
          await settlePaypalRefund(this.settlement, {
            orderId: payment.orderId,
            refundId: refund.refundId,
            amountMinor: payment.amountMinor,
            currency: payment.currency,
            captureId: payment.paymentId,
            eventType: 'refund.completed',
            payload: refund,
          });
        }
        return;
      }
      case 'xsolla':
        // Xsolla answers 204; its refund webhook, naming the transaction, completes it.
        await this.clients.xsolla.refund(payment.paymentId, reason);
        return;
      case 'payermax': {
        const answer = await this.clients.payermax.refund({
          outRefundNo: `${DUPLICATE_REFUND_PREFIX}${payment.id}`,
          outTradeNo: orderSn,
          amountMinor: payment.amountMinor,
          currency: payment.currency,
          comments: reason,
        });
        if (answer.refundTradeNo) await setRefundId(answer.refundTradeNo);
        return;
      }
      default:
        throw new Error(`second payment ${payment.id} has an unknown provider ${payment.provider}`);
    }
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
