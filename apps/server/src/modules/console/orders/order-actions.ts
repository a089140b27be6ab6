import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DuplicatePaymentView, RefundView } from '@shop/contract/ops';
import { OrderStatus } from '@shop/contract/orders.schema';
import type { ConsoleRefundRequest } from '@shop/contract/console/orders';
import { duplicatePayments, orders, refundRequests } from '../../../db/schema.ts';
import { DomainError, notFound, conflict } from '../../../shared/domain-errors.ts';
import type { Db } from '../../../db/client.ts';
import type { DeliveryService } from '../../fulfilment/delivery.service.ts';
import type { DuplicatePaymentsService } from '../../payments/duplicate-payments.ts';
import type { ProviderRefundService } from '../../payments/provider-refunds.ts';
import type { ShopOrdersService } from '../../shop/shop-orders.service.ts';
import { recordAudit, type Actor } from '../audit.ts';
import { ORDER_ENTITY, SECOND_PAYMENT_ENTITY, refundRequestView } from './order-detail.ts';

/** The audit log's actor of a machine call with the OPS_API_TOKEN (`/api/ops/v1/...`). */
export const opsActor = (request: FastifyRequest): Actor => ({ operatorId: null, name: 'ops-token', ip: request.ip });

interface ActionServices {
  db: Db;
  providerRefunds: ProviderRefundService;
  shopOrders: ShopOrdersService;
  delivery: DeliveryService;
  duplicatePayments: DuplicatePaymentsService;
}

/** What an audit entry keeps of a failure: the message key (and its numbers) or the error's text. */
function failureOf(error: unknown): Record<string, unknown> {
  if (error instanceof DomainError) return { kind: error.kind, error: error.messageKey, ...(error.params ? { params: error.params } : {}) };
  return { kind: 'unexpected', error: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500) };
}

/**
 * The operators' actions on orders, shared by the console (a signed-in operator) and the machine routes (the ops token),
 * each written to the audit log:
 * - changes that are ours alone (retry a delivery, reject a refund request) write their entry in the same transaction;
 * - a refund through a provider cannot be one transaction with the provider's answer: the request is audited before the
 *   provider is asked (`*.refund.request`) and the result after (`*.refund.result`: the refund's state, or why it was
 *   refused or failed), so an entry exists even when the process dies in between.
 */
export class OrderActions {
  constructor(private readonly services: ActionServices) {}

  async refund(actor: Actor, orderId: number, options: { reason?: string | undefined; allowUnrecoveredVouchers?: boolean | undefined }): Promise<RefundView> {
    const { db, providerRefunds } = this.services;
    const [order] = await db.select({ id: orders.id, status: orders.status, orderSn: orders.orderSn }).from(orders).where(eq(orders.id, orderId));
    if (!order) throw notFound('orderNotFound');
    const request = {
      ...(options.reason !== undefined ? { reason: options.reason } : {}),
      ...(options.allowUnrecoveredVouchers !== undefined ? { allowUnrecoveredVouchers: options.allowUnrecoveredVouchers } : {}),
    };
    const before = { orderSn: order.orderSn, status: order.status, refund: (await providerRefunds.view(orderId)) ?? null };
    await recordAudit(db, actor, { action: 'order.refund.request', entityType: ORDER_ENTITY, entityId: orderId, before, after: request });
    try {
      const refund = await providerRefunds.refund(orderId, request);
      await recordAudit(db, actor, { action: 'order.refund.result', entityType: ORDER_ENTITY, entityId: orderId, before, after: { outcome: refund.status, refund } });
      return refund;
    } catch (error) {
      await recordAudit(db, actor, { action: 'order.refund.result', entityType: ORDER_ENTITY, entityId: orderId, before, after: { outcome: 'refused', ...failureOf(error) } });
      throw error;
    }
  }

  async retryDelivery(actor: Actor, orderId: number): Promise<{ orderId: number; status: number }> {
    const { db, delivery } = this.services;
    return db.transaction(async (tx) => {
      const [order] = await tx.select({ id: orders.id, status: orders.status, orderSn: orders.orderSn }).from(orders).where(eq(orders.id, orderId)).for('update');
      if (!order) throw notFound('orderNotFound');
      if (order.status !== OrderStatus.DELIVERY_ERROR) throw conflict('orderNotRetryable');
      await delivery.retry(tx, order.id);
      await recordAudit(tx, actor, {
        action: 'order.retryDelivery',
        entityType: ORDER_ENTITY,
        entityId: order.id,
        before: { orderSn: order.orderSn, status: order.status },
        after: { orderSn: order.orderSn, status: order.status, deliveryQueued: true },
      });
      return { orderId: order.id, status: order.status };
    });
  }

  /** Rejects the player's open refund request; `answer` is the operator's reason (kept in the audit entry). */
  async rejectRefundRequest(actor: Actor, orderId: number, answer?: string): Promise<ConsoleRefundRequest> {
    const { db, shopOrders } = this.services;
    return db.transaction(async (tx) => {
      const [order] = await tx.select({ id: orders.id, orderSn: orders.orderSn }).from(orders).where(eq(orders.id, orderId));
      if (!order) throw notFound('orderNotFound');
      const [request] = await tx.select().from(refundRequests).where(eq(refundRequests.orderId, orderId)).for('update');
      if (request?.status !== 'requested') throw notFound('refundRequestNotOpen');
      await shopOrders.rejectRefundRequest(orderId, tx);
      await recordAudit(tx, actor, {
        action: 'order.refundRequest.reject',
        entityType: ORDER_ENTITY,
        entityId: orderId,
        before: { orderSn: order.orderSn, status: 'requested', reason: request.reason },
        after: { orderSn: order.orderSn, status: 'rejected', answer: answer ?? null },
      });
      return (await refundRequestView(tx, orderId))!;
    });
  }

  async refundSecondPayment(actor: Actor, id: number, reason?: string): Promise<DuplicatePaymentView> {
    const { db, duplicatePayments: service } = this.services;
    const [payment] = await db.select().from(duplicatePayments).where(eq(duplicatePayments.id, id));
    if (!payment) throw notFound('secondPaymentNotFound');
    const before = { orderId: payment.orderId, provider: payment.provider, paymentId: payment.paymentId, status: payment.status, amountMinor: payment.amountMinor, currency: payment.currency };
    await recordAudit(db, actor, { action: 'secondPayment.refund.request', entityType: SECOND_PAYMENT_ENTITY, entityId: id, before, after: { reason: reason ?? null } });
    try {
      const view = await (reason !== undefined ? service.refund(id, reason) : service.refund(id));
      await recordAudit(db, actor, { action: 'secondPayment.refund.result', entityType: SECOND_PAYMENT_ENTITY, entityId: id, before, after: { outcome: view.status, payment: view } });
      return view;
    } catch (error) {
      await recordAudit(db, actor, { action: 'secondPayment.refund.result', entityType: SECOND_PAYMENT_ENTITY, entityId: id, before, after: { outcome: 'refused', ...failureOf(error) } });
      throw error;
    }
  }
}
