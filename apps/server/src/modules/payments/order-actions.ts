import { eq } from 'drizzle-orm';
import type { DuplicatePaymentView, RefundView } from '@shop/contract/ops';
import { OrderStatus } from '@shop/contract/orders.schema';
import type { Db, Executor } from '../../db/client.ts';
import { duplicatePayments, orders, refundRequests } from '../../db/schema.ts';
import type { StateChange } from '../../shared/audit.ts';
import { notFound, conflict } from '../../shared/domain-errors.ts';
import type { DeliveryService } from '../fulfilment/delivery.service.ts';
import type { DuplicatePaymentsService } from './duplicate-payments.ts';
import type { ProviderRefundService, RefundRequestOptions } from './provider-refunds.ts';

/** The audit log's entity types of an order and of its second payment. */
export const ORDER_ENTITY = 'order';
export const SECOND_PAYMENT_ENTITY = 'secondPayment';

/** A refund's options as asked (the ones given), for the provider and for the audit entry of the request. */
export function refundRequestOf(options: { reason?: string | undefined; allowUnrecoveredVouchers?: boolean | undefined }): RefundRequestOptions {
  return {
    ...(options.reason !== undefined ? { reason: options.reason } : {}),
    ...(options.allowUnrecoveredVouchers !== undefined ? { allowUnrecoveredVouchers: options.allowUnrecoveredVouchers } : {}),
  };
}

/** The shop's refund requests, as far as an operator answers them (the shop keeps them: a port, not a dependency). */
export interface RefundRequestAnswers {
  rejectRefundRequest(orderId: number, executor: Executor): Promise<void>;
}

/**
 * The operators' actions on orders: refund an order or a second payment through its provider, retry a delivery,
 * reject a player's refund request. The console (a signed-in operator) and the machine routes (the ops token) are two
 * doors onto them; their routes declare the audit. Our own changes run in the caller's transaction and answer the
 * state before and after; a refund through a provider cannot be one transaction with the provider's answer, so its
 * state is read before (`*State`) and the refund asked after.
 */
export class OrderActions {
  constructor(
    private readonly db: Db,
    private readonly providerRefunds: Pick<ProviderRefundService, 'refund' | 'view'>,
    private readonly duplicates: Pick<DuplicatePaymentsService, 'refund'>,
    private readonly delivery: Pick<DeliveryService, 'retry'>,
    private readonly refundRequestAnswers: RefundRequestAnswers,
  ) {}

  /** An order's state before a refund: its number, status and refund so far. */
  async refundState(orderId: number) {
    const [order] = await this.db.select({ id: orders.id, status: orders.status, orderSn: orders.orderSn }).from(orders).where(eq(orders.id, orderId));
    if (!order) throw notFound('orderNotFound');
    return { orderSn: order.orderSn, status: order.status, refund: (await this.providerRefunds.view(orderId)) ?? null };
  }

  refund(orderId: number, request: RefundRequestOptions): Promise<RefundView> {
    return this.providerRefunds.refund(orderId, request);
  }

  async retryDelivery(tx: Executor, orderId: number): Promise<{ orderId: number; status: number } & StateChange> {
    const [order] = await tx.select({ id: orders.id, status: orders.status, orderSn: orders.orderSn }).from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound('orderNotFound');
    if (order.status !== OrderStatus.DELIVERY_ERROR) throw conflict('orderNotRetryable');
    await this.delivery.retry(tx, order.id);
    return {
      orderId: order.id,
      status: order.status,
      before: { orderSn: order.orderSn, status: order.status },
      after: { orderSn: order.orderSn, status: order.status, deliveryQueued: true },
    };
  }

  /** Rejects the player's open refund request; answers the order's number and the player's reason (for the audit). */
  async rejectRefundRequest(tx: Executor, orderId: number): Promise<{ orderSn: string; reason: string | null }> {
    const [order] = await tx.select({ id: orders.id, orderSn: orders.orderSn }).from(orders).where(eq(orders.id, orderId));
    if (!order) throw notFound('orderNotFound');
    const [request] = await tx.select().from(refundRequests).where(eq(refundRequests.orderId, orderId)).for('update');
    if (request?.status !== 'requested') throw notFound('refundRequestNotOpen');
    await this.refundRequestAnswers.rejectRefundRequest(orderId, tx);
    return { orderSn: order.orderSn, reason: request.reason };
  }

  /** A second payment's state before its refund. */
  async secondPaymentState(id: number) {
    const [payment] = await this.db.select().from(duplicatePayments).where(eq(duplicatePayments.id, id));
    if (!payment) throw notFound('secondPaymentNotFound');
    return { orderId: payment.orderId, provider: payment.provider, paymentId: payment.paymentId, status: payment.status, amountMinor: payment.amountMinor, currency: payment.currency };
  }

  refundSecondPayment(id: number, reason?: string): Promise<DuplicatePaymentView> {
    return reason !== undefined ? this.duplicates.refund(id, reason) : this.duplicates.refund(id);
  }
}
