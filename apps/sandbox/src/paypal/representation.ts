import { zero } from './currencies.ts';
import type { Capture, Link, Order, Refund } from './store.ts';

/**
 * JSON shapes of the resources, as PayPal's Orders v2 and Payments v2 APIs return them. `api` is the stand-in's
 * base URL ({publicUrl}/paypal), used in the HATEOAS links.
 */

const SANDBOX_BUYER = {
  name: { given_name: 'Sandbox', surname: 'Buyer' },
  email_address: 'buyer@sandbox.example',
  address: { country_code: 'US' },
};

const SANDBOX_PAYEE = { email_address: 'merchant@sandbox.example', merchant_id: 'SANDBOXMERCH1' };

export const checkoutUrl = (api: string, orderId: string): string =>
  `${api}/checkoutnow?token=${encodeURIComponent(orderId)}`;

function orderLinks(order: Order, api: string): Link[] {
  const self = `${api}/v2/checkout/orders/${order.id}`;
  switch (order.status) {
    case 'CREATED':
      return [
        { href: self, rel: 'self', method: 'GET' },
        { href: checkoutUrl(api, order.id), rel: 'approve', method: 'GET' },
        { href: `${self}/capture`, rel: 'capture', method: 'POST' },
      ];
    case 'PAYER_ACTION_REQUIRED':
      return [
        { href: self, rel: 'self', method: 'GET' },
        { href: checkoutUrl(api, order.id), rel: 'payer-action', method: 'GET' },
      ];
    case 'APPROVED':
      return [
        { href: self, rel: 'self', method: 'GET' },
        { href: `${self}/capture`, rel: 'capture', method: 'POST' },
      ];
    case 'COMPLETED':
      return [{ href: self, rel: 'self', method: 'GET' }];
  }
}

function paymentSource(order: Order): Record<string, unknown> | undefined {
  if (order.payerId) {
    return {
      paypal: { ...SANDBOX_BUYER, account_id: order.payerId, account_status: 'VERIFIED' },
    };
  }
  return order.paypalSource ? { paypal: {} } : undefined;
}

/** The minimal representation (PayPal's default for create). */
export function orderMinimal(order: Order, api: string): Record<string, unknown> {
  return { id: order.id, status: order.status, payment_source: paymentSource(order), links: orderLinks(order, api) };
}

export function captureJson(capture: Capture, api: string): Record<string, unknown> {
  const self = `${api}/v2/payments/captures/${capture.id}`;
  const up = { href: `${api}/v2/checkout/orders/${capture.orderId}`, rel: 'up', method: 'GET' };
  const common = {
    id: capture.id,
    status: capture.status,
    amount: capture.amount,
    final_capture: true,
    custom_id: capture.custom_id,
    invoice_id: capture.invoice_id,
    supplementary_data: { related_ids: { order_id: capture.orderId } },
    create_time: capture.createTime,
    update_time: capture.updateTime,
  };
  if (capture.status === 'DECLINED') {
    return { ...common, links: [{ href: self, rel: 'self', method: 'GET' }, up] };
  }
  const fee = { currency_code: capture.amount.currency_code, value: zero(capture.amount.currency_code) };
  return {
    ...common,
    seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
    seller_receivable_breakdown: { gross_amount: capture.amount, paypal_fee: fee, net_amount: capture.amount },
    links: [{ href: self, rel: 'self', method: 'GET' }, { href: `${self}/refund`, rel: 'refund', method: 'POST' }, up],
  };
}

/** The full representation (GET, capture, and create with Prefer: return=representation). */
export function orderFull(order: Order, api: string, captures: (id: string) => Capture | undefined): Record<string, unknown> {
  return {
    id: order.id,
    intent: 'CAPTURE',
    status: order.status,
    payment_source: paymentSource(order),
    purchase_units: order.purchaseUnits.map((unit) => {
      const unitCaptures = unit.captureIds.flatMap((id) => {
        const capture = captures(id);
        return capture ? [captureJson(capture, api)] : [];
      });
      return {
        reference_id: unit.reference_id,
        amount: unit.amount,
        payee: SANDBOX_PAYEE,
        description: unit.description,
        custom_id: unit.custom_id,
        invoice_id: unit.invoice_id,
        payments: unitCaptures.length > 0 ? { captures: unitCaptures } : undefined,
      };
    }),
    payer: order.payerId ? { ...SANDBOX_BUYER, payer_id: order.payerId } : undefined,
    create_time: order.createTime,
    update_time: order.updateTime,
    links: orderLinks(order, api),
  };
}

export function refundJson(refund: Refund, api: string): Record<string, unknown> {
  return {
    id: refund.id,
    amount: refund.amount,
    invoice_id: refund.invoice_id,
    custom_id: refund.custom_id,
    note_to_payer: refund.note_to_payer,
    status: 'COMPLETED',
    seller_payable_breakdown: {
      gross_amount: refund.amount,
      paypal_fee: { currency_code: refund.amount.currency_code, value: zero(refund.amount.currency_code) },
      net_amount: refund.amount,
    },
    create_time: refund.createTime,
    update_time: refund.createTime,
    links: [
      { href: `${api}/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' },
      { href: `${api}/v2/payments/captures/${refund.captureId}`, rel: 'up', method: 'GET' },
    ],
  };
}
