import { useMutation } from '@tanstack/react-query';
import { consoleSalesReportCsv, type SalesReportQuery } from '@shop/contract/console/reports';
import { download } from '../../../shared/api/client';

/** Saves the sales report as CSV: the server answers the same numbers as the screen, from the same query. */
export function useExportSalesCsv() {
  return useMutation({
    mutationFn: (query: SalesReportQuery) =>
      download(consoleSalesReportCsv.path, { ...query }, `sales-by-${query.groupBy}-${query.from}-${query.to}.csv`),
  });
}
