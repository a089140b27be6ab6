import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST';

/**
 * Where and how a client calls a route: the route table of a contract module (`x.ts`), free of schemas at runtime so the
 * web's first load does not carry zod. Paths use Fastify's `:param` syntax.
 */
export interface RouteTable {
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
}

/** A route's schemas (`x.schema.ts`): the server validates and documents with them. */
export interface RouteSchemas {
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** Request headers the route reads (documented in OpenAPI), e.g. IdempotencyHeaders. */
  headers?: z.ZodType;
  data: z.ZodType;
}

/**
 * One API call with its schemas: the server registers it under `/api` + path (x.schema.ts: the table's entry and its
 * schemas).
 */
export interface RouteDef extends RouteTable, RouteSchemas {}

export const defineRoute = <const R extends RouteDef>(route: R): R => route;

declare const schemaTypes: unique symbol;
/** A route table entry carrying the types of its schemas (never the schemas): the web's calls are typed by it. */
export type RouteRef<S extends RouteSchemas> = RouteTable & { readonly [schemaTypes]?: S };

/** A route table entry typed by its schemas in x.schema.ts: `routeTable<typeof schema.nameSchemas>()({ method, ... })`. */
export const routeTable =
  <S extends RouteSchemas>() =>
  <const T extends RouteTable>(table: T): T & RouteRef<S> =>
    table;

/** The schemas' types of a full route or of a route table entry. */
type SchemasOf<R extends RouteTable> = R extends RouteSchemas ? R : R extends RouteRef<infer S> ? S : never;

export type RouteBody<R extends RouteTable> = SchemasOf<R> extends { body: infer T extends z.ZodType } ? z.input<T> : undefined;
export type RouteQuery<R extends RouteTable> = SchemasOf<R> extends { query: infer T extends z.ZodType } ? z.input<T> : undefined;
export type RouteParams<R extends RouteTable> = SchemasOf<R> extends { params: infer T extends z.ZodType } ? z.input<T> : undefined;
export type RouteData<R extends RouteTable> = SchemasOf<R> extends { data: infer T extends z.ZodType } ? z.output<T> : never;

/** Fills `:param` placeholders of a route path. */
export function buildPath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
