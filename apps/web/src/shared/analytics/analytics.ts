import { getConfig } from '../config/runtime-config';
import { authorizationOf, readToken } from '../storage/token';
import { readPlayerInfo } from '../storage/uinfo';

export interface PurchaseEvent {
  transactionId: string;
  channel: string;
  amount: number;
  currency: string;
}

/** The server's own event endpoint (spec section 1: page views go to an analytics service in production only). */
export const ANALYTICS_EVENT_PATH = '/analytics/event';

type Sink = (name: string, payload: Record<string, unknown>, authorization?: string) => void;

/**
 * Sends an event to the server with sendBeacon (it survives the redirect to a payment provider that usually follows a
 * purchase event), or a keepalive fetch where sendBeacon is missing or the event goes with the player's token (a beacon
 * carries no header). The optional third-party id goes along as `tid`.
 */
export function serverSink(apiBase: string, analyticsId?: string): Sink {
  return (name, payload, authorization) => {
    const body = JSON.stringify({ name, ...(analyticsId ? { tid: analyticsId } : {}), payload, at: new Date().toISOString() });
    const url = `${apiBase}${ANALYTICS_EVENT_PATH}`;
    if (authorization) {
      void fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', authorization }, keepalive: true }).catch(
        () => undefined,
      );
      return;
    }
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

function send(name: string, payload: Record<string, unknown>, environment: string, authorization?: string): void {
  if (environment !== 'production') return;
  try {
    const config = getConfig();
    const deliver = (sink ??= serverSink(config.apiBase, config.analyticsId));
    // Only a signed-in page view carries the player's token; every other event is sent as before, without one.
    if (authorization === undefined) deliver(name, payload);
    else deliver(name, payload, authorization);
  } catch {
    // analytics must never break the page or a payment
  }
}

/** Sends the purchase event (spec section 7), in production only (spec section 1). */
export function trackPurchase(event: PurchaseEvent, environment = getConfig().environment): void {
  send('purchase', { ...event }, environment);
}

let lastPage: string | undefined;

/**
 * A page view per route change (path only: query strings may carry ids and tokens), in production only. A signed-in
 * player's view names the game they came from and goes with their token, so the publisher's dashboard counts the player
 * as active (the server stores anonymous views too).
 */
export function trackPageView(path: string, environment = getConfig().environment): void {
  if (path === lastPage) return;
  lastPage = path;
  const token = readToken();
  const appId = readPlayerInfo()?.appId;
  const signedIn = token && !token.expired && appId !== undefined;
  const payload = { path, title: typeof document === 'undefined' ? '' : document.title, ...(signedIn ? { appId } : {}) };
  send('page_view', payload, environment, signedIn ? authorizationOf(token) : undefined);
}
