import { outcomeOf } from '../../../shared/lib/order-outcome';

export const POLL_INTERVAL_MS = 1500;
export const POLL_TIMEOUT_MS = 30_000;
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

export interface PollOptions<T> {
  load: () => Promise<T>;
  statusOf: (value: T) => number;
  intervalMs?: number;
  timeoutMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  signal?: AbortSignal;
}

export interface PollResult<T> {
  /** The last answer (undefined when every attempt failed). */
  value: T | undefined;
  /** true when the status left "pending" before the time ran out. */
  settled: boolean;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Asks for the order every 1.5 s until its status leaves 0/1, for up to about 30 s. Failed attempts are retried. */
export async function pollUntilSettled<T>(options: PollOptions<T>): Promise<PollResult<T>> {
  const { load, statusOf, signal } = options;
  const intervalMs = options.intervalMs ?? POLL_INTERVAL_MS;
  const timeoutMs = options.timeoutMs ?? POLL_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const deadline = now() + timeoutMs;
  let value: T | undefined;
  for (;;) {
    if (signal?.aborted) return { value, settled: false };
    try {
      value = await load();
      if (outcomeOf(statusOf(value)) !== 'pending') return { value, settled: true };
    } catch {
      // a failed look-up is tried again on the next round
    }
    if (now() + intervalMs > deadline) return { value, settled: false };
    await sleep(intervalMs);
  }
}
