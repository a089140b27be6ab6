import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { orders, supersededPaymentSessions, users } from '../../db/schema.ts';
import type { Services } from '../../services.ts';
import { decimalToMinor } from './money.ts';
import { AmountMismatchError, DuplicatePaymentError, UnknownOrderError, type SettleOutcome } from './settlement.ts';
import { captureAndSettle } from './paypal/paypal-settlement.ts';
import { refundedCaptureId } from './paypal/paypal-client.ts';
import { verifyXsollaSignature, xsollaError, XSOLLA_ERROR_HTTP_STATUS, type XsollaErrorCode } from './xsolla/webhook-signature.ts';
import { XsollaPaymentNotification, XsollaRefundNotification, XsollaUserValidation } from './xsolla/webhook-types.ts';
import { PAYERMAX_NOTIFY_SUCCESS, PayermaxNotification, type PayermaxRefundNotification } from './payermax/notification.ts';
import { ProviderError } from './provider-error.ts';
import { isFreshSignedTime, PAYERMAX_NOTIFY_MAX_AGE_MS, PAYPAL_TRANSMISSION_MAX_AGE_MS } from './signed-time.ts';
import { DuplicatePaymentsService } from './duplicate-payments.ts';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

/**
 * Provider webhooks. Signatures are checked on the raw request bytes before anything is parsed, so this plugin keeps
 * its own JSON parser that stores the raw text.
 */
export async function webhookRoutes(app: FastifyInstance, services: Services): Promise<void> {
  app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string', bodyLimit: 256 * 1024 }, (request, body, done) => {
    request.rawBody = body as string;
    done(null, undefined);
  });

  app.post('/api/webhooks/paypal', { schema: { hide: true } }, (request, reply) => paypalWebhook(services, request, reply));
  app.post('/api/webhooks/xsolla', { schema: { hide: true } }, (request, reply) => xsollaWebhook(services, request, reply));
  app.post('/api/webhooks/payermax', { schema: { hide: true } }, (request, reply) => payermaxWebhook(services, request, reply));
}

function parseJson(raw: string | undefined): unknown {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

interface PaypalEvent {
  id: string;
  event_type: string;
  resource: {
    id?: string;
    status?: string;
    custom_id?: string;
    invoice_id?: string;
    amount?: { currency_code?: string; value?: string };
    purchase_units?: { custom_id?: string; reference_id?: string }[];
    supplementary_data?: { related_ids?: { order_id?: string } };
    links?: { rel?: string; href?: string }[];
  };
}

async function paypalWebhook({ paymentClients, settlement, db }: Services, request: FastifyRequest, reply: FastifyReply) {
  const raw = request.rawBody ?? '';
  // Checked before asking PayPal: the time is part of the signed text, so a stale one cannot be made fresh.
  const [transmissionTime] = [request.headers['paypal-transmission-time']].flat();
  if (transmissionTime && !isFreshSignedTime(transmissionTime, PAYPAL_TRANSMISSION_MAX_AGE_MS))
    return reply.status(400).send({ name: 'STALE_TRANSMISSION', message: 'PAYPAL-TRANSMISSION-TIME is outside the accepted window' });
  const verified = await paypalVerify(paymentClients.paypal, request, raw);
  if (verified === 'unavailable') return reply.status(503).send({ name: 'SERVICE_UNAVAILABLE' });
  if (!verified) return reply.status(400).send({ name: 'INVALID_SIGNATURE', message: 'webhook signature verification failed' });
  const event = parseJson(raw) as PaypalEvent | undefined;
  if (!event?.id || !event.event_type || !event.resource) return reply.status(400).send({ name: 'INVALID_REQUEST' });
  const resource = event.resource;
  const orderSn = resource.custom_id ?? resource.invoice_id ?? resource.purchase_units?.[0]?.custom_id;
  try {
    let outcome: SettleOutcome;
    switch (event.event_type) {
      case 'CHECKOUT.ORDER.APPROVED': {
        const [order] = await db
          .select()
          .from(orders)
          .where(and(eq(orders.thirdChannelName, 'paypal'), eq(orders.thirdOrderId, resource.id ?? '')));
        if (!order) {
          // An approval of a session the player left for another channel is not captured: it lapses uncharged.
          const left = await leftPaypalSession(db, resource.id ?? '');
          if (!left) throw new UnknownOrderError();
          outcome = await settlement.record({ provider: 'paypal', eventKey: `event:${event.id}`, eventType: event.event_type, order: { id: left.orderId }, payload: event });
          break;
        }
        // The buyer approved but may never come back to the return page: capture now, unless the order is gone.
        outcome = order.status <= 1 ? await captureAndSettle(paymentClients.paypal, settlement, order) : 'unchanged';
        break;
      }
      case 'PAYMENT.CAPTURE.COMPLETED':
        outcome = await settlement.confirmPaid({
          provider: 'paypal',
          eventKey: `capture:${resource.id}`,
          eventType: event.event_type,
          order: { orderSn: orderSn ?? '' },
          amountMinor: decimalToMinor(resource.amount?.value ?? '', resource.amount?.currency_code ?? ''),
          currency: resource.amount?.currency_code ?? '',
          thirdOrderId: resource.supplementary_data?.related_ids?.order_id,
          paymentId: resource.id ?? event.id,
          payload: event,
        });
        break;
      case 'PAYMENT.CAPTURE.DENIED':
        outcome = await settlement.paymentFailed({
          provider: 'paypal',
          eventKey: `capture-declined:${resource.id}`,
          eventType: event.event_type,
          order: { orderSn: orderSn ?? '' },
          payload: event,
        });
        break;
      case 'PAYMENT.CAPTURE.REFUNDED': {
        // resource is the refund; it carries the capture's custom_id (our order number) and links up to the capture
        const refundedPaymentId = refundedCaptureId(resource.links);
        outcome = await settlement.refunded({
          provider: 'paypal',
          eventKey: `refund:${resource.id}`,
          eventType: event.event_type,
          order: { orderSn: orderSn ?? '' },
          amountMinor: decimalToMinor(resource.amount?.value ?? '', resource.amount?.currency_code ?? ''),
          currency: resource.amount?.currency_code ?? '',
          ...(resource.id ? { providerRefundId: resource.id } : {}),
          ...(refundedPaymentId ? { refundedPaymentId } : {}),
          payload: event,
        });
        break;
      }
      case 'PAYMENT.CAPTURE.PENDING':
        outcome = await settlement.paymentPending({
          provider: 'paypal',
          eventKey: `capture-pending:${resource.id}`,
          eventType: event.event_type,
          order: { orderSn: orderSn ?? '' },
          payload: event,
        });
        break;
      default:
        // Events we do not act on (yet) are acknowledged so PayPal stops resending them.
        outcome = orderSn
          ? await settlement.record({ provider: 'paypal', eventKey: `event:${event.id}`, eventType: event.event_type, order: { orderSn }, payload: event })
          : 'unchanged';
    }
    request.log.info({ eventType: event.event_type, outcome }, 'paypal webhook');
    return reply.status(200).send({ received: true });
  } catch (error) {
    if (error instanceof UnknownOrderError) return reply.status(404).send({ name: 'RESOURCE_NOT_FOUND', message: 'unknown order' });
    if (error instanceof AmountMismatchError || error instanceof RangeError)
      return reply.status(422).send({ name: 'INCORRECT_AMOUNT', message: 'amount or currency does not match the order' });
    if (error instanceof ProviderError) return reply.status(503).send({ name: 'SERVICE_UNAVAILABLE' });
    throw error;
  }
}

async function paypalVerify(
  paypal: Services['paymentClients']['paypal'],
  request: FastifyRequest,
  raw: string,
): Promise<boolean | 'unavailable'> {
  try {
    return await paypal.verifyWebhook(request.headers, raw);
  } catch (error) {
    if (error instanceof ProviderError) return 'unavailable';
    throw error;
  }
}

async function xsollaWebhook({ config, settlement, db }: Services, request: FastifyRequest, reply: FastifyReply) {
  const fail = (code: XsollaErrorCode, message: string) => reply.status(XSOLLA_ERROR_HTTP_STATUS).send(xsollaError(code, message));
  const raw = request.rawBody ?? '';
  if (!verifyXsollaSignature(raw, request.headers.authorization, config.xsolla.secretKey))
    return fail('INVALID_SIGNATURE', 'Invalid signature');
  const body = parseJson(raw) as { notification_type?: string } | undefined;
  switch (body?.notification_type) {
    case 'user_validation': {
      const parsed = XsollaUserValidation.safeParse(body);
      const userId = parsed.success ? Number(parsed.data.user.id) : NaN;
      if (!Number.isSafeInteger(userId) || userId <= 0) return fail('INVALID_USER', 'Invalid user');
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      return user ? reply.status(204).send() : fail('INVALID_USER', 'Invalid user');
    }
    case 'payment': {
      const parsed = XsollaPaymentNotification.safeParse(body);
      if (!parsed.success) return fail('INVALID_PARAMETER', 'Invalid payment notification');
      const { transaction, purchase } = parsed.data;
      if (transaction.dry_run && !config.xsolla.sandbox) return fail('INVALID_PARAMETER', 'Test payments are not accepted');
      const paid = purchase.checkout ?? purchase.total;
      if (!paid) return fail('INCORRECT_AMOUNT', 'Missing amount');
      try {
        const outcome = await settlement.confirmPaid({
          provider: 'xsolla',
          eventKey: `payment:${transaction.id}`,
          eventType: 'payment',
          order: { orderSn: String(transaction.external_id) },
          amountMinor: decimalToMinor(paid.amount, paid.currency),
          currency: paid.currency,
          thirdOrderId: String(transaction.id),
          paymentId: String(transaction.id),
          payload: parsed.data,
        }, 'refuse');
        request.log.info({ outcome }, 'xsolla payment webhook');
        return reply.status(204).send();
      } catch (error) {
        if (error instanceof UnknownOrderError) return fail('INCORRECT_INVOICE', 'Unknown order');
        if (error instanceof AmountMismatchError || error instanceof RangeError) return fail('INCORRECT_AMOUNT', 'Amount or currency does not match');
        // Refused, so Xsolla does not complete this second payment and the player is not charged twice.
        if (error instanceof DuplicatePaymentError) {
          request.log.warn({ orderSn: error.orderSn, transaction: transaction.id }, 'xsolla payment refused: the order is already paid');
          return fail('INVALID_PARAMETER', 'The order is already paid');
        }
        throw error;
      }
    }
    case 'refund': {
      const parsed = XsollaRefundNotification.safeParse(body);
      if (!parsed.success) return fail('INVALID_PARAMETER', 'Invalid refund notification');
      const { transaction, purchase } = parsed.data;
      const paid = purchase.checkout ?? purchase.total;
      if (!paid) return fail('INCORRECT_AMOUNT', 'Missing amount');
      try {
        const outcome = await settlement.refunded({
          provider: 'xsolla',
          eventKey: `refund:${transaction.id}`,
          eventType: 'refund',
          order: { orderSn: String(transaction.external_id) },
          amountMinor: decimalToMinor(paid.amount, paid.currency),
          currency: paid.currency,
          providerRefundId: String(transaction.id),
          refundedPaymentId: String(transaction.id),
          payload: parsed.data,
        });
        request.log.info({ outcome }, 'xsolla refund webhook');
        return reply.status(204).send();
      } catch (error) {
        if (error instanceof UnknownOrderError) return fail('INCORRECT_INVOICE', 'Unknown order');
        if (error instanceof RangeError) return fail('INCORRECT_AMOUNT', 'Invalid amount');
        throw error;
      }
    }
    default:
      // Notification types we do not handle are acknowledged, as Xsolla expects.
      return reply.status(204).send();
  }
}

async function payermaxWebhook(services: Services, request: FastifyRequest, reply: FastifyReply) {
  const { paymentClients, settlement } = services;
  const fail = (status: number, msg: string) => reply.status(status).send({ code: 'FAIL', msg });
  const raw = request.rawBody ?? '';
  const sign = request.headers.sign;
  if (!paymentClients.payermax.verifySignature(raw, Array.isArray(sign) ? sign[0] : sign)) return fail(401, 'invalid signature');
  const parsed = PayermaxNotification.safeParse(parseJson(raw));
  if (!parsed.success) return fail(400, 'invalid notification');
  const notification = parsed.data;
  if (notification.notifyTime !== undefined && !isFreshSignedTime(notification.notifyTime, PAYERMAX_NOTIFY_MAX_AGE_MS))
    return fail(400, 'stale notification: notifyTime is outside the accepted window');
  const { appId, merchantNo } = paymentClients.payermax.account;
  if (notification.appId !== appId || notification.merchantNo !== merchantNo) return fail(400, 'notification for another merchant');
  if (notification.notifyType === 'REFUND') return payermaxRefund(services, notification, request, reply);
  const { data } = notification;
  const base = {
    provider: 'payermax' as const,
    eventType: `payment.${data.status}`,
    order: { orderSn: data.outTradeNo },
    payload: notification,
  };
  try {
    let outcome: SettleOutcome;
    if (data.status === 'SUCCESS') {
      outcome = await settlement.confirmPaid({
        ...base,
        eventKey: `payment:${data.outTradeNo}:SUCCESS`,
        amountMinor: decimalToMinor(data.totalAmount, data.currency),
        currency: data.currency,
        thirdOrderId: data.tradeToken,
        paymentId: data.tradeToken ?? data.outTradeNo,
      });
    } else if (data.status === 'FAILED') {
      outcome = await settlement.paymentFailed({ ...base, eventKey: `payment:${data.outTradeNo}:FAILED` });
    } else {
      outcome = await settlement.record({ ...base, eventKey: `payment:${data.outTradeNo}:${data.status}` });
    }
    request.log.info({ outcome, status: data.status }, 'payermax notification');
    return reply.send(PAYERMAX_NOTIFY_SUCCESS);
  } catch (error) {
    if (error instanceof UnknownOrderError) return fail(404, 'unknown order');
    if (error instanceof AmountMismatchError || error instanceof RangeError) return fail(422, 'amount or currency does not match');
    throw error;
  }
}

/** A REFUND notification: REFUND_SUCCESS completes the refund; REFUND_FAILED marks our pending refund failed. */
async function payermaxRefund(
  { settlement, providerRefunds, duplicatePayments }: Services,
  notification: PayermaxRefundNotification,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { data } = notification;
  try {
    let outcome: SettleOutcome | 'failed';
    if (data.status === 'REFUND_SUCCESS') {
      outcome = await settlement.refunded({
        provider: 'payermax',
        eventKey: `refund:${data.outRefundNo}:SUCCESS`,
        eventType: 'refund.REFUND_SUCCESS',
        order: { orderSn: data.outTradeNo },
        amountMinor: decimalToMinor(data.refundAmount, data.refundCurrency),
        currency: data.refundCurrency,
        ...(data.refundTradeNo ? { providerRefundId: data.refundTradeNo } : {}),
        payload: notification,
      });
    } else if (data.status === 'REFUND_FAILED') {
      const duplicateId = DuplicatePaymentsService.fromPayermaxRefundNo(data.outRefundNo);
      if (duplicateId !== undefined) await duplicatePayments.markFailed(duplicateId, `PayerMax: ${data.status}`);
      else await providerRefunds.markFailed(data.outTradeNo, `PayerMax: ${data.status}`);
      outcome = 'failed';
    } else {
      outcome = await settlement.record({ provider: 'payermax', eventKey: `refund:${data.outRefundNo}:${data.status}`, eventType: `refund.${data.status}`, order: { orderSn: data.outTradeNo }, payload: notification });
    }
    request.log.info({ outcome, status: data.status }, 'payermax refund notification');
    return reply.send(PAYERMAX_NOTIFY_SUCCESS);
  } catch (error) {
    if (error instanceof UnknownOrderError) return reply.status(404).send({ code: 'FAIL', msg: 'unknown order' });
    if (error instanceof RangeError) return reply.status(422).send({ code: 'FAIL', msg: 'invalid amount' });
    throw error;
  }
}

async function leftPaypalSession(db: Services['db'], paypalOrderId: string) {
  const [session] = await db
    .select({ orderId: supersededPaymentSessions.orderId })
    .from(supersededPaymentSessions)
    .where(and(eq(supersededPaymentSessions.provider, 'paypal'), eq(supersededPaymentSessions.thirdOrderId, paypalOrderId)))
    .limit(1);
  return session;
}
