import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startShop, type TestShop } from '../../test/harness.ts';
import { translate } from '../i18n/messages.ts';

interface RawAnswer {
  status: number;
  contentType: string;
  body: { code: number; message: string; data: unknown };
}

/** fetch() normalises URLs; these requests must reach the server exactly as written. */
function rawRequest(shop: TestShop, method: string, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const { hostname, port } = new URL(shop.url);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: hostname, port, method, path, headers, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, contentType: String(response.headers['content-type']), body: JSON.parse(text) }));
    });
    request.on('error', reject);
    request.end();
  });
}

/** What Fastify and Node.js refuse before a route runs is the envelope too, with a translated message. */
describe.each(BACKENDS)('requests refused before any route runs (%s)', (backend) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startShop(backend);
  });
  afterAll(() => shop.close());

  it('a malformed percent-encoding in the URL answers 400 with the envelope in the caller language', async () => {
    const answer = await rawRequest(shop, 'POST', '/api/v1/voucher/list/%ZZ', { 'accept-language': 'de-DE' });
    expect(answer.status).toBe(400);
    expect(answer.contentType).toMatch(/^application\/json/);
    expect(answer.body).toEqual({ code: 400, message: translate('de', 'invalidUrl'), data: null });
    expect(answer.body.message).toBe('Die Adresse dieser Anfrage ist ungültig');
  });

  it('a path parameter over 100 characters answers 414 with the envelope', async () => {
    const answer = await rawRequest(shop, 'POST', `/api/v1/voucher/list/${'1'.repeat(101)}`, { 'accept-language': 'fr' });
    expect(answer.status).toBe(414);
    expect(answer.body).toEqual({ code: 414, message: translate('fr', 'urlParameterTooLong'), data: null });
  });

  it('a URL or headers beyond what Node.js parses (16 KB) answers 431 with the envelope (no headers: default language)', async () => {
    const answer = await rawRequest(shop, 'GET', `/api/v1/order/list/all?pageNum=${'9'.repeat(20_000)}`);
    expect(answer.status).toBe(431);
    expect(answer.contentType).toMatch(/^application\/json/);
    expect(answer.body).toEqual({ code: 431, message: translate('en', 'requestHeadersTooLarge'), data: null });
  });

  it('the routes still answer as before', async () => {
    const answer = await rawRequest(shop, 'POST', '/api/v1/voucher/list/10030');
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe(200);
  });
});
