import type { FastifyInstance } from 'fastify';
import { languageFromAcceptLanguage } from '@shop/contract/languages';
import { unavailable } from '../shared/domain-errors.ts';

/**
 * While the shop shuts down (SIGTERM, `app.close()`), requests still arriving on open connections get the 503 envelope
 * (Fastify's own `return503OnClosing` answers a body of its own format); requests already running finish normally.
 * Fastify adds `Connection: close`, so the client's next try opens a connection to another instance.
 * Register it before the other onRequest hooks: a request refused here does no work (no token check, no database).
 */
export function refuseRequestsWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request) => {
    if (!closing) return;
    request.language = languageFromAcceptLanguage(request.headers['accept-language']);
    throw unavailable();
  });
  // A request that was running when the shutdown began closes its connection too: kept alive, the idle connection would
  // hold `app.close()` until its keep-alive timeout (72 s), long past the shutdown deadline (shutdown.ts).
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
}
