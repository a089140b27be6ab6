import { decimalToMinor } from '../../../shared/money.ts';
import type {
  OpenedPayment,
  ParsedWebhook,
  PaymentFact,
  PaymentProvider,
  PaymentToOpen,
  RefundStarted,
  RefundToMake,
  RefundToQuery,
  SessionToQuery,
  WebhookOutcome,
  WebhookReply,
  WebhookRequest,
} from '../payment-provider.ts';
import type { ProviderError } from '../provider-error.ts';
import { safeJsonParse } from '../provider-http.ts';
import { verifyXsollaSignature, xsollaError, XSOLLA_ERROR_HTTP_STATUS, type XsollaErrorCode } from './webhook-signature.ts';
import { XsollaPaymentNotification, XsollaRefundNotification, XsollaUserValidation } from './webhook-types.ts';
import type { XsollaClient } from './xsolla-client.ts';
import { XSOLLA_CURRENCIES } from './xsolla-currencies.ts';

/** Xsolla's facts are about its transactions: `payment:<transaction id>`, `refund:<transaction id>`. */
export function xsollaEventKey(key: { kind: 'payment' | 'refund'; transactionId: number | string }): string {
  return `${key.kind}:${key.transactionId}`;
}

export interface XsollaProviderOptions {
  /** The project's secret key: webhooks carry SHA-1(raw body + key). */
  secretKey: string;
  /** Test payments (dry_run) are accepted only in sandbox mode. */
  sandbox: boolean;
}

const refuse = (code: XsollaErrorCode, message: string) => ({ refuse: { status: XSOLLA_ERROR_HTTP_STATUS, body: xsollaError(code, message) } });

/**
 * Xsolla Pay Station: a token for the embedded widget, then Xsolla's webhooks (it asks whether the player exists, then
 * reports the payment and refunds). A failed payment is reported only to the widget, never by webhook.
 */
export class XsollaProvider implements PaymentProvider {
  readonly name = 'xsolla';
  readonly queryScope = 'order';
  readonly chargeableCurrencies = XSOLLA_CURRENCIES;

  constructor(
    private readonly client: XsollaClient,
    private readonly options: XsollaProviderOptions,
  ) {}

  async open(payment: PaymentToOpen): Promise<OpenedPayment> {
    const { token } = await this.client.createToken({
      orderSn: payment.orderSn,
      userId: String(payment.userId),
      country: payment.country,
      currency: payment.currency,
      amountMinor: payment.amountMinor,
      language: payment.language,
      description: payment.description,
      returnUrl: payment.returnUrl,
      customParameters: { orderId: payment.orderId },
    });
    return { clientAnswer: JSON.stringify({ token }) };
  }

  openFailure(_error: ProviderError, message: string): string {
    return JSON.stringify({ errorMessage: message });
  }

  async parseWebhook({ rawBody, headers }: WebhookRequest): Promise<ParsedWebhook> {
    if (!verifyXsollaSignature(rawBody, headers.authorization, this.options.secretKey)) return refuse('INVALID_SIGNATURE', 'Invalid signature');
    const body = safeJsonParse(rawBody) as { notification_type?: string } | undefined;
    switch (body?.notification_type) {
      case 'user_validation': {
        const parsed = XsollaUserValidation.safeParse(body);
        const userId = parsed.success ? Number(parsed.data.user.id) : NaN;
        if (!Number.isSafeInteger(userId) || userId <= 0) return refuse('INVALID_USER', 'Invalid user');
        return { facts: [{ kind: 'player-check', userId }] };
      }
      case 'payment': {
        const parsed = XsollaPaymentNotification.safeParse(body);
        if (!parsed.success) return refuse('INVALID_PARAMETER', 'Invalid payment notification');
        const { transaction, purchase } = parsed.data;
        if (transaction.dry_run && !this.options.sandbox) return refuse('INVALID_PARAMETER', 'Test payments are not accepted');
        const paid = purchase.checkout ?? purchase.total;
        if (!paid) return refuse('INCORRECT_AMOUNT', 'Missing amount');
        const amountMinor = minorOrUndefined(paid.amount, paid.currency);
        if (amountMinor === undefined) return refuse('INCORRECT_AMOUNT', 'Amount or currency does not match');
        return {
          facts: [
            {
              kind: 'paid',
              order: { orderSn: String(transaction.external_id) },
              eventKey: xsollaEventKey({ kind: 'payment', transactionId: transaction.id }),
              eventType: 'payment',
              amountMinor,
              currency: paid.currency,
              paymentId: String(transaction.id),
              sessionId: String(transaction.id),
              // Refused while Xsolla can still stop it, so the player is not charged twice.
              secondPayment: 'refuse',
              payload: parsed.data,
            },
          ],
        };
      }
      case 'refund': {
        const parsed = XsollaRefundNotification.safeParse(body);
        if (!parsed.success) return refuse('INVALID_PARAMETER', 'Invalid refund notification');
        const { transaction, purchase } = parsed.data;
        const paid = purchase.checkout ?? purchase.total;
        if (!paid) return refuse('INCORRECT_AMOUNT', 'Missing amount');
        const amountMinor = minorOrUndefined(paid.amount, paid.currency);
        if (amountMinor === undefined) return refuse('INCORRECT_AMOUNT', 'Invalid amount');
        return {
          facts: [
            {
              kind: 'refunded',
              order: { orderSn: String(transaction.external_id) },
              eventKey: xsollaEventKey({ kind: 'refund', transactionId: transaction.id }),
              eventType: 'refund',
              amountMinor,
              currency: paid.currency,
              refundId: String(transaction.id),
              refundedPaymentId: String(transaction.id),
              payload: parsed.data,
            },
          ],
        };
      }
      default:
        // Notification types we do not handle are acknowledged, as Xsolla expects.
        return { facts: [] };
    }
  }

  webhookReply(outcome: WebhookOutcome): WebhookReply {
    switch (outcome) {
      case 'unknown-player':
        return refuse('INVALID_USER', 'Invalid user').refuse;
      case 'unknown-order':
        return refuse('INCORRECT_INVOICE', 'Unknown order').refuse;
      case 'amount-mismatch':
        return refuse('INCORRECT_AMOUNT', 'Amount or currency does not match').refuse;
      case 'second-payment-refused':
        return refuse('INVALID_PARAMETER', 'The order is already paid').refuse;
      case 'provider-unavailable':
        return { status: 503 };
      default:
        return { status: 204 };
    }
  }

  /** Every completed transaction of the order counts: the first pays it, any other is a second payment to refund. */
  async query(session: SessionToQuery): Promise<PaymentFact[]> {
    const transactions = await this.client.findTransactions(session.orderSn);
    return transactions
      .filter((done) => done.status === 'done' && done.amountMinor !== undefined && done.currency)
      .map((done) => ({
        kind: 'paid',
        order: { orderId: session.orderId },
        eventKey: xsollaEventKey({ kind: 'payment', transactionId: done.id }),
        eventType: 'reconcile.payment',
        amountMinor: done.amountMinor!,
        currency: done.currency!,
        paymentId: String(done.id),
        sessionId: String(done.id),
        // The money has moved: a second one is recorded for an operator's refund.
        secondPayment: 'record',
        payload: done,
      }));
  }

  /** Xsolla answers 204; its refund webhook, naming the transaction, completes the refund. */
  async refund(refund: RefundToMake): Promise<RefundStarted> {
    await this.client.refund(refund.paymentId, refund.reason);
    return { refundId: refund.paymentId, facts: [] };
  }

  /** An order's refund names its transaction (the refund id); a second payment's refund, the payment itself. */
  async queryRefund(refund: RefundToQuery): Promise<PaymentFact[] | 'pending'> {
    const transactionId = refund.paymentId ?? refund.refundId;
    if (!transactionId) return 'pending';
    const transactions = await this.client.findTransactions(refund.orderSn);
    const refunded = transactions.find((transaction) => String(transaction.id) === transactionId && transaction.status === 'refunded');
    if (!refunded || refunded.amountMinor === undefined || !refunded.currency) return 'pending';
    return [
      {
        kind: 'refunded',
        order: { orderId: refund.orderId },
        eventKey: xsollaEventKey({ kind: 'refund', transactionId: refunded.id }),
        eventType: 'reconcile.refund',
        amountMinor: refunded.amountMinor,
        currency: refunded.currency,
        refundId: String(refunded.id),
        refundedPaymentId: String(refunded.id),
        payload: refunded,
      },
    ];
  }
}

function minorOrUndefined(amount: number, currency: string): number | undefined {
  try {
    return decimalToMinor(amount, currency);
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}
