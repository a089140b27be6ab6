import type { FastifyInstance } from 'fastify';
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
import { listDeadJobs, retryDeadJob } from '../../jobs/dead-letters.ts';
import { notFound } from '../../shared/domain-errors.ts';
import { registerRoute } from '../../http/route.ts';
import type { Services } from '../../services.ts';
import { recordAudit } from '../console/audit.ts';
import { OrderActions, opsActor } from '../console/orders/order-actions.ts';
import { deliveryErrors, openRefundRequests } from './ops-queues.ts';

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

  registerRoute(app, opsRefundRequests, ({ query }) => openRefundRequests(db, query.limit));

  registerRoute(app, opsRetryDelivery, ({ body, request }) => actions.retryDelivery(opsActor(request), body.orderId));

  registerRoute(app, opsDeliveryErrors, ({ query }) => deliveryErrors(db, query.limit));

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
