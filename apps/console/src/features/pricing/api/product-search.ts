import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { consoleProducts } from '@shop/contract/console/catalogue';
import { callRoute } from '../../../shared/api/client';
import { productSearchKey } from './keys';

/** The first products of a game matching a text (ID, product number or name): the product picker's choices. */
export function useProductSearch(appId: number | undefined, text: string) {
  return useQuery({
    queryKey: productSearchKey(appId ?? 0, text),
    queryFn: () => callRoute(consoleProducts, { query: { appId: appId!, text: text || undefined, page: 1, pageSize: 50 } }),
    enabled: appId !== undefined,
    placeholderData: keepPreviousData,
  });
}
