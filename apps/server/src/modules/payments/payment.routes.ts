import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { payermaxOrder, paypalCapture, paypalOrder, xsollaToken, PayermaxPayResponse, XsollaPayResponse, payerActionLink, PaypalPayResponse } from '@shop/contract/checkout';
import { createVoucherOrder } from '@shop/contract/checkout';
import { paymentOutcome } from '@shop/contract/payment-return';
import { isPayable, OrderStatus } from '@shop/contract/orders';
import { registerRoute } from '../../http/route.ts';
import { devicePlatformOf } from '../channels/channels.service.ts';
import { badRequest, conflict, notFound, providerUnavailable } from '../../http/errors.ts';
import { orders } from '../../db/schema.ts';
import type { Services } from '../../services.ts';
import { byPlayer } from '../../http/rate-limit.ts';
import { captureAndSettle } from './paypal/paypal-settlement.ts';
import { ProviderError } from './provider-error.ts';
import { paymentOutcomeOf } from './payment-return.ts';

export function registerPaymentRoutes(app: FastifyInstance, services: Services): void {
  const { checkout, orders: orderService, db, paymentClients, settlement, rateLimits, idempotency, config } = services;

  registerRoute(
    app,
    createVoucherOrder,
    ({ user, body, language, idempotency: claim, request }) =>
      checkout.createVoucherOrder(user, body, language, claim, devicePlatformOf(request.headers['user-agent'])),
    { rateLimit: rateLimits.route(app, 'orders', byPlayer), idempotency },
  );

  /** The caller's unpaid order, ready to be paid again. */
  const payableOrder = async (userId: number, orderId: number) => {
    const order = await orderService.findOwned(db, userId, orderId);
    if (!isPayable(order.status)) throw conflict('orderNotPayable');
    return order;
  };

  registerRoute(app, xsollaToken, async ({ user, body, language }) => {
    const order = await payableOrder(user.userId, body.orderId);
    return XsollaPayResponse.parse(JSON.parse(await checkout.reopen(order, 'xsolla', language)));
  });

  registerRoute(app, payermaxOrder, async ({ user, body, language }) => {
    const order = await payableOrder(user.userId, body.orderId);
    return PayermaxPayResponse.parse(JSON.parse(await checkout.reopen(order, 'payermax', language)));
  });

  registerRoute(app, paypalOrder, async ({ user, body, language }) => {
    const order = await payableOrder(user.userId, body.orderId);
    if (order.orderSn !== body.orderSn) throw notFound('orderNotFound');
    const response = PaypalPayResponse.parse(JSON.parse(await checkout.reopen(order, 'paypal', language)));
    const link = payerActionLink(response);
    if (!response.id || !link) throw providerUnavailable();
    return { thirdOrderId: response.id, payerActionUrl: link };
  });

  registerRoute(app, paypalCapture, async ({ body }) => {
    const [order] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.thirdChannelName, 'paypal'), eq(orders.thirdOrderId, body.thirdOrderId)));
    if (!order || (body.orderId !== undefined && body.orderId !== order.id) || (body.orderSn && body.orderSn !== order.orderSn))
      throw notFound('orderNotFound');
    if (order.status === OrderStatus.AWAITING_PAYMENT || order.status === OrderStatus.PAYMENT_PROCESSING) {
      try {
        await captureAndSettle(paymentClients.paypal, settlement, order);
      } catch (error) {
        // PayPal timed out, failed or refused: the order stays as it is (reconciliation settles a capture that did
        // happen) and the player gets a clear message instead of a 500.
        if (error instanceof ProviderError) throw providerUnavailable();
        throw error;
      }
    } else if (order.status === OrderStatus.CANCELLED || order.status === OrderStatus.CLOSED) {
      throw badRequest('orderNotPayable');
    }
    const [after] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    return { status: after!.status, orderId: order.id };
  });

  registerRoute(app, paymentOutcome, ({ body }) => paymentOutcomeOf(db, config.jwtSecret, body.ref));
}
