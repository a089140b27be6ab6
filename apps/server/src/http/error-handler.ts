import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiCode } from '@shop/contract/envelope.schema';
import { translate, type MessageKey } from '../i18n/messages.ts';
import { isConnectionFault } from '../db/transaction-safe-pool.ts';
import { DomainError } from '../shared/domain-errors.ts';
import { httpOf } from './errors.ts';

/**
 * "The database is not reachable right now": a lost or timed-out connection (the pool's own test), or PostgreSQL
 * refusing more connections (53300) or cancelling a statement at statement_timeout (57014).
 */
function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const { code } = current as { code?: string };
    if (isConnectionFault(current) || code === '53300' || code === '57014') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * PostgreSQL's refusals of a value a client sent: a character it cannot store in text (NUL: 22P05, 22021), a number
 * beyond its column (22003), text that is not a number (22P02). The contract's schemas refuse these first (fields.ts);
 * this is the safety net for a field that escaped them, so the client gets a 400 instead of a 500.
 */
const INVALID_VALUE_CODES = new Set(['22P05', '22021', '22003', '22P02']);

function isInvalidValue(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && INVALID_VALUE_CODES.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const STATUS_KEYS: Record<number, MessageKey> = {
  400: 'badRequest',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'notFound',
  409: 'conflict',
  429: 'tooManyRequests',
  503: 'serviceUnavailable',
};

/** Turns everything thrown into the envelope; never a stack trace or SQL text to the client. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const send = (status: number, code: number, message: string) =>
      reply.status(status).send({ code, message, data: null });

    if (error instanceof DomainError) {
      const { status, code } = httpOf(error);
      if (status >= 500) request.log.warn({ err: error }, 'request failed');
      return send(status, code, translate(request.language, error.messageKey, error.params));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = [...new Set(error.validation.map((issue) => issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || issue.params?.['missingProperty'] || '(body)'))];
      return send(400, ApiCode.BAD_REQUEST, translate(request.language, 'validationFailed', { fields: fields.join(', ') }));
    }
    if (isInvalidValue(error)) {
      // A schema let a value through that the database refuses: answer 400, and warn so that the schema gets fixed.
      request.log.warn({ err: error }, 'database refused a value of the request');
      return send(400, ApiCode.BAD_REQUEST, translate(request.language, 'invalidValue'));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return send(503, ApiCode.UNAVAILABLE, translate(request.language, 'serviceUnavailable'));
    }
    // Fastify's own client errors (malformed JSON, body too large, unsupported media type, ...).
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return send(status, status, translate(request.language, STATUS_KEYS[status] ?? 'badRequest'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(500, ApiCode.INTERNAL, translate(request.language, 'internalError'));
  });
}
