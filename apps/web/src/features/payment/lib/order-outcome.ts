import { findProvider } from '../../../shared/payment/providers/provider-map';

/** How long to wait for a webhook when the provider's return already says the payment did not go through. */
export const POLL_TIMEOUT_NOT_PAID_MS = 6_000;

const CANCELLED = ['CANCEL', 'CANCELED', 'CANCELLED'];
const NOT_PAID = [...CANCELLED, 'CLOSED', 'FAILED'];

/** The status a provider appends to its return address, for the providers that do. */
const providerStatus = (channel: string, query: URLSearchParams) => findProvider(channel)?.returnStatus?.(query);

/**
 * Whether the provider's return says the payment did not go through (its status CANCEL, CLOSED or FAILED). Only ever
 * a hint to stop waiting sooner: success is read from our server's order, never from the query.
 */
export function providerSaysNotPaid(channel: string, query: URLSearchParams): boolean {
  const status = providerStatus(channel, query);
  return !!status && NOT_PAID.includes(status);
}

/**
 * Whether the player left the provider's checkout without paying (its status CANCEL). The provider sends no
 * notification for that, so there is nothing to wait for: the page says "Payment cancelled" at once. It moves nothing:
 * the order stays unpaid and payable, and only a notification or a query could ever mark it paid.
 */
export function providerSaysCancelled(channel: string, query: URLSearchParams): boolean {
  const status = providerStatus(channel, query);
  return !!status && CANCELLED.includes(status);
}
