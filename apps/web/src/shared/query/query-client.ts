import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/api-error';

/** A failed read is tried again this many times at most (the API client has already shown the first failure's toast). */
export const MAX_QUERY_RETRIES = 2;

/**
 * Only failures a second attempt may fix are retried: no answer (network, timeout) or a server fault (5xx). A domain
 * refusal (400, 401, 403, 404, 409 and the other business codes) answers the same the next time.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_QUERY_RETRIES || !(error instanceof ApiError)) return false;
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  return error.kind === 'business' && error.code >= 500 && error.code < 600;
}

/**
 * The shop's query cache. An answer stays fresh for 30 s (going back to a screen shows it without asking again; a
 * change the player makes invalidates what it affects); the shop does not refetch when its tab regains focus (a game's
 * web view gains and loses focus all the time), and writes are never retried (an order or a claim must not be sent twice).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetryQuery, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** The app's one cache: the voucher page's early requests are put in it before React renders (features/voucher/preload.ts). */
export const queryClient = createQueryClient();
