import type { FastifyInstance } from 'fastify';
import { registerHandlers } from '../../../http/handler.ts';
import type { Services } from '../../../services.ts';
import { handler as refundsReport } from './handlers/refunds-report.handler.ts';
import { handler as refundsReportCsv } from './handlers/refunds-report-csv.handler.ts';
import { handler as salesReport } from './handlers/sales-report.handler.ts';
import { handler as salesReportCsv } from './handlers/sales-report-csv.handler.ts';

/** The console's reports: sales and refunds, each as a page and as a CSV file. */
export const consoleReportsHandlers = [salesReport, refundsReport, salesReportCsv, refundsReportCsv];

export function registerConsoleReportsRoutes(app: FastifyInstance, services: Services): void {
  registerHandlers(app, services, consoleReportsHandlers);
}
