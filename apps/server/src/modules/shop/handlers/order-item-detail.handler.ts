import { orderItemDetail } from '@shop/contract/shop-orders';
import { defineHandler } from '../../../http/handler.ts';

export const handler = defineHandler(orderItemDetail, {
  handle: ({ input, ctx, services }) => services.shopOrders.itemDetail(ctx.user.userId, input.body.orderId, ctx.language),
});
