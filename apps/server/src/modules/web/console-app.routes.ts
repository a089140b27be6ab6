import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { AppConfig } from '../../config.ts';
import { compressPage, sendPage } from './compressed-page.ts';
import { STATIC_ASSETS } from './static-assets.ts';

/**
 * Serves the publisher's console (apps/console, its own Vite build) at /console: hashed assets cached for good, every
 * other page of it gets its index.html (history-mode routing). The shop's pages keep their own budgets.
 */
export async function consoleRoutes(app: FastifyInstance, { config }: { config: AppConfig }): Promise<void> {
  const indexPath = join(config.consoleDist, 'index.html');
  const indexPage = existsSync(indexPath) ? compressPage(readFileSync(indexPath, 'utf8')) : undefined;
  if (indexPage) await app.register(fastifyStatic, { ...STATIC_ASSETS, root: config.consoleDist, prefix: '/console/', decorateReply: false });
  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!indexPage) return reply.status(503).type('text/plain').send('The console is not built. Run: npm run build');
    return sendPage(request, reply, indexPage);
  };
  app.get('/console', { schema: { hide: true } }, page);
  app.get('/console/*', { schema: { hide: true } }, page);
}
