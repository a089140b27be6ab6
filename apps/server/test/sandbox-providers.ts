import Fastify from 'fastify';
import { SANDBOX_CREDENTIALS } from '@shop/sandbox/credentials';
import { startSandbox } from '@shop/sandbox/standalone';
import type { AppConfig } from '../src/config.ts';
import { PAYERMAX_NOTIFY_SUCCESS } from '../src/modules/payments/payermax/notification.ts';
import type { PaymentToOpen, WebhookRequest } from '../src/modules/payments/payment-provider.ts';
import type { ProviderClientOptions } from '../src/modules/payments/provider-http.ts';
import { createPaymentProviders } from '../src/modules/payments/provider-registry.ts';

/**
 * Test support: the production providers wired to a running sandbox, and a receiver that plays the shop's webhook
 * endpoints and keeps every delivery raw (the providers' own parseWebhook reads them, signatures and all).
 */

export interface Delivery extends WebhookRequest {
  provider: string;
}

export interface SandboxProviders {
  sandboxUrl: string;
  /** The receiver playing the shop's webhook endpoints (`/webhooks/<provider>`), and every delivery it got, raw. */
  receiverUrl: string;
  received: readonly Delivery[];
  config: Pick<AppConfig, 'paypal' | 'xsolla' | 'payermax'>;
  /** Providers built from `config`; pass options (a recording fetch) for another set. */
  build(options?: ProviderClientOptions): ReturnType<typeof createPaymentProviders>;
  /** The first delivery of `provider` whose parsed body `matches`, waited for up to 5 s. */
  delivery(provider: string, matches: (body: Record<string, unknown>) => boolean): Promise<Delivery>;
  /** Presses a button of a hosted page, as the browser's form post would; the answer is not followed. */
  press(path: string): Promise<Response>;
  /** What opening a payment needs, for a fresh order number. */
  paymentToOpen(amountMinor: number, currency: string): PaymentToOpen;
  close(): Promise<void>;
}

let sequence = 0;

export async function startSandboxProviders(): Promise<SandboxProviders> {
  const received: Delivery[] = [];
  const receiver = Fastify();
  receiver.removeAllContentTypeParsers();
  receiver.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  receiver.post<{ Params: { provider: string } }>('/webhooks/:provider', async (request, reply) => {
    const { provider } = request.params;
    received.push({ provider, headers: request.headers, rawBody: String(request.body ?? '') });
    if (provider === 'xsolla') return reply.code(204).send();
    if (provider === 'payermax') return reply.send(PAYERMAX_NOTIFY_SUCCESS);
    return reply.send({});
  });
  await receiver.listen({ port: 0, host: '127.0.0.1' });
  const address = receiver.server.address();
  if (!address || typeof address === 'string') throw new Error('receiver: expected a TCP address');
  const receiverUrl = `http://127.0.0.1:${address.port}`;
  const sandbox = await startSandbox({
    paypalWebhookUrl: `${receiverUrl}/webhooks/paypal`,
    xsollaWebhookUrl: `${receiverUrl}/webhooks/xsolla`,
    webhookRetryDelaysMs: [],
    port: 0,
  });
  const creds = SANDBOX_CREDENTIALS;
  const config: SandboxProviders['config'] = {
    paypal: {
      baseUrl: `${sandbox.url}/paypal`,
      clientId: creds.paypal.clientId,
      clientSecret: creds.paypal.clientSecret,
      webhookId: creds.paypal.webhookId,
      brandName: 'Game Shop',
    },
    xsolla: {
      apiBaseUrl: `${sandbox.url}/xsolla`,
      payStationUrl: `${sandbox.url}/xsolla/paystation4/`,
      scriptUrl: `${sandbox.url}/xsolla/embed/paystation/1.2.3/widget.min.js`,
      merchantId: creds.xsolla.merchantId,
      projectId: creds.xsolla.projectId,
      apiKey: creds.xsolla.apiKey,
      secretKey: creds.xsolla.secretKey,
      sandbox: true,
    },
    payermax: {
      gatewayUrl: `${sandbox.url}/payermax/aggregate-pay/api/gateway`,
      appId: creds.payermax.appId,
      merchantNo: creds.payermax.merchantNo,
      merchantPrivateKeyPem: creds.payermax.merchantPrivateKeyPem,
      platformPublicKeyPem: creds.payermax.platformPublicKeyPem,
    },
  };

  async function delivery(provider: string, matches: (body: Record<string, unknown>) => boolean): Promise<Delivery> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const found = received.find((entry) => entry.provider === provider && matches(JSON.parse(entry.rawBody) as Record<string, unknown>));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`timed out waiting for a ${provider} webhook`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  return {
    sandboxUrl: sandbox.url,
    receiverUrl,
    received,
    config,
    build: (options = {}) => createPaymentProviders(config, options),
    delivery,
    press: (path) => fetch(`${sandbox.url}${path}`, { method: 'POST', redirect: 'manual' }),
    paymentToOpen(amountMinor, currency) {
      sequence += 1;
      const orderId = Date.now() % 1_000_000_000 + sequence;
      return {
        orderId,
        orderSn: `LC${Date.now()}${sequence}`,
        userId: 42,
        amountMinor,
        currency,
        description: '100 gems',
        language: 'en',
        country: 'JP',
        returnUrl: `${receiverUrl}/payment/return`,
        cancelUrl: `${receiverUrl}/payment/cancel`,
        notifyUrl: `${receiverUrl}/webhooks/payermax`,
        expireSeconds: 1800,
      };
    },
    async close() {
      await sandbox.close();
      await receiver.close();
    },
  };
}
