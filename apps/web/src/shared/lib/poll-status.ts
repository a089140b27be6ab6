/** How often and how long the payment and delivery screens ask for an order's status. */
export const POLL_INTERVAL_MS = 1500;
export const POLL_TIMEOUT_MS = 30_000;

export interface PollOptions<T> {
  load: () => Promise<T>;
  statusOf: (value: T) => number;
  /** The status the caller waits for (the first answer for which this is true ends the polling). */
  until: (status: number) => boolean;
  /** Every answer as it comes, for a screen that shows the way there (e.g. "paid, being delivered"). */
  onAnswer?: (value: T) => void;
  /** A failure no later look-up can change (the order does not exist): the polling ends at once. */
  isFinalFailure?: (error: unknown) => boolean;
  intervalMs?: number;
  timeoutMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  signal?: AbortSignal;
}

export interface PollResult<T> {
  /** The last answer (undefined when every attempt failed). */
  value: T | undefined;
  /** true when `until` was met before the time ran out. */
  settled: boolean;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Asks for an order every 1.5 s until its status is the one waited for, for up to about 30 s. Failed look-ups are
 * retried, unless `isFinalFailure` says no retry can help.
 */
export async function pollStatus<T>(options: PollOptions<T>): Promise<PollResult<T>> {
  const { load, statusOf, until, onAnswer, isFinalFailure, signal } = options;
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
      if (until(statusOf(value))) return { value, settled: true };
      if (!signal?.aborted) onAnswer?.(value);
    } catch (error) {
      // a failed look-up is tried again on the next round
      if (isFinalFailure?.(error)) return { value, settled: false };
    }
    if (now() + intervalMs > deadline) return { value, settled: false };
    await sleep(intervalMs);
  }
}
