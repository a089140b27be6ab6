import { queryOptions, useQuery } from '@tanstack/react-query';
import { productList } from '@shop/contract/products';
import type { Language } from '@shop/contract/languages';
import { call } from '../../../shared/api/client';

/** A game's products of one goods type, names in the request's language, priced in the country's local prices (ADR 0050). */
export const fetchProducts = (appId: number, goodsType: number, regionCode: string) =>
  call(productList, { body: { appId, goodsType, regionCode } });

export const productsQuery = (appId: number, goodsType: number, regionCode: string, language: Language) =>
  queryOptions({
    queryKey: ['products', appId, goodsType, regionCode, language] as const,
    queryFn: () => fetchProducts(appId, goodsType, regionCode),
  });

/** appId or regionCode null: the game or the shop's country is not known yet (the account is loading). */
export const useProducts = (appId: number | null, goodsType: number, regionCode: string | null, language: Language) =>
  useQuery({ ...productsQuery(appId ?? 0, goodsType, regionCode ?? '', language), enabled: appId !== null && regionCode !== null });
