import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { consoleAnalyticsSummary, type AnalyticsSummaryQuery } from '@shop/contract/console/analytics';
import { callRoute } from '../../../shared/api/client';

/** The dashboard's figures of a period and game (the previous ones stay on screen while the next load). */
export function useAnalyticsSummary(query: AnalyticsSummaryQuery) {
  return useQuery({
    queryKey: ['console', 'analytics', 'summary', query],
    queryFn: () => callRoute(consoleAnalyticsSummary, { query }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
