import { xsollaTokenRoute, XsollaPayResponse } from '@shop/contract/checkout.schema';
import { defineHandler } from '../../../http/handler.ts';
import { reopenPayment } from './reopen-payment.ts';

export const handler = defineHandler(xsollaTokenRoute, {
  handle: async ({ input, ctx, services }) => {
    const { result } = await reopenPayment(services, { userId: ctx.user.userId, orderId: input.body.orderId, provider: 'xsolla', language: ctx.language, userAgent: ctx.request.headers['user-agent'] });
    return XsollaPayResponse.parse(JSON.parse(result.thirdPayResponse));
  },
});
