import { cancelOrder } from '@shop/contract/orders.schema';
import { defineHandler } from '../../../http/handler.ts';

export const handler = defineHandler(cancelOrder, {
  handle: ({ input: { body }, ctx: { user, language }, services }) => services.orders.cancel(user.userId, body.orderId, body.orderSn, language),
});
