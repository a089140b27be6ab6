import type { FastifyInstance } from 'fastify';
import { registerHandlers } from '../../http/handler.ts';
import type { Services } from '../../services.ts';
import { handler as cancelOrderAuto } from './handlers/cancel-order-auto.handler.ts';
import { handler as confirmOrders } from './handlers/confirm-orders.handler.ts';
import { handler as createCartOrder } from './handlers/create-cart-order.handler.ts';
import { handler as createProductOrder } from './handlers/create-product-order.handler.ts';
import { handler as deleteOrder } from './handlers/delete-order.handler.ts';
import { handler as orderItemDetail } from './handlers/order-item-detail.handler.ts';
import { handler as payOrder } from './handlers/pay-order.handler.ts';
import { handler as productDetail } from './handlers/product-detail.handler.ts';
import { handler as productList } from './handlers/product-list.handler.ts';
import { handler as productReceive } from './handlers/product-receive.handler.ts';
import { handler as refundOrder } from './handlers/refund-order.handler.ts';
import { handler as repeatOrder } from './handlers/repeat-order.handler.ts';

/**
 * The shop's products and orders. The ways to create an order (gift claim, product, cart, paying again) share the
 * `orders` rate limit per IP and per player (one store, keyed by the limit's name) and honour the Idempotency-Key.
 */
export const shopHandlers = [
  productList,
  productDetail,
  productReceive,
  createProductOrder,
  createCartOrder,
  orderItemDetail,
  cancelOrderAuto,
  confirmOrders,
  deleteOrder,
  payOrder,
  repeatOrder,
  refundOrder,
];

export function registerShopRoutes(app: FastifyInstance, services: Services): void {
  registerHandlers(app, services, shopHandlers);
}
