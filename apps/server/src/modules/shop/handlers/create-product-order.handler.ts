import { createProductOrder } from '@shop/contract/shop-orders';
import { defineHandler } from '../../../http/handler.ts';
import { byPlayer } from '../../../http/rate-limit.ts';
import { devicePlatformOf } from '../../channels/channels.service.ts';

/** An order creation: the orders' limit per IP and per player, and the player's Idempotency-Key. */
export const handler = defineHandler(createProductOrder, {
  options: (app, { rateLimits, idempotency }) => ({ rateLimit: rateLimits.route(app, 'orders', byPlayer), idempotency }),
  handle: ({ input: { body }, ctx: { user, language, idempotency: claim, request }, services }) =>
    services.shopOrders.create(
      user,
      { ...body, lines: [{ productId: body.productId, quantity: body.quantity }], platform: devicePlatformOf(request.headers['user-agent']) },
      language,
      claim,
    ),
});
