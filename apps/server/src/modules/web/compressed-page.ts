import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * An HTML page the server builds in memory (an SPA's index.html with its runtime configuration), compressed once when
 * it is built: brotli and gzip like the precompressed assets (scripts/build/precompress.ts), none for a browser that
 * accepts neither.
 */
export interface CompressedPage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export function compressPage(html: string): CompressedPage {
  const identity = Buffer.from(html, 'utf8');
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }),
    gzip: gzipSync(identity, { level: constants.Z_BEST_COMPRESSION }),
  };
}

// As @fastify/static negotiates: brotli first, then gzip; `*` counts as gzip.
const encodings = new Negotiator<'br' | 'gzip'>({ supportedValues: ['br', 'gzip'] });

/** Sends the page in the best encoding the request accepts; the answer varies by Accept-Encoding. */
export function sendPage(request: FastifyRequest, reply: FastifyReply, page: CompressedPage): FastifyReply {
  const accepted = request.headers['accept-encoding'];
  const encoding = accepted ? encodings.negotiate(accepted.toLowerCase().replace(/\*/g, 'gzip')) : null;
  const vary = reply.getHeader('vary');
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  if (!encoding) return reply.send(page.identity);
  return reply.header('content-encoding', encoding).send(page[encoding]);
}
