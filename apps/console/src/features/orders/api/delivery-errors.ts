import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { consoleDeliveryErrors } from '@shop/contract/console/orders';
import { callRoute } from '../../../shared/api/client';
import { QUEUES_KEY } from './keys';

/** Orders in Delivery Error, longest waiting first. */
export function useDeliveryErrors(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...QUEUES_KEY, 'delivery-errors', page, pageSize],
    queryFn: () => callRoute(consoleDeliveryErrors, { query: { page, pageSize } }),
    placeholderData: keepPreviousData,
  });
}
