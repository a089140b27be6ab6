import type { FastifyInstance } from 'fastify';
import { unauthenticated } from '../../shared/domain-errors.ts';
import type { Services } from '../../services.ts';
import { opsTokenMatches } from '../ops/ops-token.ts';

/**
 * GET /metrics in Prometheus text. With METRICS_TOKEN (required in production) only with `Authorization: Bearer <token>`;
 * open otherwise (development, tests). Not part of the API: hidden from the OpenAPI document.
 */
export function registerMetricsRoutes(app: FastifyInstance, { config, metrics, database, db }: Services): void {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (config.metricsToken && !opsTokenMatches(config.metricsToken, request.headers.authorization)) throw unauthenticated();
    const { contentType, text } = await metrics.scrape(database, db);
    return reply.type(contentType).header('cache-control', 'no-store').send(text);
  });
}
