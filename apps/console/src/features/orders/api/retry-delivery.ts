import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleRetryDelivery } from '@shop/contract/console/orders';
import { callRoute } from '../../../shared/api/client';
import { ORDERS_KEY } from './keys';

/** Queues the delivery of an order in Delivery Error again. */
export function useRetryDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callRoute(consoleRetryDelivery, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
  });
}
