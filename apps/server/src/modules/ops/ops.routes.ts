import type { FastifyInstance } from 'fastify';
import { registerHandlers } from '../../http/handler.ts';
import type { Services } from '../../services.ts';
import { handler as deadJobs } from './handlers/dead-jobs.handler.ts';
import { handler as deliveryErrors } from './handlers/delivery-errors.handler.ts';
import { handler as duplicatePayments } from './handlers/duplicate-payments.handler.ts';
import { handler as refundDuplicatePayment } from './handlers/refund-duplicate-payment.handler.ts';
import { handler as refundOrder } from './handlers/refund-order.handler.ts';
import { handler as refundRequests } from './handlers/refund-requests.handler.ts';
import { handler as rejectRefundRequest } from './handlers/reject-refund-request.handler.ts';
import { handler as retryDeadJob } from './handlers/retry-dead-job.handler.ts';
import { handler as retryDelivery } from './handlers/retry-delivery.handler.ts';

/**
 * Operators' actions (auth 'ops': the OPS_API_TOKEN bearer, checked in app.ts), for machines; the console offers the
 * same order actions (payments/order-actions.ts) to people. Every change is audited by its declaration, with the actor
 * 'ops-token'.
 */
export const opsHandlers = [refundOrder, rejectRefundRequest, refundRequests, retryDelivery, deliveryErrors, duplicatePayments, refundDuplicatePayment, deadJobs, retryDeadJob];

export function registerOpsRoutes(app: FastifyInstance, services: Services): void {
  registerHandlers(app, services, opsHandlers);
}
