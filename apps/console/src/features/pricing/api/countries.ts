import { useQuery } from '@tanstack/react-query';
import { consoleCountryPricing } from '@shop/contract/console/pricing';
import { callRoute } from '../../../shared/api/client';
import { countriesKey } from './keys';

/** Every country's currency, tax, rate and the providers that charge its local prices. */
export function useCountries() {
  return useQuery({ queryKey: countriesKey, queryFn: () => callRoute(consoleCountryPricing) });
}
