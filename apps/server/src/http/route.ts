import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { envelope } from '@shop/contract/envelope.schema';
import type { RouteDef, RouteData } from '@shop/contract/route';
import type { z } from 'zod';
import type { Language } from '@shop/contract/languages';
import { translate, type MessageKey } from '../i18n/messages.ts';
import { notFound } from '../shared/domain-errors.ts';
import type { SessionUser } from '../modules/auth/tokens.ts';
import type { ConsoleOperator } from '../modules/console/access/operators.service.ts';
import { runIdempotent, type IdempotencyClaim, type IdempotencyKeys } from './idempotency.ts';
import type { RouteRateLimit } from './rate-limit.ts';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface HandlerContext<R extends RouteDef> {
  body: Parsed<R['body']>;
  query: Parsed<R['query']>;
  params: Parsed<R['params']>;
  /** Present on routes with auth 'user' (checked before the handler runs). */
  user: R['auth'] extends 'user' ? SessionUser : SessionUser | undefined;
  /** Present on routes with auth 'operator' (session and permission checked before the handler runs). */
  operator: R['auth'] extends 'operator' ? ConsoleOperator : ConsoleOperator | undefined;
  language: Language;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The request's hold on its Idempotency-Key (routes registered with `idempotency`, when the header was sent). */
  idempotency?: IdempotencyClaim;
}

/** The OpenAPI security scheme of each kind of caller (app.ts names them). */
const SECURITY: Partial<Record<RouteDef['auth'], string>> = { user: 'bearerAuth', game: 'gameSignature', ops: 'opsToken', operator: 'consoleSession' };

/** Full URL of a contract route: everything lives under /api (two contract paths already carry it). */
export const apiUrl = (path: string) => (path.startsWith('/api/') ? path : `/api${path}`);

/**
 * `message`: the envelope's success message (default "Request Successful").
 * `enabled`: asked on every request; while false the route answers 404 like an unknown path, before its body is read
 * (a feature switched off stays documented in OpenAPI).
 * `rateLimit`: the route's limits (`RateLimits.route`).
 * `idempotency`: the route honours a signed-in player's `Idempotency-Key` header (ADR 0020, docs/adr/0020-unpaid-cap-and-idempotency.md).
 * `bodyLimit`: this route's largest body in bytes, instead of the app's 64 kB (uploads, imports).
 *
 * Every answer is `Cache-Control: no-store`: answers carry tokens (also on public routes: login, refresh, captcha),
 * a player's data, or prices and states that change by the second; no browser or proxy may keep one.
 */
export interface RouteOptions {
  message?: MessageKey;
  enabled?: () => boolean;
  rateLimit?: RouteRateLimit;
  idempotency?: IdempotencyKeys;
  bodyLimit?: number;
  /**
   * The handler answers objects it keeps and never changes (a cached list): each one is serialised once, the first
   * time it is sent, and its JSON reused for every later answer (the catalogue is read on every page view).
   */
  sharedData?: boolean;
}

/**
 * Registers one contract route: the contract's zod schemas validate the request and document the response,
 * the handler returns the envelope's data.
 */
export function registerRoute<R extends RouteDef>(
  app: FastifyInstance,
  def: R,
  handler: (ctx: HandlerContext<R>) => Promise<RouteData<R>>,
  options: RouteOptions = {},
): void {
  const { enabled, rateLimit, idempotency, bodyLimit, sharedData } = options;
  const successKey = options.message ?? 'success';
  const envelopeOf = (language: Language) => (data: unknown) => ({ code: 200, message: translate(language, successKey), data });
  app.route({
    method: def.method,
    url: apiUrl(def.path),
    ...(bodyLimit ? { bodyLimit } : {}),
    schema: {
      summary: def.summary,
      ...(def.body ? { body: def.body } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.params ? { params: def.params } : {}),
      ...(def.headers ? { headers: def.headers } : {}),
      response: { 200: envelope(def.data) },
      ...(SECURITY[def.auth] ? { security: [{ [SECURITY[def.auth]!]: [] }] } : {}),
    },
    config: { auth: def.auth, ...(def.permission ? { permission: def.permission } : {}) },
    onRequest: [
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        if (enabled && !enabled()) throw notFound('routeNotFound');
      },
      ...(rateLimit ? [rateLimit.onRequest] : []),
    ],
    ...(rateLimit?.preHandler ? { preHandler: rateLimit.preHandler } : {}),
    handler: async (request, reply) => {
      const context: HandlerContext<R> = {
        body: request.body as Parsed<R['body']>,
        query: request.query as Parsed<R['query']>,
        params: request.params as Parsed<R['params']>,
        user: request.user as HandlerContext<R>['user'],
        operator: request.operator as HandlerContext<R>['operator'],
        language: request.language,
        request,
        reply,
      };
      const key = request.headers['idempotency-key'];
      if (idempotency && request.user && typeof key === 'string') {
        return runIdempotent(idempotency, request.user.userId, key, { request, reply }, (claim) => handler({ ...context, idempotency: claim }), envelopeOf(request.language));
      }
      const data = await handler(context);
      if (sharedData && typeof data === 'object' && data !== null) {
        reply.type('application/json; charset=utf-8');
        return `{"code":200,"message":${JSON.stringify(translate(request.language, successKey))},"data":${serialisedOnce(data)}}`;
      }
      return envelopeOf(request.language)(data);
    },
  });
}

/** The JSON of objects answered again and again (routes with `sharedData`), made once per object. */
const serialised = new WeakMap<object, string>();
function serialisedOnce(data: object): string {
  let json = serialised.get(data);
  if (json === undefined) {
    json = JSON.stringify(data);
    serialised.set(data, json);
  }
  return json;
}
