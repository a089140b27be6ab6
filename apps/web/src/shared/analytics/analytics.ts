import { getConfig } from '../config/runtime-config';

export interface PurchaseEvent {
  transactionId: string;
  channel: string;
  amount: number;
  currency: string;
}

/** Where events go; a later issue wires the analytics service here. */
let sink: (name: string, payload: Record<string, unknown>) => void = () => undefined;

export function setAnalyticsSink(fn: typeof sink): void {
  sink = fn;
}

/** Sends the purchase event (spec section 7), in production only (spec section 1). */
export function trackPurchase(event: PurchaseEvent, environment = getConfig().environment): void {
  if (environment !== 'production') return;
  try {
    sink('purchase', { ...event });
  } catch {
    // analytics must never break a payment
  }
}
