import { cancelOrderAuto } from '@shop/contract/shop-orders';
import { defineHandler } from '../../../http/handler.ts';

export const handler = defineHandler(cancelOrderAuto, {
  handle: ({ input, ctx, services }) => services.shopOrders.cancelAuto(ctx.user.userId, input.body.orderId),
});
