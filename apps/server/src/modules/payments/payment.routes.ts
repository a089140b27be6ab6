import type { FastifyInstance } from 'fastify';
import { registerHandlers } from '../../http/handler.ts';
import type { Services } from '../../services.ts';
import { handler as payermaxOrder } from './handlers/payermax-order.handler.ts';
import { handler as paymentOutcome } from './handlers/payment-outcome.handler.ts';
import { handler as paypalCapture } from './handlers/paypal-capture.handler.ts';
import { handler as paypalOrder } from './handlers/paypal-order.handler.ts';
import { handler as xsollaToken } from './handlers/xsolla-token.handler.ts';

/**
 * The spec's provider routes: each opens the payment of the caller's unpaid order again at the provider it names, and
 * PayPal's return page captures an approved payment through the settlement; the payment return page's outcome.
 */
export const paymentHandlers = [xsollaToken, payermaxOrder, paypalOrder, paypalCapture, paymentOutcome];

export function registerPaymentRoutes(app: FastifyInstance, services: Services): void {
  registerHandlers(app, services, paymentHandlers);
}
