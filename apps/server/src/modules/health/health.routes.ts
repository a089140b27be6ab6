import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.ts';

export function registerHealthRoutes(app: FastifyInstance, { database }: Services): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await database.ping();
      return { status: 'ready', database: database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: database.kind });
    }
  });
}
