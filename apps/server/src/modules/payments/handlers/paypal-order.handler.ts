import { paypalOrderRoute, payerActionLink, PaypalPayResponse } from '@shop/contract/checkout.schema';
import { defineHandler } from '../../../http/handler.ts';
import { notFound, upstreamFailed } from '../../../shared/domain-errors.ts';
import { reopenPayment } from './reopen-payment.ts';

export const handler = defineHandler(paypalOrderRoute, {
  handle: async ({ input: { body }, ctx, services }) => {
    const owned = await services.orders.findOwned(services.db, ctx.user.userId, body.orderId);
    if (owned.orderSn !== body.orderSn) throw notFound('orderNotFound');
    const { result } = await reopenPayment(services, { userId: ctx.user.userId, orderId: body.orderId, provider: 'paypal', language: ctx.language, userAgent: ctx.request.headers['user-agent'] });
    const response = PaypalPayResponse.parse(JSON.parse(result.thirdPayResponse));
    const link = payerActionLink(response);
    if (!response.id || !link) throw upstreamFailed('paymentProviderError');
    return { thirdOrderId: response.id, payerActionUrl: link };
  },
});
