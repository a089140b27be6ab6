import formBody from '@fastify/formbody';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Gives a provider scope its own body parsers, whatever the host app registered: JSON bodies arrive as the
 * raw string (PayerMax signs the exact bytes, and each provider reports malformed JSON in its own format),
 * HTML form posts from the hosted pages arrive parsed.
 */
export async function useRawJsonAndForms(app: FastifyInstance): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  await app.register(formBody);
}

/** The raw JSON text of a request ('' when there was no body). */
export function rawBody(request: FastifyRequest): string {
  return typeof request.body === 'string' ? request.body : '';
}

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parses a JSON object; undefined when the text is not JSON or not an object. */
export function parseJsonObject(text: string): JsonObject | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The hosted pages' form field set when the page runs inside an iframe. */
export function isFramed(request: FastifyRequest): boolean {
  return isObject(request.body) && request.body.framed === '1';
}

/** Reads `Authorization: Basic ...` as [user, password]. */
export function basicCredentials(request: FastifyRequest): [string, string] | undefined {
  const match = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : [decoded.slice(0, colon), decoded.slice(colon + 1)];
}
