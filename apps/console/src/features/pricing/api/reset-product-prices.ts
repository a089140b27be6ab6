import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleResetProductPrices } from '@shop/contract/console/pricing';
import { callRoute } from '../../../shared/api/client';
import { PRICING_KEY, productPricesKey } from './keys';

/** Resets a product's prices in the chosen countries to the computed ones. */
export function useResetProductPrices(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (regionCodes: string[]) => callRoute(consoleResetProductPrices, { params: { productId }, body: { regionCodes } }),
    onSuccess: (prices) => {
      queryClient.setQueryData(productPricesKey(productId), prices);
      void queryClient.invalidateQueries({ queryKey: PRICING_KEY });
    },
  });
}
