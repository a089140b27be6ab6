import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { consoleSalesReport, type SalesReportQuery } from '@shop/contract/console/reports';
import { callRoute } from '../../../shared/api/client';

/** The sales report of a range, grouping and filters (kept on screen while the next one loads). */
export function useSalesReport(query: SalesReportQuery) {
  return useQuery({
    queryKey: ['console', 'reports', 'sales', query],
    queryFn: () => callRoute(consoleSalesReport, { query }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
