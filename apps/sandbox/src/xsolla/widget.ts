import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';

/** The embed script, read once. It is static: it finds the Pay Station next to the URL it was loaded from. */
const WIDGET_SOURCE = readFileSync(new URL('./widget.js', import.meta.url), 'utf8');

/** GET /embed/paystation/:version/widget.min.js, the stand-in for the script on Xsolla's CDN. */
export function widgetRoute(app: FastifyInstance): void {
  app.get('/embed/paystation/:version/widget.min.js', async (_request, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      // Pages on another origin (the shop's dev server) load it as a classic cross-origin script.
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('cache-control', 'no-cache')
      .send(WIDGET_SOURCE),
  );
}
