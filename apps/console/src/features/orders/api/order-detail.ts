import { useQuery } from '@tanstack/react-query';
import { consoleOrderDetail } from '@shop/contract/console/orders';
import { callRoute } from '../../../shared/api/client';
import { orderKey } from './keys';

/** Everything about one order (its page). */
export function useOrderDetail(id: number) {
  return useQuery({ queryKey: orderKey(id), queryFn: () => callRoute(consoleOrderDetail, { params: { id } }), enabled: Number.isSafeInteger(id) && id > 0 });
}
