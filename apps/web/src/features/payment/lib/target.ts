import type { PaymentOrigin } from '../../../shared/payment/paths';

/** The query of the payment pages: from (voucher|shop), orderId and channel. */
export function paymentQuery(query: URLSearchParams): { from: PaymentOrigin; orderId: number | null; channel: string } {
  const orderId = Number(query.get('orderId'));
  return {
    from: query.get('from') === 'shop' ? 'shop' : 'voucher',
    orderId: Number.isSafeInteger(orderId) && orderId > 0 ? orderId : null,
    channel: query.get('channel') ?? '',
  };
}

/** A provider's return inside the /pay iframe would show the app inside itself: move the whole window instead. */
export function breakOutOfFrame(): boolean {
  try {
    if (window.top && window.top !== window.self && window.top.location.origin === location.origin) {
      window.top.location.replace(location.href);
      return true;
    }
  } catch {
    // a foreign top window: stay where we are
  }
  return false;
}
