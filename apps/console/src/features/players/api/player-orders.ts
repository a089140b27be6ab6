import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { consolePlayerOrders } from '@shop/contract/console/players';
import { callRoute } from '../../../shared/api/client';
import { playerKey } from './keys';

/** The orders a player placed, newest first, one page. */
export function usePlayerOrders(id: number, cursor: string | undefined, pageSize: number) {
  return useQuery({
    queryKey: [...playerKey(id), 'orders', cursor ?? null, pageSize],
    queryFn: () => callRoute(consolePlayerOrders, { params: { id }, query: { cursor, pageSize } }),
    placeholderData: keepPreviousData,
  });
}
