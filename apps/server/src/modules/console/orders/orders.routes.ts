import type { FastifyInstance } from 'fastify';
import { registerHandlers } from '../../../http/handler.ts';
import type { Services } from '../../../services.ts';
import { handler as deliveryErrors } from './handlers/delivery-errors.handler.ts';
import { handler as orderDetail } from './handlers/order-detail.handler.ts';
import { handler as orderFilters } from './handlers/order-filters.handler.ts';
import { handler as queueCounts } from './handlers/queue-counts.handler.ts';
import { handler as reconciliationQueue } from './handlers/reconciliation-queue.handler.ts';
import { handler as refundOrder } from './handlers/refund-order.handler.ts';
import { handler as refundRequests } from './handlers/refund-requests.handler.ts';
import { handler as refundSecondPayment } from './handlers/refund-second-payment.handler.ts';
import { handler as rejectRefundRequest } from './handlers/reject-refund-request.handler.ts';
import { handler as retryDelivery } from './handlers/retry-delivery.handler.ts';
import { handler as searchOrders } from './handlers/search-orders.handler.ts';
import { handler as secondPayments } from './handlers/second-payments.handler.ts';

/** Orders: search, the order's page, the refund / retry / answer actions (payments/order-actions.ts) and the work queues. */
export const consoleOrdersHandlers = [
  searchOrders,
  orderFilters,
  orderDetail,
  refundOrder,
  retryDelivery,
  rejectRefundRequest,
  queueCounts,
  deliveryErrors,
  refundRequests,
  secondPayments,
  reconciliationQueue,
  refundSecondPayment,
];

export function registerConsoleOrdersRoutes(app: FastifyInstance, services: Services): void {
  registerHandlers(app, services, consoleOrdersHandlers);
}
