import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { consoleProducts } from '@shop/contract/console/catalogue';
import { callRoute } from '../../../shared/api/client';
import { productsKey } from './keys';

export interface ProductFilter {
  appId?: number | undefined;
  goodsType?: number | undefined;
  status?: 'on' | 'off' | undefined;
  text?: string | undefined;
  page: number;
  pageSize: number;
}

/** A page of products matching the filters (server-side paging and filtering). */
export function useProducts(filter: ProductFilter) {
  return useQuery({
    queryKey: [...productsKey, filter],
    queryFn: () => callRoute(consoleProducts, { query: filter }),
    placeholderData: keepPreviousData,
  });
}
