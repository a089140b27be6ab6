import { payOrder } from '@shop/contract/shop-orders';
import { defineHandler } from '../../../http/handler.ts';
import { devicePlatformOf } from '../../channels/channels.service.ts';

export const handler = defineHandler(payOrder, {
  handle: ({ input, ctx: { user, language, request }, services }) => services.shopOrders.pay(user, input.body, language, devicePlatformOf(request.headers['user-agent'])),
});
