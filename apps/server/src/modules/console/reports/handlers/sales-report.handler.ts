import { consoleSalesReport } from '@shop/contract/console/reports';
import { defineHandler } from '../../../../http/handler.ts';

export const handler = defineHandler(consoleSalesReport, {
  handle: ({ input, services }) => services.reports.sales(input.query),
});
