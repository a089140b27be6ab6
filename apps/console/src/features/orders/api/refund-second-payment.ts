import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleRefundSecondPayment } from '@shop/contract/console/orders';
import { callRoute } from '../../../shared/api/client';
import { ORDERS_KEY } from './keys';

/** Refunds a second payment through the provider that took it. */
export function useRefundSecondPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason?: string }) => callRoute(consoleRefundSecondPayment, { params: { id }, body: reason ? { reason } : {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
  });
}
