import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleUpdateCountryPricing } from '@shop/contract/console/pricing';
import type { RouteBody } from '@shop/contract/route';
import { callRoute } from '../../../shared/api/client';
import { PRICING_KEY } from './keys';

/** Changes a country's currency, tax or providers (its points may turn stale: every pricing view is read again). */
export function useUpdateCountry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ regionCode, body }: { regionCode: string; body: RouteBody<typeof consoleUpdateCountryPricing> }) =>
      callRoute(consoleUpdateCountryPricing, { params: { regionCode }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PRICING_KEY }),
  });
}
