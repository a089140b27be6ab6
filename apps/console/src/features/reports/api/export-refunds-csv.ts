import { useMutation } from '@tanstack/react-query';
import { consoleRefundsReportCsv, type RefundsReportCsvQuery } from '@shop/contract/console/reports';
import { download } from '../../../shared/api/client';

/** Saves every refund of the range (all pages) and their totals as CSV. */
export function useExportRefundsCsv() {
  return useMutation({
    mutationFn: (query: RefundsReportCsvQuery) => download(consoleRefundsReportCsv.path, { ...query }, `refunds-${query.from}-${query.to}.csv`),
  });
}
