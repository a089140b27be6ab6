import type { ProductFilter } from '../api/products';

const numberParam = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : undefined);

/** The product list's filters as the address keeps them: the first page of 20 unless given; unknown values are no filter. */
export function productFilterOf(params: URLSearchParams): ProductFilter {
  const status = params.get('status');
  return {
    appId: numberParam(params.get('appId')),
    goodsType: numberParam(params.get('goodsType')),
    status: status === 'on' || status === 'off' ? status : undefined,
    text: params.get('text') || undefined,
    page: numberParam(params.get('page')) ?? 1,
    pageSize: numberParam(params.get('pageSize')) ?? 20,
  };
}

/** A new product starts in the game and type the list is filtered to. */
export function newProductPath(filter: Pick<ProductFilter, 'appId' | 'goodsType'>): string {
  const params = new URLSearchParams();
  if (filter.appId) params.set('appId', String(filter.appId));
  if (filter.goodsType) params.set('goodsType', String(filter.goodsType));
  const query = params.toString();
  return `/catalogue/products/new${query ? `?${query}` : ''}`;
}
