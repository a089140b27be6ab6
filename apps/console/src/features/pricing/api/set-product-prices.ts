import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleSetProductPrices, type PricePointEdit } from '@shop/contract/console/pricing';
import { callRoute } from '../../../shared/api/client';
import { PRICING_KEY, productPricesKey } from './keys';

/** Sets a product's prices in the chosen countries by hand (all or nothing). */
export function useSetProductPrices(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (points: PricePointEdit[]) => callRoute(consoleSetProductPrices, { params: { productId }, body: { points } }),
    onSuccess: (prices) => {
      queryClient.setQueryData(productPricesKey(productId), prices);
      void queryClient.invalidateQueries({ queryKey: PRICING_KEY });
    },
  });
}
