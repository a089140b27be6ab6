import { useQuery } from '@tanstack/react-query';
import { consoleProduct } from '@shop/contract/console/catalogue';
import { callRoute } from '../../../shared/api/client';
import { productKey } from './keys';

/** One product with all its languages (idle for a new product). */
export function useProduct(id: number | undefined) {
  return useQuery({ queryKey: productKey(id ?? 0), queryFn: () => callRoute(consoleProduct, { params: { id: id! } }), enabled: id !== undefined });
}
