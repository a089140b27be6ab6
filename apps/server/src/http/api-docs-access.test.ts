import { SANDBOX_CREDENTIALS } from '@shop/sandbox/credentials';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type ShopApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { PRODUCTION_OPS_TOKEN, productionConfig } from '../../test/production.ts';

const DOC_PATHS = ['/api/docs', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/swagger-initializer.js'];

describe('API documentation outside production', () => {
  let shop: ShopApp;
  beforeAll(async () => {
    const config = loadConfig({ SHOP_ENV: 'development', DATA_DIR: 'memory://', LOG_LEVEL: 'silent' }, SANDBOX_CREDENTIALS);
    shop = await buildApp(config, { logger: false, runJobs: false });
  });
  afterAll(() => shop.app.close());

  it('is open to anyone', async () => {
    for (const url of DOC_PATHS) expect((await shop.app.inject({ url })).statusCode, url).toBe(200);
    const doc = (await shop.app.inject({ url: '/api/docs/json' })).json<{ openapi: string; paths: object }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/user/info');
  });
});

describe('API documentation in production', () => {
  let shop: ShopApp;
  beforeAll(async () => {
    shop = await buildApp(productionConfig(), { logger: false, runJobs: false });
  });
  afterAll(() => shop.app.close());

  it('is refused without the operators token, with the 401 envelope', async () => {
    for (const authorization of [undefined, 'Bearer not-the-ops-token', PRODUCTION_OPS_TOKEN]) {
      for (const url of DOC_PATHS) {
        const answer = await shop.app.inject({ url, headers: authorization ? { authorization } : {} });
        expect(answer.statusCode, `${url} with ${authorization}`).toBe(401);
        expect(answer.json()).toEqual({ code: 401, message: expect.any(String), data: null });
        expect(answer.body).not.toContain('/api/user/info');
      }
    }
  });

  it('is served to operators with the OPS_API_TOKEN bearer', async () => {
    const authorization = `Bearer ${PRODUCTION_OPS_TOKEN}`;
    for (const url of DOC_PATHS) expect((await shop.app.inject({ url, headers: { authorization } })).statusCode, url).toBe(200);
    const doc = (await shop.app.inject({ url: '/api/docs/json', headers: { authorization } })).json<{ paths: object }>();
    expect(Object.keys(doc.paths)).toContain('/api/user/info');
  });
});
