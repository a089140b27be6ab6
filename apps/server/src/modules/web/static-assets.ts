import type { FastifyStaticOptions } from '@fastify/static';

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
  setHeaders: (res, path) => {
    res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
  },
} satisfies Omit<FastifyStaticOptions, 'root'>;
