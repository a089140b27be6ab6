import { outcomeOf } from '../../../shared/lib/order-outcome';
import { pollStatus, type PollOptions, type PollResult } from '../../../shared/lib/poll-status';

/** How long to wait for a webhook when the provider's return already says the payment did not go through. */
export const POLL_TIMEOUT_NOT_PAID_MS = 6_000;

const NOT_PAID = ['CANCEL', 'CANCELED', 'CANCELLED', 'CLOSED', 'FAILED'];

/**
 * Whether the provider's return says the payment did not go through (PayerMax appends status=CANCEL, CLOSED or
 * FAILED). Only ever a hint to stop waiting sooner: success is read from our server's order, never from the query.
 */
export function providerSaysNotPaid(channel: string, query: URLSearchParams): boolean {
  const status = query.get('status')?.trim().toUpperCase();
  return channel === 'payermax' && !!status && NOT_PAID.includes(status);
}

/** Asks for the order every 1.5 s until its status leaves 0/1, for up to about 30 s. Failed attempts are retried. */
export const pollUntilSettled = <T>(options: Omit<PollOptions<T>, 'until'>): Promise<PollResult<T>> =>
  pollStatus({ ...options, until: (status) => outcomeOf(status) !== 'pending' });
