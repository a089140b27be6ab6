import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { AppConfig } from '../../config.ts';

/**
 * Serves the publisher's console (apps/console, its own Vite build) at /console: hashed assets cached for good, every
 * other page of it gets its index.html (history-mode routing). The shop's pages keep their own budgets.
 */
export async function consoleRoutes(app: FastifyInstance, { config }: { config: AppConfig }): Promise<void> {
  const indexPath = join(config.consoleDist, 'index.html');
  const indexHtml = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : undefined;
  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: config.consoleDist,
      prefix: '/console/',
      index: false,
      wildcard: false,
      globIgnore: ['index.html'],
      decorateReply: false,
      setHeaders: (res, path) => {
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }
  const page = async (_request: unknown, reply: import('fastify').FastifyReply) => {
    if (!indexHtml) return reply.status(503).type('text/plain').send('The console is not built. Run: npm run build');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  };
  app.get('/console', { schema: { hide: true } }, page);
  app.get('/console/*', { schema: { hide: true } }, page);
}
