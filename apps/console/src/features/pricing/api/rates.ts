import { useQuery } from '@tanstack/react-query';
import { consoleExchangeRates } from '@shop/contract/console/pricing';
import { callRoute } from '../../../shared/api/client';
import { ratesKey } from './keys';

/** The current exchange rates with their date and source, and the drift setting. */
export function useRates() {
  return useQuery({ queryKey: ratesKey, queryFn: () => callRoute(consoleExchangeRates) });
}
