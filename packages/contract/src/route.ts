import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST';

/**
 * One API call: the server registers it under `/api` + path with these schemas, the web client types its calls with it.
 * Paths use Fastify's `:param` syntax.
 */
export interface RouteDef {
  method: HttpMethod;
  path: string;
  /**
   * none: public; user: a player's bearer token; game: a game server's signed request (game-api.ts); ops: the machine
   * token (ops.ts); operator: a console session cookie (console/access.ts) holding `permission`.
   */
  auth: 'none' | 'user' | 'game' | 'ops' | 'operator';
  /** Routes with auth 'operator': what the operator's role must allow (console/access.ts). */
  permission?: string;
  summary: string;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** Request headers the route reads (documented in OpenAPI), e.g. IdempotencyHeaders. */
  headers?: z.ZodType;
  data: z.ZodType;
}

export const defineRoute = <const R extends RouteDef>(route: R): R => route;

export type RouteBody<R extends RouteDef> = R['body'] extends z.ZodType ? z.input<R['body']> : undefined;
export type RouteQuery<R extends RouteDef> = R['query'] extends z.ZodType ? z.input<R['query']> : undefined;
export type RouteParams<R extends RouteDef> = R['params'] extends z.ZodType ? z.input<R['params']> : undefined;
export type RouteData<R extends RouteDef> = z.output<R['data']>;

/** Fills `:param` placeholders of a route path. */
export function buildPath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
