import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Query parameters that carry a credential, whose value must never reach a log line (ADR 0042): the console's enrolment
 * link (`token`, valid for CONSOLE_INVITE_HOURS), a signed voucher link (`sign`), the payment return page's `ref` (shows an
 * order's outcome without a session), PayPal's return (`token`, `PayerID`), and the sandbox's checkout pages
 * (`token`, PayerMax's `tradeToken`) and GeeTest passes. Names are compared without regard to case.
 */
export const SECRET_QUERY_PARAMETERS = ['token', 'tradeToken', 'sign', 'sign_token', 'pass_token', 'captcha_output', 'PayerID', 'ref'] as const;

const SECRET_NAMES = new Set(SECRET_QUERY_PARAMETERS.map((name) => name.toLowerCase()));
export const REDACTED = '[redacted]';

function decoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/**
 * The URL with the value of every secret query parameter replaced by [redacted]; everything else stays as it was sent.
 * A parameter that holds a path of this site with a query of its own (the login page's `redirect`) is redacted inside too.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const parts = url
    .slice(queryStart + 1)
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      if (equals < 0) return part;
      const name = decoded(part.slice(0, equals)) ?? part.slice(0, equals);
      if (SECRET_NAMES.has(name.toLowerCase())) return `${part.slice(0, equals)}=${REDACTED}`;
      const value = decoded(part.slice(equals + 1));
      if (value?.startsWith('/') && value.includes('?')) {
        const inner = redactUrl(value);
        if (inner !== value) return `${part.slice(0, equals)}=${encodeURIComponent(inner)}`;
      }
      return part;
    });
  return `${url.slice(0, queryStart)}?${parts.join('&')}`;
}

/** pino's `req` serializer: what a log line says about a request, its URL redacted (Fastify's default fields, minus the port). */
export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return { method: request.method, url: redactUrl(request.url), host: request.host, remoteAddress: request.ip };
}

/** A built file served by @fastify/static (it puts the file's name in its routes' config). */
function isStaticAsset(request: FastifyRequest): boolean {
  return typeof (request.routeOptions.config as { file?: unknown }).file === 'string';
}

/**
 * Fastify's request lines (app.ts `logController`): one per request, once it is answered, instead of Fastify's two
 * ("incoming request" and "request completed"): method, redacted URL, status and time in ms. The built files of the two
 * SPAs at debug: a page load fetches a dozen of them, and they say nothing the page's own line does not.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) request.log.error({ ...line, err: error }, 'request errored');
    else if (isStaticAsset(request)) request.log.debug(line, 'request completed');
    else request.log.info(line, 'request completed');
  }
}
