import { queryOptions, useQuery } from '@tanstack/react-query';
import { productList } from '@shop/contract/products';
import type { Language } from '@shop/contract/languages';
import { call } from '../../../shared/api/client';

/** A game's products of one goods type, names in the request's language. */
export const fetchProducts = (appId: number, goodsType: number) => call(productList, { body: { appId, goodsType } });

export const productsQuery = (appId: number, goodsType: number, language: Language) =>
  queryOptions({ queryKey: ['products', appId, goodsType, language] as const, queryFn: () => fetchProducts(appId, goodsType) });

/** appId null: the game is not known yet (the player's accounts are loading). */
export const useProducts = (appId: number | null, goodsType: number, language: Language) =>
  useQuery({ ...productsQuery(appId ?? 0, goodsType, language), enabled: appId !== null });
