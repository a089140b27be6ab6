import { confirmOrders } from '@shop/contract/shop-orders';
import { defineHandler } from '../../../http/handler.ts';

export const handler = defineHandler(confirmOrders, {
  handle: ({ input, ctx, services }) => services.shopOrders.confirm(ctx.user.userId, input.body.ids, input.body.retryDelivery),
});
