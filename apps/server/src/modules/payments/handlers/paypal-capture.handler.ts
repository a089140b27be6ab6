import { paypalCaptureRoute } from '@shop/contract/checkout.schema';
import { OrderStatus } from '@shop/contract/orders.schema';
import { defineHandler } from '../../../http/handler.ts';
import { invalid, notFound, upstreamFailed } from '../../../shared/domain-errors.ts';
import { ProviderError } from '../provider-error.ts';
import { UnknownOrderError } from '../settlement.ts';

/** PayPal's return page: an approved payment is captured through the settlement (the provider's approval fact). */
export const handler = defineHandler(paypalCaptureRoute, {
  handle: async ({ input: { body }, services: { orders, settlement } }) => {
    const order = await orders.findByProviderSession('paypal', body.thirdOrderId);
    if (!order || (body.orderId !== undefined && body.orderId !== order.id) || (body.orderSn && body.orderSn !== order.orderSn)) throw notFound('orderNotFound');
    if (order.status === OrderStatus.AWAITING_PAYMENT || order.status === OrderStatus.PAYMENT_PROCESSING) {
      try {
        await settlement.returnApproved('paypal', { orderId: order.id, sessionId: body.thirdOrderId });
      } catch (error) {
        // PayPal timed out, failed or refused: the order stays as it is (reconciliation settles a capture that did
        // happen) and the player gets a clear message instead of a 500.
        if (error instanceof ProviderError) throw upstreamFailed('paymentProviderError');
        if (error instanceof UnknownOrderError) throw notFound('orderNotFound');
        throw error;
      }
    } else if (order.status === OrderStatus.CANCELLED || order.status === OrderStatus.CLOSED) {
      throw invalid('orderNotPayable');
    }
    const after = await orders.findByProviderSession('paypal', body.thirdOrderId);
    return { status: after!.status, orderId: order.id };
  },
});
