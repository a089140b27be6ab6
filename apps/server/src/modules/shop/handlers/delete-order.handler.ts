import { deleteOrder } from '@shop/contract/shop-orders';
import { defineHandler } from '../../../http/handler.ts';

export const handler = defineHandler(deleteOrder, {
  handle: ({ input, ctx, services }) => services.shopOrders.del(ctx.user.userId, input.body.orderId),
});
