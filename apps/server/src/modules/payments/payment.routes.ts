import type { FastifyInstance } from 'fastify';
import { payermaxOrderRoute, paypalCaptureRoute, paypalOrderRoute, xsollaTokenRoute, PayermaxPayResponse, XsollaPayResponse, payerActionLink, PaypalPayResponse } from '@shop/contract/checkout.schema';
import { paymentOutcome } from '@shop/contract/payment-return';
import { OrderStatus } from '@shop/contract/orders.schema';
import { registerRoute } from '../../http/route.ts';
import { devicePlatformOf } from '../channels/channels.service.ts';
import { invalid, notFound, upstreamFailed } from '../../shared/domain-errors.ts';
import type { Services } from '../../services.ts';
import { paypalEventKey } from './paypal/paypal-provider.ts';
import { ProviderError } from './provider-error.ts';
import { paymentOutcomeOf } from './payment-return.ts';
import { UnknownOrderError } from './settlement.ts';

/**
 * The spec's provider routes: each opens the payment of the caller's unpaid order again at the provider it names
 * (the one reopen, orders/order-payments.ts), and PayPal's return page captures an approved payment through the settlement.
 */
export function registerPaymentRoutes(app: FastifyInstance, services: Services): void {
  const { orderPayments, settlement, orders, db, config } = services;
  const reopen = (userId: number, orderId: number, provider: string, language: Parameters<typeof orderPayments.payAgain>[2]['language'], userAgent: string | undefined) =>
    orderPayments.payAgain(userId, orderId, { language, platform: devicePlatformOf(userAgent), expectProvider: provider });

  registerRoute(app, xsollaTokenRoute, async ({ user, body, language, request }) => {
    const { result } = await reopen(user.userId, body.orderId, 'xsolla', language, request.headers['user-agent']);
    return XsollaPayResponse.parse(JSON.parse(result.thirdPayResponse));
  });

  registerRoute(app, payermaxOrderRoute, async ({ user, body, language, request }) => {
    const { result } = await reopen(user.userId, body.orderId, 'payermax', language, request.headers['user-agent']);
    return PayermaxPayResponse.parse(JSON.parse(result.thirdPayResponse));
  });

  registerRoute(app, paypalOrderRoute, async ({ user, body, language, request }) => {
    const owned = await orders.findOwned(services.db, user.userId, body.orderId);
    if (owned.orderSn !== body.orderSn) throw notFound('orderNotFound');
    const { result } = await reopen(user.userId, body.orderId, 'paypal', language, request.headers['user-agent']);
    const response = PaypalPayResponse.parse(JSON.parse(result.thirdPayResponse));
    const link = payerActionLink(response);
    if (!response.id || !link) throw upstreamFailed('paymentProviderError');
    return { thirdOrderId: response.id, payerActionUrl: link };
  });

  registerRoute(app, paypalCaptureRoute, async ({ body }) => {
    const order = await orders.findByProviderSession('paypal', body.thirdOrderId);
    if (!order || (body.orderId !== undefined && body.orderId !== order.id) || (body.orderSn && body.orderSn !== order.orderSn)) throw notFound('orderNotFound');
    if (order.status === OrderStatus.AWAITING_PAYMENT || order.status === OrderStatus.PAYMENT_PROCESSING) {
      try {
        await settlement.apply('paypal', { kind: 'approved', order: { orderId: order.id }, sessionId: body.thirdOrderId, eventKey: paypalEventKey({ kind: 'approval', paypalOrderId: body.thirdOrderId }), eventType: 'return.approved', payload: {} });
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
  });

  registerRoute(app, paymentOutcome, ({ body }) => paymentOutcomeOf(db, config.jwtSecret, body.ref));
}
