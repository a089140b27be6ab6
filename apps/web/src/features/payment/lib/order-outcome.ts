/** How long to wait for a webhook when the provider's return already says the payment did not go through. */
export const POLL_TIMEOUT_NOT_PAID_MS = 6_000;

const CANCELLED = ['CANCEL', 'CANCELED', 'CANCELLED'];
const NOT_PAID = [...CANCELLED, 'CLOSED', 'FAILED'];

/** PayerMax appends its own status to the return (CANCEL, CLOSED, FAILED, SUCCESS). */
const payermaxStatus = (channel: string, query: URLSearchParams) =>
  channel === 'payermax' ? query.get('status')?.trim().toUpperCase() : undefined;

/**
 * Whether the provider's return says the payment did not go through (PayerMax appends status=CANCEL, CLOSED or
 * FAILED). Only ever a hint to stop waiting sooner: success is read from our server's order, never from the query.
 */
export function providerSaysNotPaid(channel: string, query: URLSearchParams): boolean {
  const status = payermaxStatus(channel, query);
  return !!status && NOT_PAID.includes(status);
}

/**
 * Whether the player left the provider's checkout without paying (PayerMax status=CANCEL). PayerMax sends no
 * notification for that, so there is nothing to wait for: the page says "Payment cancelled" at once. It moves nothing:
 * the order stays unpaid and payable, and only a notification or a query could ever mark it paid.
 */
export function providerSaysCancelled(channel: string, query: URLSearchParams): boolean {
  const status = payermaxStatus(channel, query);
  return !!status && CANCELLED.includes(status);
}
