import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { consoleDeliveryErrors } from '@shop/contract/console/orders';
import { callRoute } from '../../../shared/api/client';
import { QUEUES_KEY } from './keys';

/** Orders in Delivery Error, longest waiting first. */
export function useDeliveryErrors(cursor: string | undefined, pageSize: number) {
  return useQuery({
    queryKey: [...QUEUES_KEY, 'delivery-errors', cursor ?? null, pageSize],
    queryFn: () => callRoute(consoleDeliveryErrors, { query: { cursor, pageSize } }),
    placeholderData: keepPreviousData,
  });
}
