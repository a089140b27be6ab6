import { useQuery } from '@tanstack/react-query';
import { consoleQueueCounts } from '@shop/contract/console/orders';
import { callRoute } from '../../../shared/api/client';
import { QUEUES_KEY } from './keys';

/** How many orders wait in each work queue (the badges); refreshed every minute. */
export function useQueueCounts() {
  return useQuery({ queryKey: [...QUEUES_KEY, 'counts'], queryFn: () => callRoute(consoleQueueCounts), refetchInterval: 60_000 });
}
