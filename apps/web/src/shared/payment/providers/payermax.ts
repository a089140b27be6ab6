import { payermaxOrder } from '@shop/contract/checkout';
import { call } from '../../api/client';
import { hasOptionalStrings, isRecord } from './answer-shape';
import type { PaymentProvider } from './payment-provider';

/** PayerMax's orderAndPay answer as it came (PayermaxPayResponse). */
export interface PayermaxAnswer {
  code: string;
  msg?: string;
  data?: { redirectUrl?: string; outTradeNo?: string } | null;
}

export const isPayermaxAnswer = (value: unknown): value is PayermaxAnswer =>
  isRecord(value) &&
  typeof value.code === 'string' &&
  hasOptionalStrings(value, ['msg']) &&
  (value.data === undefined || value.data === null || (isRecord(value.data) && hasOptionalStrings(value.data, ['redirectUrl', 'outTradeNo'])));

/** The codes with which PayerMax's checkout can go ahead (ORDER_REPEAT: applied before, same redirectUrl). */
const GO_AHEAD_CODES: readonly string[] = ['APPLY_SUCCESS', 'ORDER_REPEAT'];

/** PayerMax's hosted checkout (always a full redirect); it charges in the local currency, taxes included. */
export const payermaxProvider: PaymentProvider = {
  name: 'payermax',
  decide(response) {
    if (!isPayermaxAnswer(response)) return { kind: 'toastKey', key: 'payment.startFailed' };
    const { code, msg, data } = response;
    if (GO_AHEAD_CODES.includes(code)) {
      return data?.redirectUrl ? { kind: 'redirect', url: data.redirectUrl } : { kind: 'toastKey', key: 'payment.closeOrder' };
    }
    return { kind: 'toast', text: msg || code };
  },
  reopen: (order) => call(payermaxOrder, { body: { orderId: order.id } }),
  // PayerMax appends its own status to the return (CANCEL, CLOSED, FAILED, SUCCESS)
  returnStatus: (query) => query.get('status')?.trim().toUpperCase(),
  amountMayVary: true,
};
