import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { consoleReconciliationQueue } from '@shop/contract/console/orders';
import { callRoute } from '../../../shared/api/client';
import { QUEUES_KEY } from './keys';

/** Orders waiting for reconciliation with their provider, with what it does next and when. */
export function useReconciliationQueue(cursor: string | undefined, pageSize: number) {
  return useQuery({
    queryKey: [...QUEUES_KEY, 'reconciliation', cursor ?? null, pageSize],
    queryFn: () => callRoute(consoleReconciliationQueue, { query: { cursor, pageSize } }),
    placeholderData: keepPreviousData,
  });
}
