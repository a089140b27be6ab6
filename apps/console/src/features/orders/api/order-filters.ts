import { useQuery } from '@tanstack/react-query';
import { consoleOrderFilters } from '@shop/contract/console/orders';
import { callRoute } from '../../../shared/api/client';
import { ORDERS_KEY } from './keys';

/** The games and providers the search can filter by. */
export function useOrderFilters() {
  return useQuery({ queryKey: [...ORDERS_KEY, 'filters'], queryFn: () => callRoute(consoleOrderFilters), staleTime: 5 * 60_000 });
}
