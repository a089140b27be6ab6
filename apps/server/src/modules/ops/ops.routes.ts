import type { FastifyInstance } from 'fastify';
import { asc, eq, sql } from 'drizzle-orm';
import {
  opsDeadJobs,
  opsDeliveryErrors,
  opsDuplicatePayments,
  opsRefundDuplicatePayment,
  opsRefundOrder,
  opsRefundRequests,
  opsRejectRefundRequest,
  opsRetryDeadJob,
  opsRetryDelivery,
} from '@shop/contract/ops';
import { OrderStatus } from '@shop/contract/orders';
import { orders, refundRequests } from '../../db/schema.ts';
import { listDeadJobs, retryDeadJob } from '../../jobs/dead-letters.ts';
import { notFound } from '../../shared/domain-errors.ts';
import { registerRoute } from '../../http/route.ts';
import type { Services } from '../../services.ts';
import { recordAudit } from '../console/audit.ts';
import { OrderActions, opsActor } from '../console/orders/order-actions.ts';
import { DELIVER_ORDER_JOB } from '../shop/delivery.service.ts';

/**
 * Operators' actions (auth 'ops': the OPS_API_TOKEN bearer, checked in app.ts), for machines; the console offers the
 * same to people. Every change is written to the audit log with the actor 'ops-token' (the console's OrderActions).
 */
export function registerOpsRoutes(app: FastifyInstance, services: Services): void {
  const { db, duplicatePayments } = services;
  const actions = new OrderActions(services);

  registerRoute(app, opsRefundOrder, ({ body, request }) =>
    actions.refund(opsActor(request), body.orderId, { reason: body.reason || undefined, allowUnrecoveredVouchers: body.allowUnrecoveredVouchers }),
  );

  registerRoute(app, opsRejectRefundRequest, async ({ body, request }) => {
    await actions.rejectRefundRequest(opsActor(request), body.orderId);
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

  registerRoute(app, opsRetryDelivery, ({ body, request }) => actions.retryDelivery(opsActor(request), body.orderId));

  registerRoute(app, opsDeliveryErrors, async ({ query }) => {
    const result = await db.execute(sql`
      SELECT o.id, o.order_sn, o.app_id, o.order_source, o.paid_at,
             (SELECT j.last_error FROM jobs j WHERE j.kind = ${DELIVER_ORDER_JOB} AND (j.payload->>'orderId')::bigint = o.id
               ORDER BY j.id DESC LIMIT 1) AS last_error
        FROM orders o
       WHERE o.status = ${OrderStatus.DELIVERY_ERROR}
       ORDER BY o.updated_at
       LIMIT ${query.limit}`);
    const rows = (result as unknown as { rows: { id: string | number; order_sn: string; app_id: number; order_source: string; paid_at: Date | string | null; last_error: string | null }[] }).rows;
    return rows.map((row) => ({
      orderId: Number(row.id),
      orderSn: row.order_sn,
      appId: Number(row.app_id),
      orderSource: row.order_source,
      paidAt: row.paid_at ? new Date(row.paid_at).toISOString() : null,
      lastError: row.last_error,
    }));
  });

  registerRoute(app, opsDuplicatePayments, ({ query }) => duplicatePayments.list(query.status, query.limit));

  registerRoute(app, opsRefundDuplicatePayment, ({ body, request }) => actions.refundSecondPayment(opsActor(request), body.id, body.reason || undefined));

  registerRoute(app, opsDeadJobs, async ({ query }) =>
    (await listDeadJobs(db, query.limit)).map((job) => ({ ...job, createdAt: job.createdAt.toISOString(), failedAt: job.failedAt.toISOString() })),
  );

  registerRoute(app, opsRetryDeadJob, ({ body, request }) =>
    db.transaction(async (tx) => {
      if (!(await retryDeadJob(tx, body.id))) throw notFound('notFound');
      await recordAudit(tx, opsActor(request), { action: 'job.retry', entityType: 'job', entityId: body.id, before: { state: 'dead' }, after: { state: 'due' } });
      return { id: body.id };
    }),
  );
}
