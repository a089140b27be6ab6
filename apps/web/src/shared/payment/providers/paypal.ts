import { payerActionLink, paypalCapture, paypalOrder } from '@shop/contract/checkout';
import { call } from '../../api/client';
import { hasOptionalStrings, isRecord } from './answer-shape';
import type { PaymentProvider } from './payment-provider';

/** PayPal's answer (PaypalPayResponse): the PayPal order (id, status, links with rel payer-action), or an error message. */
export interface PaypalAnswer {
  id?: string;
  status?: string;
  links?: { rel: string; href: string; method?: string }[];
  errorMessage?: string;
}

const isLink = (value: unknown) =>
  isRecord(value) && typeof value.rel === 'string' && typeof value.href === 'string' && hasOptionalStrings(value, ['method']);

export const isPaypalAnswer = (value: unknown): value is PaypalAnswer =>
  isRecord(value) &&
  hasOptionalStrings(value, ['id', 'status', 'errorMessage']) &&
  (value.links === undefined || (Array.isArray(value.links) && value.links.every(isLink)));

/** PayPal Checkout: the payer approves on PayPal's page, and the return page captures the approval. */
export const paypalProvider: PaymentProvider = {
  name: 'paypal',
  decide(response, context) {
    const answer = isPaypalAnswer(response) ? response : {};
    const link = payerActionLink(answer);
    if (link) return context.iframePayment ? { kind: 'iframe', url: link } : { kind: 'redirect', url: link };
    return answer.errorMessage ? { kind: 'toast', text: answer.errorMessage } : { kind: 'toastKey', key: 'payment.startFailed' };
  },
  async reopen(order) {
    const answer = await call(paypalOrder, { body: { orderId: order.id, orderSn: order.orderSn } });
    return { id: answer.thirdOrderId, links: [{ rel: 'payer-action', href: answer.payerActionUrl }] };
  },
  // the return carries the approved PayPal order id as `token`
  approvalOf: (query) => query.get('token'),
  capture: (orderId, approval) => call(paypalCapture, { body: { orderId, thirdOrderId: approval } }),
};
