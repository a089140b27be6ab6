import { queryOptions, useQuery } from '@tanstack/react-query';
import { productDetail } from '@shop/contract/products';
import type { Language } from '@shop/contract/languages';
import { call } from '../../../shared/api/client';

/**
 * A product priced in the shop's country (ADR 0050; without one, at its base price: a free gift costs nothing in every
 * country); for a free gift with the game account it would go to (whether that account claimed it already).
 */
export const fetchProduct = (id: number, regionCode: string | undefined, gameAccountId?: number) =>
  call(productDetail, { body: { id, ...(regionCode ? { regionCode } : {}), ...(gameAccountId ? { gameAccountId } : {}) } });

export const productKey = (id: number) => ['product', id] as const;

export const productQuery = (id: number, regionCode: string | undefined, language: Language, gameAccountId?: number) =>
  queryOptions({
    queryKey: [...productKey(id), regionCode ?? '-', gameAccountId ?? 0, language] as const,
    queryFn: () => fetchProduct(id, regionCode, gameAccountId),
  });

/** regionCode null: the shop's country is not known yet (nothing is asked for); undefined: the base price. */
export const useProduct = (
  id: number,
  regionCode: string | null | undefined,
  language: Language,
  options: { gameAccountId?: number; enabled: boolean },
) => useQuery({ ...productQuery(id, regionCode ?? undefined, language, options.gameAccountId), enabled: options.enabled && regionCode !== null });
