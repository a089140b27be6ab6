import { createVoucherOrderRoute } from '@shop/contract/checkout.schema';
import { defineHandler } from '../../../http/handler.ts';
import { byPlayer } from '../../../http/rate-limit.ts';
import { devicePlatformOf } from '../../channels/channels.service.ts';

/** Honours the player's Idempotency-Key: the same key answers the first order. */
export const handler = defineHandler(createVoucherOrderRoute, {
  options: (app, { rateLimits, idempotency }) => ({ rateLimit: rateLimits.route(app, 'orders', byPlayer), idempotency }),
  handle: ({ input, ctx: { user, language, idempotency: claim, request }, services }) =>
    services.voucherOrders.create(user.userId, input.body, language, claim, devicePlatformOf(request.headers['user-agent'])),
});
