import { payermaxOrderRoute, PayermaxPayResponse } from '@shop/contract/checkout.schema';
import { defineHandler } from '../../../http/handler.ts';
import { reopenPayment } from './reopen-payment.ts';

export const handler = defineHandler(payermaxOrderRoute, {
  handle: async ({ input, ctx, services }) => {
    const { result } = await reopenPayment(services, { userId: ctx.user.userId, orderId: input.body.orderId, provider: 'payermax', language: ctx.language, userAgent: ctx.request.headers['user-agent'] });
    return PayermaxPayResponse.parse(JSON.parse(result.thirdPayResponse));
  },
});
