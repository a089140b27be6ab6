import { useQuery } from '@tanstack/react-query';
import { consoleSearchOrders, type OrderSearchQuery } from '@shop/contract/console/orders';
import { callRoute } from '../../../shared/api/client';
import { ORDERS_KEY } from './keys';

const filtersOf = (queryKey: readonly unknown[]) => {
  const { cursor: _cursor, pageSize: _pageSize, ...filters } = (queryKey[3] ?? {}) as OrderSearchQuery;
  return JSON.stringify(filters);
};

/**
 * One page of the order search (newest first). While another page of the same search loads, the current one stays on
 * screen; a new search starts empty, so no row of the previous search can be taken for a result.
 */
export function useSearchOrders(query: OrderSearchQuery) {
  const queryKey = [...ORDERS_KEY, 'search', query] as const;
  return useQuery({
    queryKey,
    queryFn: () => callRoute(consoleSearchOrders, { query }),
    placeholderData: (previous, previousQuery) => (previousQuery && filtersOf(previousQuery.queryKey) === filtersOf(queryKey) ? previous : undefined),
  });
}
