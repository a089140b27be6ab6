export type PaymentOrigin = 'voucher' | 'shop';

export interface PaymentTarget {
  orderId: number;
  from: PaymentOrigin;
  channel: string;
}

/** /payment/return or /payment/cancel with from, orderId and channel. */
export function paymentResultPath(result: 'return' | 'cancel', target: PaymentTarget): string {
  const query = new URLSearchParams({ from: target.from, orderId: String(target.orderId), channel: target.channel });
  return `/payment/${result}?${query.toString()}`;
}

/** The in-app iframe route for a provider page (when iframe payment is on). */
export function payIframePath(url: string, target: PaymentTarget): string {
  const query = new URLSearchParams({
    iframeUrl: url,
    from: target.from,
    orderId: String(target.orderId),
    channel: target.channel,
  });
  return `/pay?${query.toString()}`;
}

/** Where the "back" buttons of the payment pages go: the voucher page (from=voucher) or My Order. */
export const backToShopPath = (from: string | null) => (from === 'shop' ? '/home' : '/voucher?from=close');
export const myOrderPath = (from: string | null) => (from === 'shop' ? '/myOrder' : '/voucher/OrderHistory');
