import { queryOptions, useQuery } from '@tanstack/react-query';
import { productList } from '@shop/contract/products';
import type { Language } from '@shop/contract/languages';
import { call } from '../../../shared/api/client';

/**
 * Every product of the game (no filter: all but vouchers) priced in a country (ADR 0050): the settlement shows today's
 * price of each line in the region the order is priced in, not the one stored when it was put in the cart.
 */
export const fetchPricedProducts = (appId: number, regionCode: string) => call(productList, { body: { appId, regionCode } });

export const pricedProductsQuery = (appId: number, regionCode: string, language: Language) =>
  queryOptions({
    queryKey: ['products', appId, 'all', regionCode, language] as const,
    queryFn: () => fetchPricedProducts(appId, regionCode),
  });

/** Nothing is asked for until the game and the region are known. */
export const usePricedProducts = (appId: number | null, regionCode: string | null, language: Language) =>
  useQuery({ ...pricedProductsQuery(appId ?? 0, regionCode ?? '', language), enabled: appId !== null && regionCode !== null });
