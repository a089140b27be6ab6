import type { FastifyInstance } from 'fastify';
import { GAME_APP_ID_HEADER, GAME_SIGNATURE_HEADER, GAME_TIMESTAMP_HEADER } from '@shop/contract/game-api';
import { invalid, unauthenticated } from '../../shared/domain-errors.ts';
import { registerHandlers } from '../../http/handler.ts';
import type { Services } from '../../services.ts';
import { verifyGameSignature } from './game-signature.ts';
import { handler as voucherBalance } from './handlers/voucher-balance.handler.ts';
import { handler as voucherReverse } from './handlers/voucher-reverse.handler.ts';
import { handler as voucherSpend } from './handlers/voucher-spend.handler.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The game whose server signed this request (routes with auth 'game'). */
    gameAppId?: number;
  }
}

export const gameApiHandlers = [voucherBalance, voucherSpend, voucherReverse];

/**
 * The games' server-to-server API under /api/game/v1. The signature covers the raw bytes, so this plugin keeps its own
 * JSON parser that stores them; the signature is checked before the body is validated, so an unsigned request learns
 * nothing about the schema.
 */
export async function gameApiRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const { config } = services;
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16 * 1024 }, (request, body, done) => {
    request.rawBody = body as string;
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(invalid('badRequest'), undefined);
    }
  });

  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.auth !== 'game') return;
    const appId = Number(request.headers[GAME_APP_ID_HEADER]);
    const secret = Number.isSafeInteger(appId) ? config.gameServer.secrets[appId] : undefined;
    if (!secret || !verifyGameSignature(secret, request.headers[GAME_TIMESTAMP_HEADER], request.headers[GAME_SIGNATURE_HEADER], request.rawBody ?? '')) {
      throw unauthenticated('gameSignatureInvalid');
    }
    const key = request.headers['idempotency-key'];
    const transactionId = (request.body as { transactionId?: unknown } | undefined)?.transactionId;
    if (key !== undefined && (typeof transactionId !== 'string' || key !== transactionId.trim())) throw invalid('idempotencyKeyMismatch');
    request.gameAppId = appId;
  });

  registerHandlers(app, services, gameApiHandlers);
}
