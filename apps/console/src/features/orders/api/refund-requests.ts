import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { consoleRefundRequests } from '@shop/contract/console/orders';
import { callRoute } from '../../../shared/api/client';
import { QUEUES_KEY } from './keys';

/** Players' refund requests waiting for an answer, oldest first. */
export function useRefundRequests(cursor: string | undefined, pageSize: number) {
  return useQuery({
    queryKey: [...QUEUES_KEY, 'refund-requests', cursor ?? null, pageSize],
    queryFn: () => callRoute(consoleRefundRequests, { query: { cursor, pageSize } }),
    placeholderData: keepPreviousData,
  });
}
