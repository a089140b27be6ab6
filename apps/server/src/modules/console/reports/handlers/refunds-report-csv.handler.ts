import { consoleRefundsReportCsv } from '@shop/contract/console/reports';
import { defineCsvHandler } from '../../../../http/csv-handler.ts';

export const handler = defineCsvHandler(consoleRefundsReportCsv, {
  fileName: (query) => `refunds-${query.from}-${query.to}.csv`,
  handle: ({ input, services }) => services.refundsReport.csv(input.query),
});
