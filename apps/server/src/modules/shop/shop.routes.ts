import type { FastifyInstance, FastifyRequest } from 'fastify';
import { productDetailRoute, productListRoute, productReceiveRoute } from '@shop/contract/products.schema';
import {
  cancelOrderAuto,
  confirmOrders,
  createCartOrder,
  createProductOrder,
  deleteOrder,
  orderItemDetail,
  payOrder,
  refundOrder,
  repeatOrder,
} from '@shop/contract/shop-orders';
import { registerRoute } from '../../http/route.ts';
import { devicePlatformOf } from '../channels/channels.service.ts';
import type { SessionUser } from '../auth/tokens.ts';
import type { Services } from '../../services.ts';
import { byPlayer } from '../../http/rate-limit.ts';

export function registerShopRoutes(app: FastifyInstance, services: Services): void {
  const { products, shopOrders, repeatOrders, tokens, config, rateLimits, idempotency } = services;
  // The ways to create an order (gift claim, product, cart, paying again) share one limit per IP and per player.
  const orderCreation = { rateLimit: rateLimits.route(app, 'orders', byPlayer), idempotency };

  /** Product detail is public; a valid bearer token (if sent) adds whether a free gift was claimed. */
  const optionalUser = async (request: FastifyRequest): Promise<SessionUser | undefined> => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return undefined;
    return tokens.verifyAccessToken(header.slice(7).trim()).catch(() => undefined);
  };

  registerRoute(app, productListRoute, ({ body, language }) => products.list(body.appId, body, language), { sharedData: true });
  registerRoute(app, productDetailRoute, async ({ body, language, request }) =>
    products.detail(body.id, language, await optionalUser(request), body.gameAccountId),
  );
  registerRoute(app, productReceiveRoute, ({ user, body, idempotency: claim }) => products.receive(user, body.productId, body.gameAccountId, claim), {
    message: 'rewardsClaimed',
    ...orderCreation,
  });

  registerRoute(
    app,
    createProductOrder,
    ({ user, body, language, idempotency: claim, request }) =>
      shopOrders.create(
        user,
        { ...body, lines: [{ productId: body.productId, quantity: body.quantity }], platform: devicePlatformOf(request.headers['user-agent']) },
        language,
        claim,
      ),
    orderCreation,
  );
  // The cart is switched off in this build (spec): its checkout answers 404 like an unknown path without the flag.
  registerRoute(
    app,
    createCartOrder,
    ({ user, body, language, idempotency: claim, request }) =>
      shopOrders.create(user, { ...body, lines: body.items, platform: devicePlatformOf(request.headers['user-agent']) }, language, claim),
    {
      enabled: () => config.features.cart,
      ...orderCreation,
    },
  );
  registerRoute(app, orderItemDetail, ({ user, body, language }) => shopOrders.itemDetail(user.userId, body.orderId, language));
  registerRoute(app, cancelOrderAuto, ({ user, body }) => shopOrders.cancelAuto(user.userId, body.orderId));
  registerRoute(app, confirmOrders, ({ user, body }) => shopOrders.confirm(user.userId, body.ids, body.retryDelivery));
  registerRoute(app, deleteOrder, ({ user, body }) => shopOrders.del(user.userId, body.orderId));
  registerRoute(app, payOrder, ({ user, body, language, request }) => shopOrders.pay(user, body, language, devicePlatformOf(request.headers['user-agent'])));
  // Pay again after a declined payment: a new order, so it counts as an order creation
  registerRoute(
    app,
    repeatOrder,
    ({ user, body, language, idempotency: claim, request }) =>
      repeatOrders.repeat(user, body.orderId, language, devicePlatformOf(request.headers['user-agent']), claim),
    orderCreation,
  );
  registerRoute(app, refundOrder, ({ user, body }) => shopOrders.refund(user.userId, body.orderId, body.reason), {
    message: 'refundRequested',
  });
}
