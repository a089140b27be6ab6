import type { FastifyInstance, FastifyRequest } from 'fastify';
import { productDetail, productList, productReceive } from '@shop/contract/products';
import {
  cancelOrderAuto,
  confirmOrders,
  createCartOrder,
  createProductOrder,
  deleteOrder,
  orderItemDetail,
  payOrder,
  refundOrder,
} from '@shop/contract/shop-orders';
import { registerRoute } from '../../http/route.ts';
import type { SessionUser } from '../auth/tokens.ts';
import type { Services } from '../../services.ts';

export function registerShopRoutes(app: FastifyInstance, services: Services): void {
  const { products, shopOrders, tokens, config } = services;

  /** Product detail is public; a valid bearer token (if sent) adds whether a free gift was claimed. */
  const optionalUser = async (request: FastifyRequest): Promise<SessionUser | undefined> => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return undefined;
    return tokens.verifyAccessToken(header.slice(7).trim()).catch(() => undefined);
  };

  registerRoute(app, productList, ({ body, language }) => products.list(body.appId, body, language));
  registerRoute(app, productDetail, async ({ body, language, request }) =>
    products.detail(body.id, language, await optionalUser(request), body.gameAccountId),
  );
  registerRoute(app, productReceive, ({ user, body }) => products.receive(user, body.productId, body.gameAccountId), {
    message: 'rewardsClaimed',
  });

  registerRoute(app, createProductOrder, ({ user, body, language }) =>
    shopOrders.create(user, { ...body, lines: [{ productId: body.productId, quantity: body.quantity }] }, language),
  );
  // The cart is switched off in this build (spec): its checkout answers 404 like an unknown path without the flag.
  registerRoute(app, createCartOrder, ({ user, body, language }) => shopOrders.create(user, { ...body, lines: body.items }, language), {
    enabled: () => config.features.cart,
  });
  registerRoute(app, orderItemDetail, ({ user, body, language }) => shopOrders.itemDetail(user.userId, body.orderId, language));
  registerRoute(app, cancelOrderAuto, ({ user, body }) => shopOrders.cancelAuto(user.userId, body.orderId));
  registerRoute(app, confirmOrders, ({ user, body }) => shopOrders.confirm(user.userId, body.ids, body.retryDelivery));
  registerRoute(app, deleteOrder, ({ user, body }) => shopOrders.del(user.userId, body.orderId));
  registerRoute(app, payOrder, ({ user, body, language }) => shopOrders.pay(user, body, language));
  registerRoute(app, refundOrder, ({ user, body }) => shopOrders.refund(user.userId, body.orderId, body.reason), {
    message: 'refundRequested',
  });
}
