import { repeatOrder } from '@shop/contract/shop-orders';
import { defineHandler } from '../../../http/handler.ts';
import { byPlayer } from '../../../http/rate-limit.ts';
import { devicePlatformOf } from '../../channels/channels.service.ts';

/** Pay again after a declined payment: a new order, so it counts as an order creation (limit and Idempotency-Key). */
export const handler = defineHandler(repeatOrder, {
  options: (app, { rateLimits, idempotency }) => ({ rateLimit: rateLimits.route(app, 'orders', byPlayer), idempotency }),
  handle: ({ input, ctx: { user, language, idempotency: claim, request }, services }) =>
    services.repeatOrders.repeat(user, input.body.orderId, language, devicePlatformOf(request.headers['user-agent']), claim),
});
