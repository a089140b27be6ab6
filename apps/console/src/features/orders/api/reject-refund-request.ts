import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleRejectRefundRequest } from '@shop/contract/console/orders';
import { callRoute } from '../../../shared/api/client';
import { ORDERS_KEY } from './keys';

/** Rejects the player's refund request with the operator's reason. */
export function useRejectRefundRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => callRoute(consoleRejectRefundRequest, { params: { id }, body: { reason } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
  });
}
