import { useQuery } from '@tanstack/react-query';
import { consoleProductPrices } from '@shop/contract/console/pricing';
import { callRoute } from '../../../shared/api/client';
import { productPricesKey } from './keys';

/** A product's price point in every country, flagged. */
export function useProductPrices(productId: number | undefined) {
  return useQuery({
    queryKey: productPricesKey(productId ?? 0),
    queryFn: () => callRoute(consoleProductPrices, { params: { productId: productId! } }),
    enabled: productId !== undefined,
  });
}
