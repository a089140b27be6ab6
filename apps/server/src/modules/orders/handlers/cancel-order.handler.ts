import { cancelOrderRoute } from '@shop/contract/orders.schema';
import { defineHandler } from '../../../http/handler.ts';

export const handler = defineHandler(cancelOrderRoute, {
  handle: ({ input: { body }, ctx: { user, language }, services }) => services.orders.cancel(user.userId, body.orderId, body.orderSn, language),
});
