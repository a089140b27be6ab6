import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, languageFromAcceptLanguage } from '@shop/contract/languages';
import { translate, type MessageKey } from '../i18n/messages.ts';

/**
 * The envelope for what Fastify and Node.js refuse before any route or hook runs, so the error handler never sees it:
 * a URL whose percent-encoding is broken, a path parameter over `maxParamLength` (100 characters), and requests the
 * HTTP parser cannot read at all (headers or URL over 16 KB, malformed HTTP, too slow to arrive).
 */

const FRAMEWORK_ERRORS: Record<string, { status: number; key: MessageKey }> = {
  FST_ERR_BAD_URL: { status: 400, key: 'invalidUrl' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, key: 'urlParameterTooLong' },
};

/** Fastify's `frameworkErrors` option: the request has headers, so the message is in the caller's language. */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const { status, key } = FRAMEWORK_ERRORS[error.code] ?? { status: 400, key: 'badRequest' as const };
  request.language = languageFromAcceptLanguage(request.headers['accept-language']);
  void reply.status(status).send({ code: status, message: translate(request.language, key), data: null });
}

const CLIENT_ERRORS: Record<string, { status: number; key: MessageKey }> = {
  HPE_HEADER_OVERFLOW: { status: 431, key: 'requestHeadersTooLarge' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, key: 'requestTimeout' },
};

/**
 * Fastify's `clientErrorHandler`: Node.js could not parse the request, so there is no request object and no
 * Accept-Language; the message is in the default language. Writes the answer straight to the socket and closes it.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, key } = CLIENT_ERRORS[error.code ?? ''] ?? { status: 400, key: 'badRequest' as const };
  const body = JSON.stringify({ code: status, message: translate(DEFAULT_LANGUAGE, key), data: null });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
