import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { consoleRefundsReport, type RefundsReportRequest } from '@shop/contract/console/reports';
import { callRoute } from '../../../shared/api/client';

/** The refunds of a range: totals per currency and status, and one page of the list. */
export function useRefundsReport(query: RefundsReportRequest) {
  return useQuery({
    queryKey: ['console', 'reports', 'refunds', query],
    queryFn: () => callRoute(consoleRefundsReport, { query }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
