import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { RUNTIME_CONFIG_ELEMENT_ID, type RuntimeConfig } from '@shop/contract/runtime-config.schema';
import type { AppConfig } from '../../config.ts';
import { translate } from '../../i18n/messages.ts';
import { compressPage, sendPage, type CompressedPage } from './compressed-page.ts';
import { pagePreloads } from './page-preloads.ts';
import { STATIC_ASSETS } from './static-assets.ts';

/** Origins the /pay iframe route and the CSP allow for payment pages: production allows PayPal's live site only. */
export function paymentOrigins(config: AppConfig): string[] {
  const urls = [config.xsolla.payStationUrl, config.xsolla.scriptUrl];
  if (config.sandbox.embedded) urls.push(config.publicUrl);
  else if (config.environment === 'production') urls.push('https://www.paypal.com');
  else urls.push('https://www.paypal.com', 'https://www.sandbox.paypal.com');
  return [...new Set(urls.map((url) => new URL(url).origin))];
}

export function runtimeConfig(config: AppConfig, buildId: string): RuntimeConfig {
  return {
    environment: config.environment,
    apiBase: '/api',
    buildId,
    iframePayment: config.iframePayment,
    paymentHosts: paymentOrigins(config),
    xsolla: { scriptUrl: config.xsolla.scriptUrl, payStationUrl: config.xsolla.payStationUrl, sandbox: config.xsolla.sandbox },
    features: { cart: config.features.cart, otpLogin: config.features.otpLogin },
    ...(config.analyticsId ? { analyticsId: config.analyticsId } : {}),
    links: config.links,
  };
}

/** Embeds the runtime configuration as a JSON data block: no extra request, and CSP does not apply to data blocks. */
export function injectRuntimeConfig(indexHtml: string, runtime: RuntimeConfig): string {
  const json = JSON.stringify(runtime).replace(/</g, '\\u003c');
  const block = `<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">${json}</script>`;
  return indexHtml.replace('</head>', `${block}</head>`);
}

/**
 * Serves the built SPA: hashed assets with long caching, precompressed by the build (brotli or gzip as the browser
 * accepts); every other GET that accepts HTML gets index.html with the runtime configuration (history-mode routing)
 * and preload links for what that page will load next: the landing screen's chunks and the messages of the player's
 * language (page-preloads.ts), so they download alongside the entry instead of after it ran. Each variant of the page
 * is built and compressed once.
 */
export async function webRoutes(app: FastifyInstance, { config }: { config: AppConfig }): Promise<void> {
  const indexPath = join(config.webDist, 'index.html');
  const built = existsSync(indexPath);
  const rawIndex = built ? readFileSync(indexPath, 'utf8') : undefined;
  const buildId = config.buildId !== 'dev' ? config.buildId : rawIndex ? createHash('sha256').update(rawIndex).digest('hex').slice(0, 12) : 'dev';
  const indexHtml = rawIndex ? injectRuntimeConfig(rawIndex, runtimeConfig(config, buildId)) : undefined;
  const choosePreloads = pagePreloads(config.webDist);
  // at most (landing screens + 1) x languages entries: the keys come from the build's lists, not from the request
  const pages = new Map<string, CompressedPage>();
  const pageFor = (html: string, request: FastifyRequest): CompressedPage => {
    const { route, language, links } = choosePreloads(request.url.split('?')[0]!, request.query as Record<string, unknown>, request.headers['accept-language']);
    const key = `${route}|${language}`;
    let page = pages.get(key);
    if (!page) {
      page = compressPage(links ? html.replace('</head>', `${links}</head>`) : html);
      pages.set(key, page);
    }
    return page;
  };

  if (built) {
    await app.register(fastifyStatic, { ...STATIC_ASSETS, root: config.webDist, globIgnore: [...STATIC_ASSETS.globIgnore, 'page-preloads.json'] });
  }

  app.get('/api/common/version', { schema: { hide: true } }, async () => ({ code: 200, message: 'OK', data: { buildId } }));

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/api/') && (request.headers.accept ?? '').includes('text/html');
    if (wantsPage) {
      if (!indexHtml) return reply.status(503).type('text/plain').send('The web app is not built. Run: npm run build');
      // the page differs by language when the address does not name it
      reply.header('vary', 'accept-language');
      return sendPage(request, reply, pageFor(indexHtml, request));
    }
    return reply.status(404).send({ code: 404, message: translate(request.language, 'routeNotFound'), data: null });
  });
}
