import { orderDetailRoute } from '@shop/contract/orders.schema';
import { defineHandler } from '../../../http/handler.ts';

export const handler = defineHandler(orderDetailRoute, {
  handle: ({ input, ctx: { user, language }, services }) => services.orders.detail(user.userId, input.body.orderId, language),
});
