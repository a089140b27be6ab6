import type { FastifyInstance } from 'fastify';
import { registerHandlers } from '../../http/handler.ts';
import type { Services } from '../../services.ts';
import { handler as cancelOrder } from './handlers/cancel-order.handler.ts';
import { handler as createVoucherOrder } from './handlers/create-voucher-order.handler.ts';
import { handler as listOrders } from './handlers/list-orders.handler.ts';
import { handler as orderDetail } from './handlers/order-detail.handler.ts';

export const orderHandlers = [listOrders, orderDetail, cancelOrder, createVoucherOrder];

export function registerOrderRoutes(app: FastifyInstance, services: Services): void {
  registerHandlers(app, services, orderHandlers);
}
