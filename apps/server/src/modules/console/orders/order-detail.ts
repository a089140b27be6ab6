import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { ConsoleOrderDetail, ConsoleRefundRequest } from '@shop/contract/console/orders';
import { OrderStatus } from '@shop/contract/orders.schema';
import type { Db, Executor } from '../../../db/client.ts';
import {
  auditLog,
  duplicatePayments,
  jobs,
  orderStatusHistory,
  orders,
  paymentEvents,
  refundRequests,
  refunds,
  users,
  voucherLedger,
} from '../../../db/schema.ts';
import { notFound } from '../../../shared/domain-errors.ts';
import { DELIVER_ORDER_JOB, REVOKE_ORDER_JOB } from '../../fulfilment/delivery.service.ts';
import { orderLinesShown } from '../../orders/order-lines.ts';
import { iso, refundableState, selectSummaries, toSummary, voucherPositions } from './order-views.ts';
import { ORDER_ENTITY, SECOND_PAYMENT_ENTITY } from '../../payments/order-actions.ts';

type JobRow = typeof jobs.$inferSelect;

/** A delivery (or revoke) job as the order's page shows it. */
export function deliveryAttempt(job: JobRow, now = Date.now()): ConsoleOrderDetail['deliveries'][number] {
  const state = job.doneAt ? 'done' : job.failedAt ? 'failed' : job.lockedUntil && job.lockedUntil.getTime() > now ? 'running' : 'waiting';
  return {
    jobId: job.id,
    kind: job.kind === REVOKE_ORDER_JOB ? 'revoke' : 'deliver',
    state,
    attempts: job.attempts,
    maxAttempts: job.maxAttempts,
    runAt: job.runAt.toISOString(),
    doneAt: iso(job.doneAt),
    failedAt: iso(job.failedAt),
    lastError: job.lastError,
    createdAt: job.createdAt.toISOString(),
  };
}

/** The jobs of these kinds about these orders (payload.orderId), oldest first. */
export function jobsOfOrders(executor: Executor, kinds: string[], orderIds: readonly number[]) {
  return executor
    .select()
    .from(jobs)
    .where(and(inArray(jobs.kind, kinds), inArray(sql`(${jobs.payload}->>'orderId')`, orderIds.map(String))))
    .orderBy(asc(jobs.id));
}

/** The player's refund request with an operator's rejection (who and why are kept in the audit log). */
export async function refundRequestView(executor: Executor, orderId: number): Promise<ConsoleRefundRequest | null> {
  const [request] = await executor.select().from(refundRequests).where(eq(refundRequests.orderId, orderId));
  if (!request) return null;
  let rejection: ConsoleRefundRequest['rejection'] = null;
  if (request.status === 'rejected') {
    const [entry] = await executor
      .select({ actor: auditLog.actor, after: auditLog.after, createdAt: auditLog.createdAt })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, ORDER_ENTITY), eq(auditLog.entityId, String(orderId)), eq(auditLog.action, 'order.refundRequest.reject')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    const reason = (entry?.after as { answer?: unknown } | null)?.answer;
    rejection = entry ? { by: entry.actor, reason: typeof reason === 'string' ? reason : null, at: entry.createdAt.toISOString() } : null;
  }
  return {
    orderId,
    status: request.status,
    reason: request.reason,
    orderStatus: request.orderStatus,
    createdAt: request.createdAt.toISOString(),
    updatedAt: request.updatedAt.toISOString(),
    rejection,
  };
}

/** Everything about one order, for its page in the console. */
export async function orderDetail(db: Db, orderId: number): Promise<ConsoleOrderDetail> {
  const [row] = await selectSummaries(db)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row) throw notFound('orderNotFound');
  const [[order], [player], history, events, deliveryJobs, refundRequest, [refund], seconds, ledger] = await Promise.all([
    db.select().from(orders).where(eq(orders.id, orderId)),
    db.select({ email: users.email, mobile: users.mobile, blockedAt: users.blockedAt }).from(users).where(eq(users.id, row.userId)),
    db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId)).orderBy(asc(orderStatusHistory.id)),
    db.select().from(paymentEvents).where(eq(paymentEvents.orderId, orderId)).orderBy(asc(paymentEvents.id)),
    jobsOfOrders(db, [DELIVER_ORDER_JOB, REVOKE_ORDER_JOB], [orderId]),
    refundRequestView(db, orderId),
    db.select().from(refunds).where(eq(refunds.orderId, orderId)),
    db.select().from(duplicatePayments).where(eq(duplicatePayments.orderId, orderId)).orderBy(asc(duplicatePayments.id)),
    db.select().from(voucherLedger).where(eq(voucherLedger.orderId, orderId)).orderBy(asc(voucherLedger.id)),
  ]);
  // The console reads products in English; the order keeps the name the player read, in their language (ADR 0006, docs/adr/0006-order-lines-storage.md).
  const items = await orderLinesShown(db, [order!], 'en');
  const secondIds = seconds.map((second) => String(second.id));
  const actions = await db
    .select()
    .from(auditLog)
    .where(
      or(
        and(eq(auditLog.entityType, ORDER_ENTITY), eq(auditLog.entityId, String(orderId))),
        secondIds.length ? and(eq(auditLog.entityType, SECOND_PAYMENT_ENTITY), inArray(auditLog.entityId, secondIds)) : undefined,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(200);
  const vouchers = (await voucherPositions(db, [{ id: orderId, status: row.status, gameAccountId: order!.gameAccountId }])).get(orderId)!;
  const summary = toSummary(row);
  const refundUnderWay = refund !== undefined && refund.status !== 'failed';
  return {
    order: {
      ...summary,
      thirdOrderId: order!.thirdOrderId,
      payMethodId: order!.payMethodId,
      payChannelId: order!.payChannelId,
      regionCode: order!.regionCode,
      selectedRegionCode: order!.selectedRegionCode,
      pricing: pricingOf(order!),
      language: order!.language,
      expiresAt: iso(order!.expiresAt),
      deliveredAt: iso(order!.deliveredAt),
      deletedAt: iso(order!.deletedAt),
      updatedAt: order!.updatedAt.toISOString(),
    },
    player: { userId: row.userId, email: player?.email ?? null, mobile: player?.mobile ?? null, blocked: Boolean(player?.blockedAt) },
    items: items.map((item) => ({
      id: item.id,
      productId: item.productId,
      name: item.shownName,
      orderedName: item.name,
      productVersion: item.productVersion,
      goodsType: item.goodsType,
      categoryId: item.categoryId,
      quantity: item.quantity,
      currency: item.currency,
      priceMinor: item.priceMinor,
      originalPriceMinor: item.originalPriceMinor,
      voucherAmount: item.voucherAmount,
    })),
    history: history.map((change) => ({
      id: change.id,
      fromStatus: change.fromStatus,
      toStatus: change.toStatus,
      event: change.event,
      createdAt: change.createdAt.toISOString(),
    })),
    paymentEvents: events.map((event) => ({
      id: event.id,
      provider: event.provider,
      eventKey: event.eventKey,
      eventType: event.eventType,
      payload: event.payload,
      createdAt: event.createdAt.toISOString(),
    })),
    deliveries: deliveryJobs.map((job) => deliveryAttempt(job)),
    refundRequest,
    refund: refund
      ? {
          orderId,
          orderSn: row.orderSn,
          orderStatus: row.status,
          provider: refund.provider,
          providerRefundId: refund.providerRefundId,
          status: refund.status,
          initiatedBy: refund.initiatedBy,
          amountMinor: refund.amountMinor,
          currency: refund.currency,
          vouchersTakenBack: refund.vouchersTakenBack,
          vouchersUnrecovered: refund.vouchersUnrecovered,
          gameRevokeStatus: refund.gameRevokeStatus,
          lastError: refund.lastError,
          reason: refund.reason,
          createdAt: refund.createdAt.toISOString(),
          completedAt: iso(refund.completedAt),
        }
      : null,
    secondPayments: seconds.map((second) => ({
      id: second.id,
      orderId,
      orderSn: row.orderSn,
      provider: second.provider,
      paymentId: second.paymentId,
      amountMinor: second.amountMinor,
      currency: second.currency,
      status: second.status,
      providerRefundId: second.providerRefundId,
      lastError: second.lastError,
      createdAt: second.createdAt.toISOString(),
      refundedAt: iso(second.refundedAt),
    })),
    ledger: ledger.map((entry) => ({
      id: entry.id,
      gameAccountId: entry.gameAccountId,
      amount: entry.amount,
      balanceAfter: entry.balanceAfter,
      kind: entry.kind,
      reference: entry.reference,
      createdAt: entry.createdAt.toISOString(),
    })),
    vouchers,
    operatorActions: actions.map((entry) => ({
      id: entry.id,
      actor: entry.actor,
      action: entry.action,
      before: entry.before,
      after: entry.after,
      createdAt: entry.createdAt.toISOString(),
    })),
    actions: {
      refund: refundableState(summary) && !refundUnderWay,
      retryDelivery: row.status === OrderStatus.DELIVERY_ERROR,
      answerRefundRequest: refundRequest?.status === 'requested',
    },
  };
}

/** What an order was sold at (ADR 0050), as its frozen columns hold it; null for an order placed before local prices. */
function pricingOf(order: typeof orders.$inferSelect): ConsoleOrderDetail['order']['pricing'] {
  if (order.baseCurrency === null || order.exchangeRate === null) return null;
  return {
    countryCode: order.countryCode,
    baseCurrency: order.baseCurrency,
    baseTotalMinor: order.baseTotalMinor ?? 0,
    basePayMinor: order.basePayMinor ?? 0,
    // numeric(24, 12) as the database writes it: the trailing zeros say nothing
    exchangeRate: order.exchangeRate.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, ''),
    taxModel: order.taxModel ?? 'none',
    taxRateBp: order.taxRateBp ?? 0,
    taxMinor: order.taxMinor ?? 0,
  };
}
