import type { FastifyInstance } from 'fastify';
import { cancelOrder, listOrders, orderDetail, type OrderListTypeCode } from '@shop/contract/orders';
import { registerRoute } from '../../http/route.ts';
import type { Services } from '../../services.ts';

export function registerOrderRoutes(app: FastifyInstance, { orders }: Services): void {
  registerRoute(app, listOrders, ({ user, query, language }) =>
    orders.list(user.userId, query.type as OrderListTypeCode, query.pageNum, query.pageSize, language),
  );
  registerRoute(app, orderDetail, ({ user, body, language }) => orders.detail(user.userId, body.orderId, language));
  registerRoute(app, cancelOrder, ({ user, body, language }) => orders.cancel(user.userId, body.orderId, body.orderSn, language));
}
