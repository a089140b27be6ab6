import type { FastifyInstance } from 'fastify';
import {
  consoleDeliveryErrors,
  consoleOrderDetail,
  consoleOrderFilters,
  consoleQueueCounts,
  consoleReconciliationQueue,
  consoleRefundOrder,
  consoleRefundRequests,
  consoleRefundSecondPayment,
  consoleRejectRefundRequest,
  consoleRetryDelivery,
  consoleSearchOrders,
  consoleSecondPayments,
} from '@shop/contract/console/orders';
import { ThirdChannelName } from '@shop/contract/orders.schema';
import { DomainError, conflict } from '../../../shared/domain-errors.ts';
import { registerRoute } from '../../../http/route.ts';
import type { Services } from '../../../services.ts';
import { actorOf } from '../access/console-session.ts';
import { OrderActions } from './order-actions.ts';
import { orderDetail } from './order-detail.ts';
import { OrderQueues } from './order-queues.ts';
import { searchOrders } from './order-search.ts';

/**
 * The domain's refusals in the console's words: the shop's messages speak to players (orderNotRefundable) or to machine
 * callers (refundVouchersSpent names the API field); operators get their own.
 */
function consoleError(error: unknown): unknown {
  if (!(error instanceof DomainError)) return error;
  switch (error.messageKey) {
    case 'orderNotRefundable':
      return conflict('consoleOrderNotRefundable');
    case 'refundVouchersSpent':
      return conflict('consoleRefundVouchersSpent', error.params);
    default:
      return error;
  }
}

async function inConsoleWords<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    throw consoleError(error);
  }
}

/** Orders: search, the order's page, the refund / retry / answer actions and the work queues. */
export function registerConsoleOrdersRoutes(app: FastifyInstance, services: Services): void {
  const { db, config } = services;
  const actions = new OrderActions(services);
  const queues = new OrderQueues(db, config.reconciliation, services.providers);

  registerRoute(app, consoleSearchOrders, ({ query }) => searchOrders(db, query));

  registerRoute(app, consoleOrderFilters, async () => ({
    games: await services.games.names(),
    providers: [...ThirdChannelName.options],
  }));

  registerRoute(app, consoleOrderDetail, ({ params }) => orderDetail(db, params.id));

  registerRoute(app, consoleRefundOrder, ({ params, body, operator, request }) =>
    inConsoleWords(() => actions.refund(actorOf(operator, request), params.id, { reason: body.reason, allowUnrecoveredVouchers: body.allowUnrecoveredVouchers })),
  );

  registerRoute(app, consoleRetryDelivery, ({ params, operator, request }) => inConsoleWords(() => actions.retryDelivery(actorOf(operator, request), params.id)));

  registerRoute(app, consoleRejectRefundRequest, ({ params, body, operator, request }) =>
    inConsoleWords(() => actions.rejectRefundRequest(actorOf(operator, request), params.id, body.reason)),
  );

  registerRoute(app, consoleQueueCounts, () => queues.counts());
  registerRoute(app, consoleDeliveryErrors, ({ query }) => queues.deliveryErrors(query));
  registerRoute(app, consoleRefundRequests, ({ query }) => queues.refundRequests(query));
  registerRoute(app, consoleSecondPayments, ({ query }) => queues.secondPayments(query.status, query));
  registerRoute(app, consoleReconciliationQueue, ({ query }) => queues.reconciliationQueue(query));

  registerRoute(app, consoleRefundSecondPayment, ({ params, body, operator, request }) =>
    inConsoleWords(() => actions.refundSecondPayment(actorOf(operator, request), params.id, body.reason)),
  );
}
