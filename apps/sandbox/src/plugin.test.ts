import formBody from '@fastify/formbody';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS } from './credentials.ts';
import sandboxPlugin from './plugin.ts';

describe('sandboxPlugin mounted in a host app', () => {
  it('works under /sandbox next to the host\'s own parsers and error handler', async () => {
    const app = Fastify();
    // The shop registers its own form parser and envelope error handler at the root.
    await app.register(formBody);
    app.setErrorHandler((_error, _request, reply) => reply.code(500).send({ code: 500, message: 'host handler' }));
    await app.register(sandboxPlugin, {
      prefix: '/sandbox',
      publicUrl: 'http://localhost:8080/sandbox/',
      paypalWebhookUrl: 'http://127.0.0.1:1/api/webhooks/paypal',
      xsollaWebhookUrl: 'http://127.0.0.1:1/api/webhooks/xsolla',
      webhookRetryDelaysMs: [],
    });
    try {
      const { clientId, clientSecret } = SANDBOX_CREDENTIALS.paypal;
      const token = await app.inject({
        method: 'POST',
        url: '/sandbox/paypal/v1/oauth2/token',
        headers: {
          authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: 'grant_type=client_credentials',
      });
      expect(token.statusCode).toBe(200);
      const bearer = token.json<{ access_token: string }>().access_token;

      const created = await app.inject({
        method: 'POST',
        url: '/sandbox/paypal/v2/checkout/orders',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'USD', value: '1.00' } }], payment_source: { paypal: {} } }),
      });
      expect(created.statusCode).toBe(201);
      // Links use the configured public URL (its trailing slash dropped).
      expect(created.json<{ links: Array<{ href: string }> }>().links[1]?.href).toMatch(/^http:\/\/localhost:8080\/sandbox\/paypal\/checkoutnow\?token=/);

      // Errors stay in the provider's format, not the host's.
      const malformed = await app.inject({
        method: 'POST',
        url: '/sandbox/paypal/v2/checkout/orders',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        payload: '{',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({ name: 'INVALID_REQUEST' });
    } finally {
      await app.close();
    }
  });

  it('refuses a publicUrl that is not an absolute http(s) URL', async () => {
    const app = Fastify();
    await expect(
      app.register(sandboxPlugin, { publicUrl: '/sandbox', paypalWebhookUrl: 'http://x/p', xsollaWebhookUrl: 'http://x/x' }).ready(),
    ).rejects.toThrow(/publicUrl/);
  });
});

describe('sandbox index page', () => {
  it('lists the stand-ins at the mount point', async () => {
    const app = Fastify();
    await app.register(sandboxPlugin, {
      prefix: '/sandbox',
      publicUrl: 'http://localhost:8080/sandbox',
      paypalWebhookUrl: 'http://127.0.0.1:1/api/webhooks/paypal',
      xsollaWebhookUrl: 'http://127.0.0.1:1/api/webhooks/xsolla',
      webhookRetryDelaysMs: [],
    });
    try {
      const page = await app.inject({ method: 'GET', url: '/sandbox/' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('http://localhost:8080/sandbox/paypal');
      expect(page.body).toContain('PayerMax');
    } finally {
      await app.close();
    }
  });
});
