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
import { isFreshSignedTime, PAYPAL_TRANSMISSION_MAX_AGE_MS } from '../signed-time.ts';
import { ProviderError } from '../provider-error.ts';
import { safeJsonParse } from '../provider-http.ts';
import { PAYPAL_CURRENCIES } from './paypal-currencies.ts';
import { refundedCaptureId, type PaypalCaptureResult, type PaypalClient } from './paypal-client.ts';

/** The facts PayPal tells us about, each under one key: the same fact from the webhook, the return page or reconciliation counts once. */
type PaypalKey =
  | { kind: 'capture' | 'capture-pending' | 'capture-declined'; captureId: string }
  | { kind: 'refund'; refundId: string }
  | { kind: 'approval'; paypalOrderId: string }
  /** A webhook event we acknowledge without acting on it. */
  | { kind: 'event'; eventId: string };

/** PayPal's event keys (payment_events.event_key): `capture:<id>`, `refund:<id>`, `event:<webhook id>` ... */
export function paypalEventKey(key: PaypalKey): string {
  switch (key.kind) {
    case 'refund':
      return `refund:${key.refundId}`;
    case 'approval':
      return `approval:${key.paypalOrderId}`;
    case 'event':
      return `event:${key.eventId}`;
    default:
      return `${key.kind}:${key.captureId}`;
  }
}

interface PaypalEvent {
  id?: string;
  event_type?: string;
  resource?: {
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

/** PayPal Orders v2: a redirect to the payer-action link, a capture once approved, refunds of the capture. */
export class PaypalProvider implements PaymentProvider {
  readonly name = 'paypal';
  readonly queryScope = 'session';
  readonly chargeableCurrencies = PAYPAL_CURRENCIES;

  constructor(private readonly client: PaypalClient) {}

  async open(payment: PaymentToOpen): Promise<OpenedPayment> {
    const created = await this.client.createOrder({
      requestId: `create-${payment.orderSn}`,
      orderSn: payment.orderSn,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      description: payment.description,
      returnUrl: payment.returnUrl,
      cancelUrl: payment.cancelUrl,
      locale: payment.language,
    });
    return { clientAnswer: JSON.stringify({ id: created.id, status: created.status, links: created.links }), sessionId: created.id };
  }

  openFailure(_error: ProviderError, message: string): string {
    return JSON.stringify({ errorMessage: message });
  }

  async parseWebhook({ rawBody, headers }: WebhookRequest): Promise<ParsedWebhook> {
    // Checked before asking PayPal: the time is part of the signed text, so a stale one cannot be made fresh.
    const [transmissionTime] = [headers['paypal-transmission-time']].flat();
    if (transmissionTime && !isFreshSignedTime(transmissionTime, PAYPAL_TRANSMISSION_MAX_AGE_MS))
      return { refuse: { status: 400, body: { name: 'STALE_TRANSMISSION', message: 'PAYPAL-TRANSMISSION-TIME is outside the accepted window' } } };
    let verified: boolean;
    try {
      verified = await this.client.verifyWebhook(headers, rawBody);
    } catch (error) {
      if (error instanceof ProviderError) return { refuse: this.webhookReply('provider-unavailable') };
      throw error;
    }
    if (!verified) return { refuse: { status: 400, body: { name: 'INVALID_SIGNATURE', message: 'webhook signature verification failed' } } };
    const event = safeJsonParse(rawBody) as PaypalEvent | undefined;
    if (!event?.id || !event.event_type || !event.resource) return { refuse: { status: 400, body: { name: 'INVALID_REQUEST' } } };
    try {
      return { facts: this.factsOf(event as Required<PaypalEvent>) };
    } catch (error) {
      if (error instanceof RangeError) return { refuse: this.webhookReply('amount-mismatch') };
      throw error;
    }
  }

  returnApproval({ orderId, sessionId }: { orderId: number; sessionId: string }): PaymentFact {
    return { kind: 'approved', order: { orderId }, sessionId, eventKey: paypalEventKey({ kind: 'approval', paypalOrderId: sessionId }), eventType: 'return.approved', payload: {} };
  }

  private factsOf(event: Required<PaypalEvent>): PaymentFact[] {
    const { resource } = event;
    const orderSn = resource.custom_id ?? resource.invoice_id ?? resource.purchase_units?.[0]?.custom_id ?? '';
    const byNumber = { orderSn };
    const amount = () => ({
      amountMinor: decimalToMinor(resource.amount?.value ?? '', resource.amount?.currency_code ?? ''),
      currency: resource.amount?.currency_code ?? '',
    });
    const resourceId = resource.id ?? '';
    switch (event.event_type) {
      case 'CHECKOUT.ORDER.APPROVED':
        // The buyer approved but may never come back to the return page: the settlement captures it, unless the order is gone.
        return [
          { kind: 'approved', order: { sessionId: resourceId }, sessionId: resourceId, eventKey: paypalEventKey({ kind: 'event', eventId: event.id }), eventType: event.event_type, payload: event },
        ];
      case 'PAYMENT.CAPTURE.COMPLETED': {
        const sessionId = resource.supplementary_data?.related_ids?.order_id;
        return [
          {
            kind: 'paid',
            order: byNumber,
            eventKey: paypalEventKey({ kind: 'capture', captureId: resourceId }),
            eventType: event.event_type,
            ...amount(),
            paymentId: resource.id ?? event.id,
            ...(sessionId ? { sessionId } : {}),
            secondPayment: 'record',
            payload: event,
          },
        ];
      }
      case 'PAYMENT.CAPTURE.DENIED':
        return [{ kind: 'failed', order: byNumber, eventKey: paypalEventKey({ kind: 'capture-declined', captureId: resourceId }), eventType: event.event_type, payload: event }];
      case 'PAYMENT.CAPTURE.PENDING':
        return [{ kind: 'pending', order: byNumber, eventKey: paypalEventKey({ kind: 'capture-pending', captureId: resourceId }), eventType: event.event_type, payload: event }];
      case 'PAYMENT.CAPTURE.REFUNDED': {
        // The resource is the refund; it carries the capture's custom_id (our order number) and links up to the capture.
        const refundedPaymentId = refundedCaptureId(resource.links);
        return [
          {
            kind: 'refunded',
            order: byNumber,
            eventKey: paypalEventKey({ kind: 'refund', refundId: resourceId }),
            eventType: event.event_type,
            ...amount(),
            ...(resource.id ? { refundId: resource.id } : {}),
            ...(refundedPaymentId ? { refundedPaymentId } : {}),
            payload: event,
          },
        ];
      }
      default:
        // Events we do not act on (yet) are acknowledged so PayPal stops resending them.
        return orderSn ? [{ kind: 'noted', order: byNumber, eventKey: paypalEventKey({ kind: 'event', eventId: event.id }), eventType: event.event_type, payload: event }] : [];
    }
  }

  webhookReply(outcome: WebhookOutcome): WebhookReply {
    switch (outcome) {
      case 'unknown-order':
        return { status: 404, body: { name: 'RESOURCE_NOT_FOUND', message: 'unknown order' } };
      case 'amount-mismatch':
        return { status: 422, body: { name: 'INCORRECT_AMOUNT', message: 'amount or currency does not match the order' } };
      case 'provider-unavailable':
        return { status: 503, body: { name: 'SERVICE_UNAVAILABLE' } };
      default:
        return { status: 200, body: { received: true } };
    }
  }

  /** Captures an approved PayPal order; the request id comes from our order, so the return page and the webhook get one capture. */
  async capture(session: { orderId: number; orderSn: string; sessionId: string }): Promise<PaymentFact[]> {
    const capture = await this.client.captureOrder(session.sessionId, `capture-${session.orderSn}`);
    return [captureFact(capture, session)];
  }

  async query(session: SessionToQuery): Promise<PaymentFact[]> {
    if (!session.sessionId) return [];
    const paypalOrder = await this.client.getOrder(session.sessionId);
    const captures = paypalOrder.purchase_units?.flatMap((unit) => unit.payments?.captures ?? []) ?? [];
    const completed = captures.find((capture) => capture.status === 'COMPLETED' && capture.amount);
    if (completed?.amount) {
      return [
        {
          kind: 'paid',
          order: { orderId: session.orderId },
          eventKey: paypalEventKey({ kind: 'capture', captureId: completed.id }),
          eventType: 'reconcile.capture.completed',
          amountMinor: decimalToMinor(completed.amount.value, completed.amount.currency_code),
          currency: completed.amount.currency_code,
          paymentId: completed.id,
          sessionId: paypalOrder.id,
          secondPayment: 'record',
          payload: paypalOrder,
        },
      ];
    }
    // Approved by the player but never captured (the return page and the webhook were both lost): the settlement captures
    // it if this is still the order's own session and the order still waits for the money.
    if (paypalOrder.status === 'APPROVED') {
      return [
        {
          kind: 'approved',
          order: { orderId: session.orderId },
          sessionId: paypalOrder.id,
          eventKey: paypalEventKey({ kind: 'approval', paypalOrderId: paypalOrder.id }),
          eventType: 'reconcile.order.approved',
          payload: paypalOrder,
        },
      ];
    }
    return [];
  }

  async refund(refund: RefundToMake): Promise<RefundStarted> {
    const requestId = refund.subject.kind === 'order' ? `refund-${refund.orderSn}` : `refund-duplicate-${refund.subject.id}`;
    const answer = await this.client.refundCapture(refund.paymentId, requestId);
    if (answer.status !== 'COMPLETED') return { refundId: answer.refundId, facts: [] };
    return {
      refundId: answer.refundId,
      facts: [
        {
          kind: 'refunded',
          order: { orderSn: refund.orderSn },
          eventKey: paypalEventKey({ kind: 'refund', refundId: answer.refundId }),
          eventType: 'refund.completed',
          amountMinor: refund.amountMinor,
          currency: refund.currency,
          refundId: answer.refundId,
          refundedPaymentId: refund.paymentId,
          payload: answer,
        },
      ],
    };
  }

  async queryRefund(refund: RefundToQuery): Promise<PaymentFact[] | 'pending'> {
    if (!refund.refundId) return 'pending';
    const answer = await this.client.getRefund(refund.refundId);
    if (answer.status === 'COMPLETED') {
      return [
        {
          kind: 'refunded',
          order: { orderId: refund.orderId },
          eventKey: paypalEventKey({ kind: 'refund', refundId: answer.id }),
          eventType: 'reconcile.refund.completed',
          amountMinor: answer.amountMinor,
          currency: answer.currency,
          refundId: answer.id,
          ...(answer.captureId ? { refundedPaymentId: answer.captureId } : {}),
          payload: answer,
        },
      ];
    }
    if (answer.status === 'FAILED' || answer.status === 'CANCELLED') return [{ kind: 'refund-failed', refund: refund.subject, reason: `PayPal: refund ${answer.status}` }];
    return 'pending';
  }
}

/** What a capture attempt tells: money (COMPLETED), held for review (PENDING: the webhook completes it), or declined. */
function captureFact(capture: PaypalCaptureResult, session: { orderId: number; sessionId: string }): PaymentFact {
  const order = { orderId: session.orderId };
  switch (capture.outcome) {
    case 'completed':
      return {
        kind: 'paid',
        order,
        eventKey: paypalEventKey({ kind: 'capture', captureId: capture.captureId }),
        eventType: 'capture.completed',
        amountMinor: capture.amountMinor,
        currency: capture.currency,
        paymentId: capture.captureId,
        sessionId: session.sessionId,
        secondPayment: 'record',
        payload: capture,
      };
    case 'pending':
      return { kind: 'pending', order, eventKey: paypalEventKey({ kind: 'capture-pending', captureId: capture.captureId }), eventType: 'capture.pending', payload: capture };
    case 'declined':
      return {
        kind: 'failed',
        order,
        eventKey: paypalEventKey({ kind: 'capture-declined', captureId: capture.captureId ?? session.sessionId }),
        eventType: 'capture.declined',
        payload: capture,
      };
  }
}
