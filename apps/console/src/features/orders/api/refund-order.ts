import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleRefundOrder } from '@shop/contract/console/orders';
import type { RouteBody } from '@shop/contract/route';
import { callRoute } from '../../../shared/api/client';
import { ORDERS_KEY } from './keys';

/** Refunds an order through its provider (approving a refund request is the same call). */
export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: RouteBody<typeof consoleRefundOrder> }) => callRoute(consoleRefundOrder, { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
  });
}
