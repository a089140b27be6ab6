import { getConfig } from '../config/runtime-config';

export interface PurchaseEvent {
  transactionId: string;
  channel: string;
  amount: number;
  currency: string;
}

/** The server's own event endpoint (spec section 1: page views go to an analytics service in production only). */
export const ANALYTICS_EVENT_PATH = '/analytics/event';

type Sink = (name: string, payload: Record<string, unknown>) => void;

/**
 * Sends an event to the server with sendBeacon (it survives the redirect to a payment provider that usually follows a
 * purchase event), or a keepalive fetch where sendBeacon is missing. The optional third-party id goes along as `tid`.
 */
export function serverSink(apiBase: string, analyticsId?: string): Sink {
  return (name, payload) => {
    const body = JSON.stringify({ name, ...(analyticsId ? { tid: analyticsId } : {}), payload, at: new Date().toISOString() });
    const url = `${apiBase}${ANALYTICS_EVENT_PATH}`;
    if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
      if (navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }))) return;
    }
    void fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json' }, keepalive: true }).catch(
      () => undefined,
    );
  };
}

let sink: Sink | undefined;

export function setAnalyticsSink(fn: Sink | undefined): void {
  sink = fn;
}

function send(name: string, payload: Record<string, unknown>, environment: string): void {
  if (environment !== 'production') return;
  try {
    const config = getConfig();
    (sink ??= serverSink(config.apiBase, config.analyticsId))(name, payload);
  } catch {
    // analytics must never break the page or a payment
  }
}

/** Sends the purchase event (spec section 7), in production only (spec section 1). */
export function trackPurchase(event: PurchaseEvent, environment = getConfig().environment): void {
  send('purchase', { ...event }, environment);
}

let lastPage: string | undefined;

/** A page view per route change (path only: query strings may carry ids and tokens), in production only. */
export function trackPageView(path: string, environment = getConfig().environment): void {
  if (path === lastPage) return;
  lastPage = path;
  send('page_view', { path, title: typeof document === 'undefined' ? '' : document.title }, environment);
}
