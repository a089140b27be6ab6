import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ApiCode } from '@shop/contract/envelope';
import { ApiError } from '../../../shared/api/api-error';
import { outcomeOf } from '../../../shared/lib/order-outcome';
import { POLL_INTERVAL_MS } from '../../../shared/lib/poll-status';
import { orderKeys } from '../../../shared/orders/order-keys';
import { fetchPaymentOutcome } from './payment-api';

/** No such order (or a forged ref): asking again cannot change that. */
export const isOrderMissing = (error: unknown) => error instanceof ApiError && error.code === ApiCode.NOT_FOUND;

/** Whether the order has left "awaiting / processing" (a final status: paid, failed, closed, ...). */
export const isSettled = (status: number | undefined) => status !== undefined && outcomeOf(status) !== 'pending';

/** When to ask again: every 1.5 s until the status is final, the order is known not to exist or the time is over. */
export const nextOutcomePoll = (status: number | undefined, error: unknown, expired: boolean): number | false =>
  expired || isSettled(status) || isOrderMissing(error) ? false : POLL_INTERVAL_MS;

/**
 * How the payment ended by our server (never the provider's return), asked for every 1.5 s for up to `timeoutMs`
 * (refetchInterval) once `enabled`; `expired`: the time is over (the last answer is then the result). A failed look-up
 * is tried again at the next round, also while the tab is in the background.
 */
export function usePaymentOutcomePolling(target: { ref: string | null; orderId: number }, enabled: boolean, timeoutMs: number) {
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => setExpired(true), timeoutMs);
    return () => clearTimeout(timer);
  }, [enabled, timeoutMs]);
  const query = useQuery({
    queryKey: [...orderKeys.detail(target.orderId), 'outcome', target.ref],
    queryFn: () => fetchPaymentOutcome(target),
    enabled,
    staleTime: 0,
    retry: false,
    refetchInterval: (current) => nextOutcomePoll(current.state.data?.status, current.state.error, expired),
    refetchIntervalInBackground: true,
  });
  return { ...query, expired };
}
