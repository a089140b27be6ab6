import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { envelope } from '@shop/contract/envelope.schema';
import type { RouteDef } from '@shop/contract/route';
import type { Services } from '../services.ts';
import type { Handler, HandlerInput } from './handler.ts';
import { apiUrl } from './route.ts';

/**
 * The handler of a console route that answers a file (CSV). It cannot be the envelope, so it is registered here
 * instead of with registerRoute, with the same config (`auth: 'operator'` and the permission): the app's onRequest hook
 * checks the session and the role exactly as for every other console route. The query is validated by the contract's
 * schema; every error (401, 403, 400) still answers the JSON envelope through the error handler. A handler may answer a
 * stream, which is sent as it is written (the refunds CSV). A file is a read: no audit.
 */
export function defineCsvHandler<R extends RouteDef>(
  route: R,
  spec: {
    fileName(query: HandlerInput<R>['query']): string;
    handle(args: { input: HandlerInput<R>; services: Services }): Promise<string | Readable>;
  },
): Handler<R> {
  return {
    route,
    audit: undefined,
    register(app, services) {
      app.route({
        method: route.method,
        url: apiUrl(route.path),
        schema: {
          summary: route.summary,
          ...(route.query ? { querystring: route.query } : {}),
          response: {
            200: { description: 'The CSV file (UTF-8 with BOM, RFC 4180)', content: { 'text/csv': { schema: z.string() } } },
            '4XX': { description: 'The envelope with the error', content: { 'application/json': { schema: envelope(z.null()) } } },
          },
          security: [{ consoleSession: [] }],
        },
        config: { auth: 'operator', ...(route.permission ? { permission: route.permission } : {}) },
        onRequest: async (_request, reply) => {
          reply.header('cache-control', 'no-store');
        },
        handler: async (request, reply: FastifyReply) => {
          const input = { body: undefined, query: request.query, params: undefined } as HandlerInput<R>;
          const body = await spec.handle({ input, services });
          return reply
            .header('content-type', 'text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="${spec.fileName(input.query)}"`)
            .header('x-content-type-options', 'nosniff')
            .send(body);
        },
      });
    },
  };
}
