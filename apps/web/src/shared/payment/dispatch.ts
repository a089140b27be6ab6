import { findProvider } from './providers/provider-map';
import type { PaymentAction, PaymentContext } from './providers/payment-provider';

export type { PaymentAction } from './providers/payment-provider';
export type DispatchContext = PaymentContext;

/** thirdPayResponse is a JSON string; a string that is not JSON counts as an empty answer. */
export function parseThirdPayResponse(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? {};
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return {};
  }
}

/** The next step after the server opened a payment with the channel's provider (a channel without one cannot start). */
export function decidePayment(channel: string, thirdPayResponse: unknown, context: DispatchContext): PaymentAction {
  const provider = findProvider(channel);
  if (!provider) return { kind: 'toastKey', key: 'payment.startFailed' };
  return provider.decide(parseThirdPayResponse(thirdPayResponse), context);
}
