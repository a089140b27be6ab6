import fc from 'fast-check';
import {
  HOSTILE_CONTENT_TYPES,
  HOSTILE_HEADERS,
  HOSTILE_PATH_SEGMENTS,
  HOSTILE_QUERY_PAIRS,
  HOSTILE_RAW_BODIES,
  hostileNumber,
  hostileValue,
} from './hostile-values.ts';

/** The parts of JSON Schema (as @fastify/swagger writes the contract's zod schemas) that shape generated values. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** OpenAPI path with `{name}` placeholders. */
  path: string;
  security: string[];
  parameters: Parameter[];
  body?: JsonSchema;
}

/** Every operation of an OpenAPI 3 document. */
export function operationsOf(document: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const security = (operation['security'] as Record<string, unknown>[] | undefined) ?? [];
      const content = (operation['requestBody'] as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content;
      return {
        method: method.toUpperCase(),
        path,
        security: security.flatMap((entry) => Object.keys(entry)),
        parameters: (operation['parameters'] as Parameter[] | undefined) ?? [],
        ...(content?.['application/json'] ? { body: content['application/json'].schema } : {}),
      };
    }),
  );
}

/** Real values by field name (a product id that exists, the player's game account...), so requests get past the lookups. */
export type Examples = Record<string, unknown[]>;

/** Values the schema accepts; known real values for the field's name are preferred. */
function validValue(schema: JsonSchema, name: string, examples: Examples): fc.Arbitrary<unknown> {
  const known = examples[name];
  const generated = fromSchema(schema, name, examples);
  return known?.length ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: generated }) : generated;
}

function fromSchema(schema: JsonSchema, name: string, examples: Examples): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((variant) => validValue(variant, name, examples)));
  if (schema.allOf && !schema.type) return validValue(Object.assign({}, ...schema.allOf) as JsonSchema, name, examples);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer': {
      const min = Math.max(schema.minimum ?? -1e6, Number.MIN_SAFE_INTEGER) + (schema.exclusiveMinimum === true ? 1 : 0);
      return fc.integer({ min, max: Math.min(schema.maximum ?? 1e6, Number.MAX_SAFE_INTEGER) });
    }
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string': {
      if (schema.format === 'date-time') return fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) }).map((date) => date.toISOString());
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.min(schema.maxLength ?? 40, Math.max(minLength, 40));
      const patterns = patternsOf(schema);
      const matches = (text: string) => patterns.every((pattern) => pattern.test(text));
      // Patterns that plain text passes (no control characters) only filter; a strict one (^[A-Z]{2}$, ^\/) generates.
      const strict = patterns.find((pattern) => !pattern.test('a'.repeat(Math.max(minLength, 1))));
      if (!strict) return fc.string({ minLength, maxLength }).filter(matches);
      return fc.stringMatching(strict).filter((text) => matches(text) && text.length >= minLength && text.length <= (schema.maxLength ?? Infinity));
    }
    case 'array':
      return fc.array(validValue(schema.items ?? {}, `${name}[]`, examples), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, Math.max(schema.minItems ?? 0, 4)),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      return fc.record(
        Object.fromEntries(Object.entries(properties).map(([key, inner]) => [key, validValue(inner, key, examples)])),
        { requiredKeys: schema.required ?? [] },
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** The patterns a string must match: its own and those of an `allOf` (zod writes a second `.regex()` there). */
function patternsOf(schema: JsonSchema): RegExp[] {
  return [schema.pattern, ...(schema.allOf ?? []).map((inner) => inner.pattern)].filter((p): p is string => !!p).map((p) => new RegExp(p));
}

/** Paths (property names and array index 0) of every field the schema describes, objects and arrays included. */
function fieldPaths(schema: JsonSchema, prefix: (string | number)[] = []): (string | number)[][] {
  const variants = schema.anyOf ?? schema.oneOf ?? (schema.type ? undefined : schema.allOf);
  if (variants) {
    const paths = variants.flatMap((variant) => fieldPaths(variant, prefix));
    return paths.filter((path, i) => paths.findIndex((other) => other.join('.') === path.join('.')) === i);
  }
  if (schema.properties) {
    return Object.entries(schema.properties).flatMap(([key, inner]) => [[...prefix, key], ...fieldPaths(inner, [...prefix, key])]);
  }
  if (schema.items) return fieldPaths(schema.items, [...prefix, 0]);
  return [];
}

const REMOVE = Symbol('remove');

/** Sets (or deletes) the field at `path` of a copy of `value`, creating the objects on the way when they are missing. */
function withField(value: unknown, path: (string | number)[], change: (current: unknown) => unknown): unknown {
  if (path.length === 0) return change(value);
  const [head, ...rest] = path;
  const container = (
    value && typeof value === 'object' ? (Array.isArray(value) ? [...value] : { ...value }) : typeof head === 'number' ? [] : {}
  ) as Record<string | number, unknown>;
  const inner = withField(container[head!], rest, change);
  if (inner === REMOVE) delete container[head!];
  else Object.defineProperty(container, head!, { value: inner, enumerable: true, writable: true, configurable: true });
  return container;
}

const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? 'x'));

/** Puts a control character (NUL half of the time: PostgreSQL refuses it) inside a valid value, keeping the rest valid. */
const controlCharacterInside = fc
  .tuple(fc.nat(), fc.oneof(fc.constant('\u0000'), fc.integer({ min: 0, max: 31 }).map((code) => String.fromCharCode(code)), fc.constant('\u007f')))
  .map(([position, control]) => (current: unknown) => {
    const text = asText(current);
    const at = position % (text.length + 1);
    return text.slice(0, at) + control + text.slice(at);
  });

/** What happens to one field: a control character inside its valid value, a boundary number, any hostile value, or removal. */
const fieldChange: fc.Arbitrary<(current: unknown) => unknown> = fc.oneof(
  { weight: 4, arbitrary: controlCharacterInside },
  { weight: 3, arbitrary: hostileNumber.map((value) => () => value) },
  { weight: 4, arbitrary: hostileValue.map((value) => () => value) },
  { weight: 1, arbitrary: fc.constant(() => REMOVE) },
);

/** A valid body with one field changed: every other check passes, so the hostile value travels far. */
function oneHostileField(schema: JsonSchema, examples: Examples): fc.Arbitrary<unknown> {
  const paths = fieldPaths(schema);
  const valid = validValue(schema, '(body)', examples);
  if (paths.length === 0) return valid;
  return fc.tuple(valid, fc.constantFrom(...paths), fieldChange).map(([body, path, change]) => withField(body, path, change));
}

/** A valid body with extra keys: unknown names, prototype-pollution keys, near-duplicates of real ones. */
function extraFields(schema: JsonSchema, examples: Examples): fc.Arbitrary<unknown> {
  const extraKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'isAdmin', 'userId', 'status', 'APPID', 'appId ', '');
  return fc.tuple(validValue(schema, '(body)', examples), fc.array(fc.tuple(extraKey, hostileValue), { minLength: 1, maxLength: 3 })).map(([body, extras]) => {
    const copy: Record<string, unknown> = body && typeof body === 'object' && !Array.isArray(body) ? { ...body } : {};
    for (const [key, value] of extras) Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
    return copy;
  });
}

/** Several fields changed at once. */
function chaos(schema: JsonSchema, examples: Examples): fc.Arbitrary<unknown> {
  const paths = fieldPaths(schema);
  return fc
    .tuple(validValue(schema, '(body)', examples), fc.array(fc.tuple(fc.constantFrom(...(paths.length ? paths : [['x']])), fieldChange), { minLength: 2, maxLength: 6 }))
    .map(([body, changes]) => changes.reduce((current, [path, change]) => withField(current, path, change), body));
}

export interface FuzzRequest {
  method: string;
  /** Path with query string, ready to append to the base URL. */
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** What the generator aimed at (for the failure report). */
  kind: string;
}

export interface RequestContext {
  examples: Examples;
  /** Authorization header value of a valid caller for each security scheme; undefined when the scheme cannot be satisfied. */
  authorization: (scheme: string) => string | undefined;
  /** Cookie header of a valid caller for a cookie scheme (the console's session); undefined for other schemes. */
  cookie?: (scheme: string) => string | undefined;
  /** Extra headers a scheme needs for a body (the game signature covers the raw body). */
  sign?: (scheme: string, body: string) => Record<string, string>;
}

/** Percent-encodes a value for a URL; a lone surrogate becomes its (invalid) three UTF-8-style bytes, as a careless client sends it. */
function encodeSegment(value: unknown): string {
  return asText(value).replace(/[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]|[^\ud800-\udfff]+/g, (part) => {
    if (part.length !== 1 || part.charCodeAt(0) < 0xd800 || part.charCodeAt(0) > 0xdfff) return encodeURIComponent(part);
    const unit = part.charCodeAt(0);
    return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
  });
}

/** Header values must be Latin-1 without control characters (fetch refuses others): hostile within what HTTP can carry. */
const headerSafe = (value: unknown) => asText(value).replace(/[^\x20-\x7e]/g, '?');

interface RequestParts {
  /** Path parameter values, not yet encoded (a string in `rawPath` is put in the URL as it is). */
  path: Record<string, unknown>;
  rawPath?: Record<string, string>;
  /** `name=value` pairs, encoded. */
  query: string[];
  body?: { text: string; contentType?: string };
  authorization?: string;
  headers: Record<string, string>;
  kind: string;
}

function assemble(operation: Operation, context: RequestContext, parts: RequestParts): FuzzRequest {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => parts.rawPath?.[name] ?? encodeSegment(parts.path[name]));
  const headers: Record<string, string> = { ...parts.headers };
  const scheme = operation.security[0];
  if (parts.body) headers['content-type'] = parts.body.contentType ?? 'application/json';
  if (parts.authorization) headers['authorization'] = parts.authorization;
  const cookie = scheme ? context.cookie?.(scheme) : undefined;
  if (cookie) headers['cookie'] = cookie;
  if (scheme && context.sign && parts.body) Object.assign(headers, context.sign(scheme, parts.body.text));
  const query = parts.query.join('&');
  return { method: operation.method, url: query ? `${path}?${query}` : path, headers, ...(parts.body ? { body: parts.body.text } : {}), kind: parts.kind };
}

const paramsIn = (operation: Operation, place: Parameter['in']) => operation.parameters.filter((p) => p.in === place);
const bodyOf = (operation: Operation) => (operation.method === 'GET' ? undefined : operation.body);

/** Requests for one operation: mostly valid with one changed field, some entirely hostile, valid ones too. */
export function requestsFor(operation: Operation, context: RequestContext): fc.Arbitrary<FuzzRequest> {
  const { examples } = context;
  const pathParams = paramsIn(operation, 'path');
  const queryParams = paramsIn(operation, 'query');
  const headerParams = paramsIn(operation, 'header');
  const body = bodyOf(operation);
  const changed = (param: Parameter) => fc.tuple(validValue(param.schema, param.name, examples), fieldChange).map(([valid, change]) => change(valid));

  const pathArb = fc
    .tuple(
      ...pathParams.map((param) =>
        fc.oneof(
          { weight: 6, arbitrary: validValue(param.schema, param.name, examples).map((value) => ({ value })) },
          { weight: 3, arbitrary: changed(param).map((value) => ({ value })) },
          { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_PATH_SEGMENTS).map((raw) => ({ raw })) },
        ),
      ),
    )
    .map((values) => ({
      path: Object.fromEntries(pathParams.map((param, i) => [param.name, (values[i] as { value?: unknown }).value])),
      rawPath: Object.fromEntries(pathParams.flatMap((param, i) => ('raw' in values[i]! ? [[param.name, values[i]!.raw]] : []))),
    }));

  const queryArb = fc
    .tuple(
      fc.tuple(
        ...queryParams.map((param) =>
          fc.oneof(
            { weight: 4, arbitrary: validValue(param.schema, param.name, examples) },
            { weight: 3, arbitrary: changed(param) },
            { weight: 2, arbitrary: fc.constant(REMOVE) },
          ),
        ),
      ),
      fc.oneof({ weight: 5, arbitrary: fc.constant([] as string[]) }, { weight: 1, arbitrary: fc.subarray(HOSTILE_QUERY_PAIRS, { minLength: 1, maxLength: 2 }) }),
    )
    .map(([values, extra]) => [...queryParams.flatMap((param, i) => (values[i] === REMOVE ? [] : [`${param.name}=${encodeSegment(values[i])}`])), ...extra]);

  type Body = { body?: { text: string; contentType?: string }; kind: string };
  const json = (kind: string) => (value: unknown): Body => ({ body: { text: JSON.stringify(value) ?? 'null' }, kind });
  const bodyArb: fc.Arbitrary<Body> = body
    ? fc.oneof(
        { weight: 8, arbitrary: oneHostileField(body, examples).map(json('one hostile field')) },
        { weight: 2, arbitrary: extraFields(body, examples).map(json('extra fields')) },
        { weight: 3, arbitrary: chaos(body, examples).map(json('chaos')) },
        { weight: 2, arbitrary: validValue(body, '(body)', examples).map(json('valid')) },
        { weight: 1, arbitrary: hostileValue.map(json('hostile body')) },
        { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_RAW_BODIES).map((text) => ({ body: { text }, kind: 'raw body' })) },
        {
          weight: 1,
          arbitrary: fc
            .tuple(validValue(body, '(body)', examples), fc.constantFrom(...HOSTILE_CONTENT_TYPES))
            .map(([value, contentType]) => ({ body: { text: JSON.stringify(value), contentType }, kind: 'content type' })),
        },
      )
    : operation.method === 'GET'
      ? fc.constant({ kind: 'no body' })
      : fc.oneof(
          { weight: 6, arbitrary: fc.constant({ kind: 'no body' }) },
          { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_RAW_BODIES.slice(0, 12)).map((text) => ({ body: { text }, kind: 'unexpected body' })) },
        );

  const scheme = operation.security[0];
  const authArb: fc.Arbitrary<string | undefined> = fc.oneof(
    { weight: 12, arbitrary: fc.constant(scheme ? context.authorization(scheme) : undefined) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_HEADERS.authorization) },
  );
  const headersArb = fc
    .tuple(
      fc.oneof({ weight: 8, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_HEADERS['accept-language']) }),
      fc.tuple(
        ...headerParams.map((param) =>
          fc.oneof(
            { weight: 3, arbitrary: fc.constant(undefined) },
            { weight: 2, arbitrary: validValue(param.schema, param.name, examples).map(headerSafe) },
            { weight: 2, arbitrary: hostileValue.map(headerSafe) },
          ),
        ),
      ),
    )
    .map(([language, values]) => ({
      ...(language ? { 'accept-language': language } : {}),
      ...Object.fromEntries(headerParams.flatMap((param, i) => (values[i] === undefined ? [] : [[param.name, values[i]!]]))),
    }));

  return fc
    .tuple(pathArb, queryArb, bodyArb, authArb, headersArb)
    .map(([path, query, { body: requestBody, kind }, authorization, headers]) =>
      assemble(operation, context, { ...path, query, ...(requestBody ? { body: requestBody } : {}), ...(authorization ? { authorization } : {}), headers, kind }),
    );
}

/**
 * The known ways a value breaks a server, each tried on every field, path and query parameter of an operation in turn
 * (all else valid): control characters inside a valid value, integers just beyond int4 and 2^53, negative, huge, long.
 * Random generation may miss one field; this sweep does not.
 */
const BOUNDARY_CHANGES: [string, (current: unknown) => unknown][] = [
  ['NUL inside', (current) => `${asText(current)}\u0000x`],
  ['control character inside', (current) => `\u0001${asText(current)}\u001f`],
  ['int4 + 1', () => 2 ** 31],
  ['int4 + 1 as text', () => '2147483648'],
  ['2^53 + 2', () => Number.MAX_SAFE_INTEGER + 3],
  ['-1', () => -1],
  ['1e308', () => 1e308],
  ['long', () => 'x'.repeat(5000)],
];

/** One valid value, the same every time: the first known value of the name, else the simplest value the schema accepts. */
function typicalValue(schema: JsonSchema, name: string, examples: Examples): unknown {
  if (examples[name]?.length) return examples[name][0];
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return typicalValue(variants[0]!, name, examples);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'date-time') return new Date().toISOString();
      return fc.sample(fromSchema(schema, name, {}), { seed: 1, numRuns: 1 })[0];
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, () => typicalValue(schema.items ?? {}, `${name}[]`, examples));
    case 'object': {
      // Required fields, and the optional ones with a known value (an optional client price would only be refused as stale).
      const fields = Object.entries(schema.properties ?? {}).filter(([key]) => schema.required?.includes(key) || examples[key]?.length);
      return Object.fromEntries(fields.map(([key, inner]) => [key, typicalValue(inner, key, examples)]));
    }
    default:
      return 'a';
  }
}

/** The boundary sweep of one operation: each change of BOUNDARY_CHANGES on each field, the rest typical values. */
export function boundaryRequests(operation: Operation, context: RequestContext): FuzzRequest[] {
  const { examples } = context;
  const typical = (schema: JsonSchema, name: string) => typicalValue(schema, name, examples);
  const pathParams = paramsIn(operation, 'path');
  const queryParams = paramsIn(operation, 'query');
  const body = bodyOf(operation);
  const scheme = operation.security[0];
  const base = {
    path: Object.fromEntries(pathParams.map((param) => [param.name, typical(param.schema, param.name)])),
    query: Object.fromEntries(queryParams.map((param) => [param.name, typical(param.schema, param.name)])),
    body: body ? typical(body, '(body)') : undefined,
  };
  const request = (kind: string, changes: Partial<typeof base>) => {
    const parts = { ...base, ...changes };
    return assemble(operation, context, {
      path: parts.path,
      query: Object.entries(parts.query).flatMap(([name, value]) => (value === REMOVE ? [] : [`${name}=${encodeSegment(value)}`])),
      ...(body ? { body: { text: JSON.stringify(parts.body) ?? 'null' } } : {}),
      ...(scheme && context.authorization(scheme) ? { authorization: context.authorization(scheme)! } : {}),
      headers: {},
      kind,
    });
  };
  return BOUNDARY_CHANGES.flatMap(([label, change]) => [
    ...pathParams.map((param) => request(`${label}: path ${param.name}`, { path: { ...base.path, [param.name]: change(base.path[param.name]) } })),
    ...queryParams.map((param) => request(`${label}: query ${param.name}`, { query: { ...base.query, [param.name]: change(base.query[param.name]) } })),
    ...(body ? fieldPaths(body).map((path) => request(`${label}: ${path.join('.')}`, { body: withField(base.body, path, change) })) : []),
  ]);
}
