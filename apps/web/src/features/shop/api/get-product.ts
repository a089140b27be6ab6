import { queryOptions, useQuery } from '@tanstack/react-query';
import { productDetail } from '@shop/contract/products';
import type { Language } from '@shop/contract/languages';
import { call } from '../../../shared/api/client';

/** A product; for a free gift with the game account it would go to (whether that account claimed it already). */
export const fetchProduct = (id: number, gameAccountId?: number) =>
  call(productDetail, { body: { id, ...(gameAccountId ? { gameAccountId } : {}) } });

export const productKey = (id: number) => ['product', id] as const;

export const productQuery = (id: number, language: Language, gameAccountId?: number) =>
  queryOptions({ queryKey: [...productKey(id), gameAccountId ?? 0, language] as const, queryFn: () => fetchProduct(id, gameAccountId) });

export const useProduct = (id: number, language: Language, options: { gameAccountId?: number; enabled: boolean }) =>
  useQuery({ ...productQuery(id, language, options.gameAccountId), enabled: options.enabled });
