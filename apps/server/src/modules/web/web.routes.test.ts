import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RuntimeConfig } from '@shop/contract/runtime-config';
import { startShop, type TestShop } from '../../../test/harness.ts';
import { productionConfig } from '../../../test/production.ts';
import { buildApp, type ShopApp } from '../../app.ts';
import { paymentOrigins } from './web.routes.ts';

describe('serving the web app', () => {
  let shop: TestShop;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'shop-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div></body></html>');
    writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    shop = await startShop('pglite', { WEB_DIST: dist, IFRAME_PAYMENT: 'true' });
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
