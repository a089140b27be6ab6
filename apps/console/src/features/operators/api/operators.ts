import { useQuery } from '@tanstack/react-query';
import { consoleOperators } from '@shop/contract/console/access';
import { callRoute } from '../../../shared/api/client';

export const OPERATORS_KEY = ['console', 'operators'] as const;

export function useOperators() {
  return useQuery({ queryKey: OPERATORS_KEY, queryFn: () => callRoute(consoleOperators) });
}
