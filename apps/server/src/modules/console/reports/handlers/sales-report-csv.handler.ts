import { consoleSalesReportCsv } from '@shop/contract/console/reports';
import { defineCsvHandler } from '../../../../http/csv-handler.ts';
import { salesCsv } from '../csv.ts';

export const handler = defineCsvHandler(consoleSalesReportCsv, {
  fileName: (query) => `sales-by-${query.groupBy}-${query.from}-${query.to}.csv`,
  handle: async ({ input, services }) => salesCsv(await services.reports.sales(input.query)),
});
