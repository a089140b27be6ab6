import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { opsDuplicatePayments, opsRefundDuplicatePayment, opsRefundOrder, opsRefundRequests, opsRejectRefundRequest, opsRetryDelivery } from '@shop/contract/ops';
import { OrderStatus } from '@shop/contract/orders';
import { orders, refundRequests } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { registerRoute } from '../../http/route.ts';
import type { Services } from '../../services.ts';

/** Operators' actions (auth 'ops': the OPS_API_TOKEN bearer, checked in app.ts). */
export function registerOpsRoutes(app: FastifyInstance, { db, providerRefunds, refunds, delivery, duplicatePayments }: Services): void {
  registerRoute(app, opsRefundOrder, ({ body }) =>
    providerRefunds.refund(body.orderId, {
      ...(body.reason ? { reason: body.reason } : {}),
      ...(body.allowUnrecoveredVouchers !== undefined ? { allowUnrecoveredVouchers: body.allowUnrecoveredVouchers } : {}),
    }),
  );

  registerRoute(app, opsRejectRefundRequest, async ({ body }) => {
    await refunds.reject(body.orderId);
    return null;
  });

  registerRoute(app, opsRefundRequests, async ({ query }) => {
    const rows = await db
      .select({ request: refundRequests, order: orders })
      .from(refundRequests)
      .innerJoin(orders, eq(orders.id, refundRequests.orderId))
      .where(eq(refundRequests.status, 'requested'))
      .orderBy(asc(refundRequests.createdAt))
      .limit(query.limit);
    return rows.map(({ request, order }) => ({
      orderId: order.id,
      orderSn: order.orderSn,
      orderStatus: order.status,
      provider: order.thirdChannelName,
      payAmountMinor: order.payAmountMinor,
      currency: order.currency,
      reason: request.reason,
      requestedAt: request.createdAt.toISOString(),
    }));
  });

  registerRoute(app, opsRetryDelivery, async ({ body }) => {
    const [order] = await db.select({ id: orders.id, status: orders.status }).from(orders).where(eq(orders.id, body.orderId));
    if (!order) throw notFound('orderNotFound');
    if (order.status !== OrderStatus.DELIVERY_ERROR) throw conflict('orderNotRetryable');
    await delivery.retry(db, order.id);
    return { orderId: order.id, status: order.status };
  });

  registerRoute(app, opsDuplicatePayments, ({ query }) => duplicatePayments.list(query.status, query.limit));

  registerRoute(app, opsRefundDuplicatePayment, ({ body }) => duplicatePayments.refund(body.id, body.reason));
}
