import type { FastifyInstance } from 'fastify';
import { createVoucherOrderRoute } from '@shop/contract/checkout.schema';
import { cancelOrderRoute, listOrdersRoute, orderDetailRoute, type OrderListTypeCode } from '@shop/contract/orders.schema';
import { byPlayer } from '../../http/rate-limit.ts';
import { registerRoute } from '../../http/route.ts';
import type { Services } from '../../services.ts';
import { devicePlatformOf } from '../channels/channels.service.ts';

export function registerOrderRoutes(app: FastifyInstance, { orders, voucherOrders, rateLimits, idempotency }: Services): void {
  registerRoute(app, listOrdersRoute, ({ user, query, language }) =>
    orders.list(user.userId, query.type as OrderListTypeCode, query.pageNum, query.pageSize, language),
  );
  registerRoute(app, orderDetailRoute, ({ user, body, language }) => orders.detail(user.userId, body.orderId, language));
  registerRoute(app, cancelOrderRoute, ({ user, body, language }) => orders.cancel(user.userId, body.orderId, body.orderSn, language));
  registerRoute(
    app,
    createVoucherOrderRoute,
    ({ user, body, language, idempotency: claim, request }) =>
      voucherOrders.create(user.userId, body, language, claim, devicePlatformOf(request.headers['user-agent'])),
    { rateLimit: rateLimits.route(app, 'orders', byPlayer), idempotency },
  );
}
