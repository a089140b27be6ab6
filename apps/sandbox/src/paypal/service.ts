import type { SandboxContext } from '../shared/context.ts';
import { alnum, upperAlnum } from '../shared/ids.ts';
import { fromMinor, toMinor } from '../shared/money.ts';
import { payPalDigits } from './currencies.ts';
import { resourceNotFound, unprocessable } from './errors.ts';
import { captureJson, checkoutUrl, orderFull, orderMinimal, refundJson } from './representation.ts';
import { CERT_PATH, transmissionHeaders } from './signing.ts';
import {
  newPayerId,
  newResourceId,
  PayPalStore,
  type Capture,
  type Money,
  type Order,
  type Refund,
} from './store.ts';
import type { CreateOrderInput } from './validate.ts';

type Json = Record<string, unknown>;

const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The PayPal stand-in's behaviour; the route modules only translate HTTP to these calls. */
export class PayPalSandbox {
  readonly store = new PayPalStore();

  constructor(private readonly ctx: SandboxContext) {}

  /** Base URL replacing https://api-m.sandbox.paypal.com. */
  api(): string {
    return `${this.ctx.publicUrl()}/paypal`;
  }

  certUrl(): string {
    return `${this.api()}${CERT_PATH}`;
  }

  issueToken(): { token: string; expiresIn: number } {
    const expiresIn = 32_400;
    const token = `A21AA${alnum(92)}`;
    this.store.tokens.set(token, Date.now() + expiresIn * 1000);
    return { token, expiresIn };
  }

  tokenIsValid(token: string): boolean {
    const expiresAt = this.store.tokens.get(token);
    return expiresAt !== undefined && expiresAt > Date.now();
  }

  order(id: string): Order {
    const order = this.store.orders.get(id);
    if (!order) throw resourceNotFound('order_id', id);
    return order;
  }

  capture(id: string): Capture {
    const capture = this.store.captures.get(id);
    if (!capture) throw resourceNotFound('capture_id', id);
    return capture;
  }

  refund(id: string): Refund {
    const refund = this.store.refunds.get(id);
    if (!refund) throw resourceNotFound('refund_id', id);
    return refund;
  }

  orderJson(order: Order): Json {
    return orderFull(order, this.api(), (id) => this.store.captures.get(id));
  }

  orderMinimalJson(order: Order): Json {
    return orderMinimal(order, this.api());
  }

  captureJson(capture: Capture): Json {
    return captureJson(capture, this.api());
  }

  refundJson(refund: Refund): Json {
    return refundJson(refund, this.api());
  }

  createOrder(input: CreateOrderInput): Order {
    input.units.forEach((unit, index) => {
      if (unit.invoice_id !== undefined && this.store.invoiceAlreadyPaid(unit.invoice_id)) throw duplicateInvoice(index);
    });
    const time = now();
    const order: Order = {
      id: newResourceId(),
      status: input.paypalSource ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
      purchaseUnits: input.units.map((unit) => ({ ...unit, captureIds: [] })),
      experience: input.experience,
      paypalSource: input.paypalSource,
      instrumentDeclines: false,
      createTime: time,
      updateTime: time,
    };
    this.store.orders.set(order.id, order);
    return order;
  }

  /** The buyer pressed Pay (`declines` false) or Decline (`declines` true) on the checkout page. */
  approve(order: Order, declines: boolean): void {
    order.status = 'APPROVED';
    order.payerId ??= newPayerId();
    order.instrumentDeclines = declines;
    order.updateTime = now();
    this.publish('CHECKOUT.ORDER.APPROVED', 'checkout-order', 'An order has been approved by buyer', this.orderJson(order));
  }

  /** Captures an approved order: one capture per purchase unit. */
  captureOrder(order: Order): void {
    if (order.status === 'COMPLETED') {
      throw unprocessable({
        issue: 'ORDER_ALREADY_CAPTURED',
        description: "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
      });
    }
    if (order.status !== 'APPROVED') {
      throw unprocessable({
        issue: 'ORDER_NOT_APPROVED',
        description:
          "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url " +
          'returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.',
      });
    }
    order.purchaseUnits.forEach((unit, index) => {
      if (unit.invoice_id !== undefined && this.store.invoiceAlreadyPaid(unit.invoice_id, order.id)) {
        throw duplicateInvoice(index);
      }
    });
    if (order.instrumentDeclines) {
      // PayPal refuses the capture and the buyer has to choose another instrument (the redirect link);
      // the processor's refusal is also announced as a denied capture.
      for (const unit of order.purchaseUnits) {
        const denied = this.newCapture(order, unit, 'DECLINED');
        const amount = denied.amount;
        this.publish('PAYMENT.CAPTURE.DENIED', 'capture', `A ${amount.value} ${amount.currency_code} payment was denied`, this.captureJson(denied));
      }
      throw unprocessable(
        {
          issue: 'INSTRUMENT_DECLINED',
          description:
            "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
        },
        [
          { href: checkoutUrl(this.api(), order.id), rel: 'redirect', method: 'GET' },
          { href: 'https://developer.paypal.com/docs/api/orders/v2/#error-INSTRUMENT_DECLINED', rel: 'information_link', method: 'GET' },
        ],
      );
    }
    const captures = order.purchaseUnits.map((unit) => {
      const capture = this.newCapture(order, unit, 'COMPLETED');
      unit.captureIds.push(capture.id);
      return capture;
    });
    order.status = 'COMPLETED';
    order.updateTime = now();
    for (const capture of captures) {
      const { value, currency_code } = capture.amount;
      this.publish('PAYMENT.CAPTURE.COMPLETED', 'capture', `Payment completed for ${value} ${currency_code}`, this.captureJson(capture));
    }
  }

  refundCapture(
    capture: Capture,
    input: { amount?: Money; invoice_id?: string; custom_id?: string; note_to_payer?: string },
  ): Refund {
    if (capture.status === 'DECLINED') {
      throw unprocessable({ issue: 'CAPTURE_NOT_REFUNDABLE', description: 'A declined capture cannot be refunded.' });
    }
    const currency = capture.amount.currency_code;
    const digits = payPalDigits(currency);
    const capturedMinor = toMinor(capture.amount.value, digits);
    const remaining = capturedMinor - capture.refundedMinor;
    if (remaining <= 0) {
      throw unprocessable({ issue: 'CAPTURE_FULLY_REFUNDED', description: 'The capture has already been fully refunded' });
    }
    if (input.amount && input.amount.currency_code !== currency) {
      throw unprocessable({
        field: '/amount/currency_code',
        location: 'body',
        issue: 'REFUND_CURRENCY_MISMATCH',
        description: 'Refund must be in the same currency as the capture.',
      });
    }
    const refundMinor = input.amount ? toMinor(input.amount.value, digits) : remaining;
    if (refundMinor > remaining) {
      throw unprocessable({
        field: '/amount/value',
        location: 'body',
        issue: 'REFUND_AMOUNT_EXCEEDED',
        description: 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
      });
    }
    capture.refundedMinor += refundMinor;
    capture.status = capture.refundedMinor === capturedMinor ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    capture.updateTime = now();
    const refund: Refund = {
      id: newResourceId(),
      captureId: capture.id,
      amount: { currency_code: currency, value: fromMinor(refundMinor, digits) },
      invoice_id: input.invoice_id ?? capture.invoice_id,
      custom_id: input.custom_id ?? capture.custom_id,
      note_to_payer: input.note_to_payer,
      createTime: now(),
    };
    this.store.refunds.set(refund.id, refund);
    const { value } = refund.amount;
    this.publish('PAYMENT.CAPTURE.REFUNDED', 'refund', `A ${value} ${currency} capture payment was refunded`, this.refundJson(refund));
    return refund;
  }

  private newCapture(order: Order, unit: Order['purchaseUnits'][number], status: 'COMPLETED' | 'DECLINED'): Capture {
    const time = now();
    const capture: Capture = {
      id: newResourceId(),
      orderId: order.id,
      status,
      amount: unit.amount,
      custom_id: unit.custom_id,
      invoice_id: unit.invoice_id,
      refundedMinor: 0,
      createTime: time,
      updateTime: time,
    };
    this.store.captures.set(capture.id, capture);
    return capture;
  }

  /**
   * Sends a webhook event in the background. The body sent is exactly JSON.stringify(event), so the CRC32 the
   * shop's verify call makes PayPal compute over the re-serialised event matches the one that was signed.
   */
  private publish(eventType: string, resourceType: string, summary: string, resource: Json): void {
    const id = `WH-${upperAlnum(17)}-${upperAlnum(17)}`;
    const event = {
      id,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: resourceType,
      resource_version: '2.0',
      event_type: eventType,
      summary,
      resource,
      links: [{ href: `${this.api()}/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET' }],
    };
    this.store.events.set(id, event);
    const body = JSON.stringify(event);
    const certUrl = this.certUrl();
    void this.ctx.webhooks.send({
      provider: 'paypal',
      url: this.ctx.paypalWebhookUrl,
      body,
      headers: () => transmissionHeaders(body, certUrl),
    });
  }
}

/** PayPal refuses a second payment for an invoice id that was already paid. */
function duplicateInvoice(unitIndex: number) {
  return unprocessable({
    field: `/purchase_units/${unitIndex}/invoice_id`,
    location: 'body',
    issue: 'DUPLICATE_INVOICE_ID',
    description:
      'Duplicate Invoice ID detected. To avoid a potential duplicate transaction your account setting requires that Invoice Id be unique for each transaction.',
  });
}
