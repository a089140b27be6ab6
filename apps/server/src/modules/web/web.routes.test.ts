import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RuntimeConfig } from '@shop/contract/runtime-config.schema';
import { startShop, type TestShop } from '../../../test/harness.ts';
import { productionConfig } from '../../../test/production.ts';
import { buildApp, type ShopApp } from '../../app.ts';
import { paymentOrigins } from './web.routes.ts';

const BIG_SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i % 37}`))};\n`;
const BIG_STYLE = `${Array.from({ length: 200 }, (_, i) => `.c${i % 23} { color: #${String(i % 10).repeat(6)}; }`).join('\n')}\n`;

describe('serving the web app', () => {
  let shop: TestShop;
  let assetsDir: string;
  const get = (url: string, acceptEncoding?: string) =>
    shop.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });
  const varies = (vary: unknown) => String(vary).toLowerCase().split(/,\s*/).includes('accept-encoding');
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'shop-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div></body></html>');
    writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    // as scripts/build/precompress.ts leaves a build: copies next to the files, not for every file
    writeFileSync(join(dist, 'assets', 'big-5678.js'), BIG_SCRIPT);
    writeFileSync(join(dist, 'assets', 'big-5678.js.br'), brotliCompressSync(BIG_SCRIPT));
    writeFileSync(join(dist, 'assets', 'big-5678.js.gz'), gzipSync(BIG_SCRIPT));
    writeFileSync(join(dist, 'assets', 'gzip-only-9abc.css'), BIG_STYLE);
    writeFileSync(join(dist, 'assets', 'gzip-only-9abc.css.gz'), gzipSync(BIG_STYLE));
    assetsDir = join(dist, 'assets');
    // as apps/web/vite.config.ts writes it; the foreign and malformed paths must never reach the page
    writeFileSync(
      join(dist, 'page-preloads.json'),
      JSON.stringify({
        routes: {
          '/voucher': { scripts: ['/assets/VoucherPage-1.js'], styles: ['/assets/voucher-1.css'] },
          '/home': { scripts: ['/assets/HomePage-1.js', 'https://elsewhere.example/x.js', '/assets/"><script>x.js'], styles: [] },
        },
        locales: { en: '/assets/en-1.js', de: '/assets/de-1.js', ja: '/assets/ja-1.js', xx: '/assets/xx-1.js' },
      }),
    );
    const consoleDist = mkdtempSync(join(tmpdir(), 'console-dist-'));
    mkdirSync(join(consoleDist, 'assets'));
    writeFileSync(join(consoleDist, 'index.html'), '<!doctype html><html><head><title>Console</title></head><body></body></html>');
    writeFileSync(join(consoleDist, 'assets', 'console-1111.js'), BIG_SCRIPT);
    writeFileSync(join(consoleDist, 'assets', 'console-1111.js.br'), brotliCompressSync(BIG_SCRIPT));
    shop = await startShop('pglite', { WEB_DIST: dist, CONSOLE_DIST: consoleDist, IFRAME_PAYMENT: 'true' });
  });
  afterAll(() => shop.close());

  it('answers every page route with index.html carrying the runtime configuration and security headers', async () => {
    for (const path of ['/voucher?appId=10030', '/voucher/OrderHistory', '/payment/return?from=voucher', '/anything/else']) {
      const response = await fetch(shop.url + path, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(200);
      const html = await response.text();
      const json = /<script type="application\/json" id="shop-config">(.*?)<\/script>/.exec(html)?.[1];
      const config = RuntimeConfig.parse(JSON.parse(json!));
      expect(config).toMatchObject({ environment: 'test', apiBase: '/api', iframePayment: true, features: { cart: false, otpLogin: false } });
      expect(config.paymentHosts).toContain(new URL(shop.config.publicUrl).origin);
      const csp = response.headers.get('content-security-policy')!;
      expect(csp).toContain("default-src 'self'");
      expect(csp).toMatch(/script-src 'self'/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('serves hashed assets with long caching', async () => {
    const response = await fetch(`${shop.url}/assets/app-1234.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
    // the page's headers are not repeated on every asset; nosniff stays
    for (const name of ['content-security-policy', 'x-frame-options', 'etag', 'last-modified']) expect(response.headers.get(name), name).toBeNull();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('sends the brotli copy to a browser that accepts it, with Content-Encoding and Vary', async () => {
    const answer = await get('/assets/big-5678.js', 'gzip, deflate, br, zstd');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(varies(answer.headers.vary)).toBe(true);
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.rawPayload.equals(readFileSync(join(assetsDir, 'big-5678.js.br')))).toBe(true);
    expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(BIG_SCRIPT);
  });

  it('sends the gzip copy to a browser that accepts gzip only, and prefers gzip when brotli is refused', async () => {
    for (const accepted of ['gzip', 'gzip, deflate', 'br;q=0, gzip', '*']) {
      const answer = await get('/assets/big-5678.js', accepted);
      expect(answer.headers['content-encoding'], accepted).toBe('gzip');
      expect(varies(answer.headers.vary)).toBe(true);
      expect(gunzipSync(answer.rawPayload).toString()).toBe(BIG_SCRIPT);
    }
  });

  it('sends the file itself when no encoding is accepted', async () => {
    for (const accepted of [undefined, 'identity', 'compress']) {
      const answer = await get('/assets/big-5678.js', accepted);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(varies(answer.headers.vary)).toBe(true);
      expect(answer.payload).toBe(BIG_SCRIPT);
    }
  });

  it('falls back to the next copy, then to the file, when a precompressed copy is missing', async () => {
    const gzipOnly = await get('/assets/gzip-only-9abc.css', 'br, gzip');
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    expect(gzipOnly.headers['content-type']).toMatch(/text\/css/);
    expect(gunzipSync(gzipOnly.rawPayload).toString()).toBe(BIG_STYLE);
    const noCopy = await get('/assets/app-1234.js', 'br, gzip');
    expect(noCopy.statusCode).toBe(200);
    expect(noCopy.headers['content-encoding']).toBeUndefined();
    expect(noCopy.payload).toBe('console.log(1)');
  });

  it('does not serve the compressed copies as files of their own', async () => {
    for (const url of ['/assets/big-5678.js.br', '/assets/big-5678.js.gz', '/index.html']) {
      const answer = await shop.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json()).toMatchObject({ code: 404 });
    }
  });

  it('compresses index.html with its runtime configuration, and never caches it for long', async () => {
    const plain = await get('/voucher?appId=10030', undefined);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accepted, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const answer = await shop.app.inject({ method: 'GET', url: '/voucher?appId=10030', headers: { accept: 'text/html', 'accept-encoding': accepted } });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding']).toBe(accepted);
      expect(varies(answer.headers.vary)).toBe(true);
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
      const html = decode(answer.rawPayload).toString();
      expect(html).toContain('id="shop-config"');
    }
  });

  it("serves the console's assets precompressed and its pages compressed", async () => {
    const asset = await get('/console/assets/console-1111.js', 'gzip, br');
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(asset.rawPayload).toString()).toBe(BIG_SCRIPT);
    const page = await get('/console/orders', 'gzip');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(page.rawPayload).toString()).toContain('<title>Console</title>');
  });

  it('adds preload links for the landing screen and the language the app will pick', async () => {
    const page = async (url: string, acceptLanguage?: string) => {
      const answer = await shop.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) } });
      expect(answer.statusCode).toBe(200);
      expect(String(answer.headers.vary).toLowerCase()).toContain('accept-language');
      return [...answer.payload.matchAll(/<link rel="(modulepreload|preload)"[^>]*href="([^"]*)"/g)].map((m) => `${m[1]} ${m[2]}`);
    };
    expect(await page('/voucher?appId=10030&language=de', 'ja')).toEqual(['modulepreload /assets/VoucherPage-1.js', 'modulepreload /assets/de-1.js', 'preload /assets/voucher-1.css']);
    expect(await page('/Voucher/?language=zh-TW')).toEqual(['modulepreload /assets/VoucherPage-1.js', 'preload /assets/voucher-1.css']);
    expect(await page('/home', 'ja-JP,en;q=0.5')).toEqual(['modulepreload /assets/HomePage-1.js', 'modulepreload /assets/ja-1.js']);
    expect(await page('/my/personalCenter', 'de-AT')).toEqual(['modulepreload /assets/de-1.js']);
    expect(await page('/voucher?language=%3Cscript%3E', 'xx')).toEqual(['modulepreload /assets/VoucherPage-1.js', 'modulepreload /assets/en-1.js', 'preload /assets/voucher-1.css']);
    expect((await shop.app.inject({ method: 'GET', url: '/page-preloads.json' })).statusCode).toBe(404);
  });

  it('reports its build id for the update check', async () => {
    const answer = await shop.api<{ buildId: string }>('GET', '/api/common/version');
    expect(answer.body.data.buildId).toMatch(/^[0-9a-f]{12}$/);
  });

  it('is healthy and ready', async () => {
    expect((await fetch(`${shop.url}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${shop.url}/readyz`)).json()).toMatchObject({ status: 'ready', database: 'pglite' });
  });
});

describe('security headers in production', () => {
  let shop: ShopApp;
  beforeAll(async () => {
    shop = await buildApp(productionConfig(), { logger: false, runJobs: false });
  });
  afterAll(() => shop.app.close());

  it("lets payment pages frame PayPal's and Xsolla's live sites only", async () => {
    const answer = await shop.app.inject({ url: '/healthz' });
    const csp = answer.headers['content-security-policy'] as string;
    const frameSrc = /frame-src ([^;]*)/.exec(csp)?.[1]?.split(' ');
    expect(frameSrc).toEqual(expect.arrayContaining(["'self'", 'https://secure.xsolla.com', 'https://cdn.xsolla.net', 'https://www.paypal.com']));
    expect(csp).not.toMatch(/sandbox/);
    expect(csp).toContain('upgrade-insecure-requests');
    expect(paymentOrigins(productionConfig())).toEqual(['https://secure.xsolla.com', 'https://cdn.xsolla.net', 'https://www.paypal.com']);
  });
});
