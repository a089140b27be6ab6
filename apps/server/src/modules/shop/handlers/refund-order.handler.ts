import { refundOrder } from '@shop/contract/shop-orders';
import { defineHandler } from '../../../http/handler.ts';

export const handler = defineHandler(refundOrder, {
  options: { message: 'refundRequested' },
  handle: ({ input, ctx, services }) => services.shopOrders.refund(ctx.user.userId, input.body.orderId, input.body.reason),
});
