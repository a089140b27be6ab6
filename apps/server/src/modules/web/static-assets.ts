import type { FastifyStaticOptions } from '@fastify/static';

/**
 * Security headers that concern a page (helmet sets them on every answer of the shop, app.ts), not a script or a style
 * sheet: a hashed asset goes without them, and without ETag and Last-Modified (it never changes, so nobody revalidates
 * it). About 1 kB less per asset on the first load; X-Content-Type-Options (nosniff), HSTS and the cross-origin
 * resource policy stay.
 */
const PAGE_ONLY_HEADERS = [
  'content-security-policy',
  'x-frame-options',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * How both SPAs' built files are served (the shop's at /, the console's at /console/). Hashed files under assets/
 * never change, so browsers keep them for a year without asking again; other files (the public folder's images) for an
 * hour. The build writes brotli and gzip copies next to the files (scripts/build/precompress.ts): `preCompressed` sends
 * the copy the browser accepts, the file itself when there is none, and answers `Vary: Accept-Encoding` either way. The
 * copies get no routes of their own, nor does index.html, which the server sends with the runtime configuration.
 */
export const STATIC_ASSETS = {
  index: false,
  wildcard: false,
  preCompressed: true,
  globIgnore: ['index.html', '**/*.br', '**/*.gz'],
  setHeaders: (reply, path) => {
    if (!path.includes('/assets/')) {
      reply.header('cache-control', 'public, max-age=3600');
      return;
    }
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    reply.removeHeader('etag');
    reply.removeHeader('last-modified');
    // helmet wrote these on the raw response
    for (const name of PAGE_ONLY_HEADERS) reply.raw.removeHeader(name);
  },
} satisfies Omit<FastifyStaticOptions, 'root'>;
