import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { envelope } from '@shop/contract/envelope.schema';
import type { RouteDef } from '@shop/contract/route';
import {
  consoleRefundsReport,
  consoleRefundsReportCsv,
  consoleSalesReport,
  consoleSalesReportCsv,
  type RefundsReportCsvQuery,
  type SalesReportQuery,
} from '@shop/contract/console/reports';
import { apiUrl, registerRoute } from '../../../http/route.ts';
import type { Services } from '../../../services.ts';
import { salesCsv } from './csv.ts';
import { RefundsReportService } from './refunds-report.service.ts';

/**
 * A file answer (CSV) of a console route. It cannot be the envelope, so it is registered here instead of with
 * registerRoute, with the same config (`auth: 'operator'` and the permission): the app's onRequest hook checks the
 * session and the role exactly as for every other console route. The query is validated by the contract's schema; every
 * error (401, 403, 400) still answers the JSON envelope through the error handler. A handler may answer a stream, which
 * is sent as it is written (the refunds CSV).
 */
function registerCsvRoute<Q>(app: FastifyInstance, def: RouteDef, fileName: (query: Q) => string, handler: (query: Q) => Promise<string | Readable>): void {
  app.route({
    method: def.method,
    url: apiUrl(def.path),
    schema: {
      summary: def.summary,
      ...(def.query ? { querystring: def.query } : {}),
      response: {
        200: { description: 'The CSV file (UTF-8 with BOM, RFC 4180)', content: { 'text/csv': { schema: z.string() } } },
        '4XX': { description: 'The envelope with the error', content: { 'application/json': { schema: envelope(z.null()) } } },
      },
      security: [{ consoleSession: [] }],
    },
    config: { auth: 'operator', ...(def.permission ? { permission: def.permission } : {}) },
    onRequest: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    },
    handler: async (request, reply: FastifyReply) => {
      const query = request.query as Q;
      const body = await handler(query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName(query)}"`)
        .header('x-content-type-options', 'nosniff')
        .send(body);
    },
  });
}

export function registerConsoleReportsRoutes(app: FastifyInstance, services: Services): void {
  const reports = services.reports;
  const refunds = new RefundsReportService(services.db);

  registerRoute(app, consoleSalesReport, ({ query }) => reports.sales(query));
  registerRoute(app, consoleRefundsReport, ({ query }) => refunds.report(query));

  registerCsvRoute<SalesReportQuery>(
    app,
    consoleSalesReportCsv,
    (query) => `sales-by-${query.groupBy}-${query.from}-${query.to}.csv`,
    async (query) => salesCsv(await reports.sales(query)),
  );
  registerCsvRoute<RefundsReportCsvQuery>(
    app,
    consoleRefundsReportCsv,
    (query) => `refunds-${query.from}-${query.to}.csv`,
    (query) => refunds.csv(query),
  );
}
