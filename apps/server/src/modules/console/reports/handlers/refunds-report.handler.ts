import { consoleRefundsReport } from '@shop/contract/console/reports';
import { defineHandler } from '../../../../http/handler.ts';

export const handler = defineHandler(consoleRefundsReport, {
  handle: ({ input, services }) => services.refundsReport.report(input.query),
});
