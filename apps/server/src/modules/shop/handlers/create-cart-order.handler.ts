import { createCartOrder } from '@shop/contract/shop-orders';
import { defineHandler } from '../../../http/handler.ts';
import { byPlayer } from '../../../http/rate-limit.ts';
import { devicePlatformOf } from '../../channels/channels.service.ts';

/** The cart is switched off in this build (spec): its checkout answers 404 like an unknown path without the flag. */
export const handler = defineHandler(createCartOrder, {
  options: (app, { config, rateLimits, idempotency }) => ({ enabled: () => config.features.cart, rateLimit: rateLimits.route(app, 'orders', byPlayer), idempotency }),
  handle: ({ input: { body }, ctx: { user, language, idempotency: claim, request }, services }) =>
    services.shopOrders.create(user, { ...body, lines: body.items, platform: devicePlatformOf(request.headers['user-agent']) }, language, claim),
});
