import { productReceiveRoute } from '@shop/contract/products.schema';
import { defineHandler } from '../../../http/handler.ts';
import { byPlayer } from '../../../http/rate-limit.ts';

/** A gift claim is an order creation: the orders' limit per IP and per player, and the player's Idempotency-Key. */
export const handler = defineHandler(productReceiveRoute, {
  options: (app, { rateLimits, idempotency }) => ({ message: 'rewardsClaimed', rateLimit: rateLimits.route(app, 'orders', byPlayer), idempotency }),
  handle: ({ input: { body }, ctx: { user, idempotency: claim }, services }) => services.products.receive(user, body.productId, body.gameAccountId, claim),
});
