import { decimalToMinor } from '../../../shared/money.ts';
import type {
  OpenedPayment,
  ParsedWebhook,
  PaymentFact,
  PaymentProvider,
  PaymentToOpen,
  RefundStarted,
  RefundSubject,
  RefundToMake,
  SessionToQuery,
  WebhookOutcome,
  WebhookReply,
  WebhookRequest,
} from '../payment-provider.ts';
import type { ProviderError } from '../provider-error.ts';
import { safeJsonParse } from '../provider-http.ts';
import { isFreshSignedTime, PAYERMAX_NOTIFY_MAX_AGE_MS } from '../signed-time.ts';
import { PAYERMAX_NOTIFY_SUCCESS, PayermaxNotification, type PayermaxPaymentNotification, type PayermaxRefundNotification } from './notification.ts';
import type { PayermaxClient } from './payermax-client.ts';
import { PAYERMAX_CURRENCIES } from './payermax-currencies.ts';

/** PayerMax's facts are about our trade (outTradeNo) and refund numbers: `payment:<orderSn>:<status>`, `refund:<refundNo>:<status>`. */
export function payermaxEventKey(key: { kind: 'payment'; orderSn: string; status: string } | { kind: 'refund'; refundNo: string; status: string }): string {
  return key.kind === 'payment' ? `payment:${key.orderSn}:${key.status}` : `refund:${key.refundNo}:${key.status}`;
}

/**
 * Our refund numbers (outRefundNo, PayerMax's idempotency key of a refund): `R<orderSn>` for an order's refund,
 * `D<id>` for a second payment's, so a REFUND notification tells whose refund it is.
 */
export function payermaxRefundNo(subject: RefundSubject): string {
  return subject.kind === 'order' ? `R${subject.orderSn}` : `D${subject.id}`;
}

/** Whose refund a refund number is (the reverse of payermaxRefundNo); an order's refund when it is not a second payment's. */
export function refundSubjectOf(refundNo: string, orderSn: string): RefundSubject {
  const secondPayment = /^D(\d+)$/.exec(refundNo);
  return secondPayment ? { kind: 'second-payment', id: Number(secondPayment[1]) } : { kind: 'order', orderSn };
}

const fail = (status: number, msg: string): WebhookReply => ({ status, body: { code: 'FAIL', msg } });

/**
 * PayerMax hosted checkout: orderAndPay gives the redirect URL; signed notifications report payments and refunds; the
 * browser's return carries a status that is never trusted (only a notification or orderQuery moves the order).
 */
export class PayermaxProvider implements PaymentProvider {
  readonly name = 'payermax';
  readonly queryScope = 'order';
  readonly chargeableCurrencies = PAYERMAX_CURRENCIES;

  constructor(private readonly client: PayermaxClient) {}

  async open(payment: PaymentToOpen): Promise<OpenedPayment> {
    const answer = await this.client.orderAndPay({
      outTradeNo: payment.orderSn,
      subject: payment.description,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      country: payment.country,
      userId: String(payment.userId),
      language: payment.language,
      frontCallbackUrl: payment.returnUrl,
      notifyUrl: payment.notifyUrl,
      reference: String(payment.orderId),
      // PayerMax accepts 1800 to 86400 seconds; our own expiry job closes the order at our configured time anyway.
      expireSeconds: Math.min(86_400, Math.max(1800, payment.expireSeconds)),
    });
    const tradeToken = answer.data?.tradeToken;
    return { clientAnswer: JSON.stringify(answer), ...(tradeToken ? { sessionId: tradeToken } : {}) };
  }

  /** The client reads PayerMax's own shape: a code it does not go ahead on, and the message to show. */
  openFailure(error: ProviderError, message: string): string {
    return JSON.stringify({ code: error.issue ?? 'PROVIDER_ERROR', msg: message });
  }

  async parseWebhook({ rawBody, headers }: WebhookRequest): Promise<ParsedWebhook> {
    const [sign] = [headers.sign].flat();
    if (!this.client.verifySignature(rawBody, sign)) return { refuse: fail(401, 'invalid signature') };
    const parsed = PayermaxNotification.safeParse(safeJsonParse(rawBody));
    if (!parsed.success) return { refuse: fail(400, 'invalid notification') };
    const notification = parsed.data;
    if (notification.notifyTime !== undefined && !isFreshSignedTime(notification.notifyTime, PAYERMAX_NOTIFY_MAX_AGE_MS))
      return { refuse: fail(400, 'stale notification: notifyTime is outside the accepted window') };
    const { appId, merchantNo } = this.client.account;
    if (notification.appId !== appId || notification.merchantNo !== merchantNo) return { refuse: fail(400, 'notification for another merchant') };
    try {
      return { facts: [notification.notifyType === 'REFUND' ? refundFact(notification) : paymentFact(notification)] };
    } catch (error) {
      if (error instanceof RangeError) return { refuse: this.webhookReply('amount-mismatch') };
      throw error;
    }
  }

  webhookReply(outcome: WebhookOutcome): WebhookReply {
    switch (outcome) {
      case 'unknown-order':
        return fail(404, 'unknown order');
      case 'amount-mismatch':
        return fail(422, 'amount or currency does not match');
      case 'provider-unavailable':
        return fail(503, 'try again later');
      default:
        return { status: 200, body: PAYERMAX_NOTIFY_SUCCESS };
    }
  }

  async query(session: SessionToQuery): Promise<PaymentFact[]> {
    const data = await this.client.orderQuery(session.orderSn);
    const base = { order: { orderId: session.orderId }, payload: data };
    if (data.status === 'SUCCESS' && data.totalAmount !== undefined && data.currency) {
      return [
        {
          ...base,
          kind: 'paid',
          eventKey: payermaxEventKey({ kind: 'payment', orderSn: data.outTradeNo, status: 'SUCCESS' }),
          eventType: 'reconcile.payment.SUCCESS',
          amountMinor: decimalToMinor(data.totalAmount, data.currency),
          currency: data.currency,
          paymentId: data.tradeToken ?? data.outTradeNo,
          ...(data.tradeToken ? { sessionId: data.tradeToken } : {}),
          secondPayment: 'record',
        },
      ];
    }
    if (data.status === 'FAILED') {
      return [{ ...base, kind: 'failed', eventKey: payermaxEventKey({ kind: 'payment', orderSn: data.outTradeNo, status: 'FAILED' }), eventType: 'reconcile.payment.FAILED' }];
    }
    return [];
  }

  /** The REFUND notification completes it (PayerMax documents no refund query in what we build to: PAYMENTS.md). */
  async refund(refund: RefundToMake): Promise<RefundStarted> {
    const answer = await this.client.refund({
      outRefundNo: payermaxRefundNo(refund.subject),
      outTradeNo: refund.orderSn,
      amountMinor: refund.amountMinor,
      currency: refund.currency,
      comments: refund.reason,
    });
    return { ...(answer.refundTradeNo ? { refundId: answer.refundTradeNo } : {}), facts: [] };
  }
}

function paymentFact(notification: PayermaxPaymentNotification): PaymentFact {
  const { data } = notification;
  const base = { order: { orderSn: data.outTradeNo }, eventType: `payment.${data.status}`, eventKey: payermaxEventKey({ kind: 'payment', orderSn: data.outTradeNo, status: data.status }), payload: notification };
  switch (data.status) {
    case 'SUCCESS':
      return {
        ...base,
        kind: 'paid',
        amountMinor: decimalToMinor(data.totalAmount, data.currency),
        currency: data.currency,
        paymentId: data.tradeToken ?? data.outTradeNo,
        ...(data.tradeToken ? { sessionId: data.tradeToken } : {}),
        secondPayment: 'record',
      };
    case 'FAILED':
      return { ...base, kind: 'failed' };
    default:
      return { ...base, kind: 'noted' };
  }
}

/** REFUND_SUCCESS completes the refund; REFUND_FAILED marks ours failed (an operator may try again); others are kept. */
function refundFact(notification: PayermaxRefundNotification): PaymentFact {
  const { data } = notification;
  const subject = refundSubjectOf(data.outRefundNo, data.outTradeNo);
  const base = { order: { orderSn: data.outTradeNo }, eventKey: payermaxEventKey({ kind: 'refund', refundNo: data.outRefundNo, status: data.status }), eventType: `refund.${data.status}`, payload: notification };
  if (data.status === 'REFUND_SUCCESS') {
    return {
      ...base,
      kind: 'refunded',
      amountMinor: decimalToMinor(data.refundAmount, data.refundCurrency),
      currency: data.refundCurrency,
      ...(data.refundTradeNo ? { refundId: data.refundTradeNo } : {}),
      ...(subject.kind === 'second-payment' ? { secondPaymentId: subject.id } : {}),
    };
  }
  if (data.status === 'REFUND_FAILED') return { kind: 'refund-failed', refund: subject, reason: `PayerMax: ${data.status}` };
  return { ...base, kind: 'noted' };
}
