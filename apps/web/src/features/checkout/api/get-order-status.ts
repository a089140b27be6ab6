import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { POLL_INTERVAL_MS, POLL_TIMEOUT_MS } from '../../../shared/lib/poll-status';
import { orderKeys } from '../../../shared/orders/order-keys';
import { isFinalResult } from '../lib/purchase-result';
import { confirmOrderStatus } from './checkout-api';

/** Our server's status of the order (v1/order/confirm), never the provider's. */
export async function fetchOrderStatus(orderId: number) {
  const [order] = await confirmOrderStatus(orderId);
  if (!order) throw new Error(`no status for order ${orderId}`);
  return order;
}

/** When to ask again: every 1.5 s until the status is final or the time is over. */
export const nextStatusPoll = (status: number | undefined, expired: boolean): number | false =>
  expired || (status !== undefined && isFinalResult(status)) ? false : POLL_INTERVAL_MS;

/**
 * The order's status, asked for every 1.5 s for up to 30 s while the payment is processed and the goods delivered
 * (refetchInterval); `expired`: the time is over (the last answer is then the result). A failed look-up is tried again
 * at the next round, also while the tab is in the background (the player may be in the provider's window).
 */
export function useOrderStatusPolling(orderId: number, enabled: boolean) {
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => setExpired(true), POLL_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [enabled]);
  const query = useQuery({
    queryKey: [...orderKeys.detail(orderId), 'status'],
    queryFn: () => fetchOrderStatus(orderId),
    enabled,
    staleTime: 0,
    retry: false,
    refetchInterval: (current) => nextStatusPoll(current.state.data?.status, expired),
    refetchIntervalInBackground: true,
  });
  return { ...query, expired };
}
