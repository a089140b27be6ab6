import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleRecomputePrices } from '@shop/contract/console/pricing';
import type { RouteBody } from '@shop/contract/route';
import { callRoute } from '../../../shared/api/client';
import { PRICING_KEY } from './keys';

/** Recomputes computed points at today's rates (the drifted ones, or all), of some products or countries. */
export function useRecomputePrices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<typeof consoleRecomputePrices>) => callRoute(consoleRecomputePrices, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PRICING_KEY }),
  });
}
