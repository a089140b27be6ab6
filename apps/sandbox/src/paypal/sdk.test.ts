import {
  CheckoutPaymentIntent,
  Client,
  Environment,
  OrdersController,
  OrderStatus,
  PaymentsController,
  PaypalExperienceUserAction,
} from '@paypal/paypal-server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS } from '../credentials.ts';
import { press, startHarness, waitFor, type Harness } from '../testing/harness.ts';

/**
 * Compatibility with PayPal's official Node SDK (@paypal/paypal-server-sdk).
 *
 * The SDK has no base-URL option: `environment` only picks between the hard-coded hosts api-m.paypal.com and
 * api-m.sandbox.paypal.com (getBaseUri in its client.ts). What it does offer is `unstable_httpClientOptions`,
 * handed as-is to axios.create(); axios's documented `adapter: 'fetch'` with `env.fetch` lets us supply the
 * fetch it uses, and that fetch points PayPal's sandbox host at the stand-in. Everything else (OAuth
 * client-credentials, headers, bodies, response parsing and validation) is the SDK's own code.
 */

const PAYPAL_SANDBOX_HOST = 'https://api-m.sandbox.paypal.com';

let h: Harness;
let client: Client;

beforeAll(async () => {
  h = await startHarness();
  const api = `${h.sandbox.url}/paypal`;
  const toStandIn = async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    if (!request.url.startsWith(PAYPAL_SANDBOX_HOST)) throw new Error(`unexpected request to ${request.url}`);
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
    return fetch(api + request.url.slice(PAYPAL_SANDBOX_HOST.length), {
      method: request.method,
      headers: request.headers,
      body,
      signal: request.signal,
    });
  };
  client = new Client({
    clientCredentialsAuthCredentials: {
      oAuthClientId: SANDBOX_CREDENTIALS.paypal.clientId,
      oAuthClientSecret: SANDBOX_CREDENTIALS.paypal.clientSecret,
    },
    environment: Environment.Sandbox,
    timeout: 10_000,
    unstable_httpClientOptions: { adapter: 'fetch', env: { fetch: toStandIn } },
  });
});
afterAll(() => h.close());

describe('PayPal stand-in through the official SDK', () => {
  it('creates, approves, captures and refunds an order', async () => {
    const orders = new OrdersController(client);
    const created = await orders.createOrder({
      paypalRequestId: `sdk-${Date.now()}`,
      body: {
        intent: CheckoutPaymentIntent.Capture,
        purchaseUnits: [
          {
            referenceId: 'SDK-1',
            customId: 'sdk-custom',
            invoiceId: `SDK-INV-${Date.now()}`,
            amount: { currencyCode: 'EUR', value: '12.50' },
          },
        ],
        paymentSource: {
          paypal: {
            experienceContext: {
              returnUrl: 'https://shop.example/return',
              cancelUrl: 'https://shop.example/cancel',
              brandName: 'Game Shop',
              userAction: PaypalExperienceUserAction.PayNow,
            },
          },
        },
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.result.status).toBe(OrderStatus.PayerActionRequired);
    const orderId = created.result.id ?? '';
    const payerAction = created.result.links?.find((l) => l.rel === 'payer-action')?.href ?? '';
    expect(payerAction.startsWith(h.sandbox.url)).toBe(true);

    expect((await press(payerAction, 'Pay')).status).toBe(303);

    const captured = await orders.captureOrder({ id: orderId, paypalRequestId: `sdk-capture-${orderId}` });
    expect(captured.statusCode).toBe(201);
    expect(captured.result.status).toBe(OrderStatus.Completed);
    const capture = captured.result.purchaseUnits?.[0]?.payments?.captures?.[0];
    expect(capture).toMatchObject({ status: 'COMPLETED', amount: { currencyCode: 'EUR', value: '12.50' }, customId: 'sdk-custom' });

    const fetched = await orders.getOrder({ id: orderId });
    expect(fetched.result.payer?.payerId).toMatch(/^[A-Z0-9]{13}$/);

    const refund = await new PaymentsController(client).refundCapturedPayment({ captureId: capture?.id ?? '', paypalRequestId: `sdk-refund-${orderId}` });
    expect(refund.statusCode).toBe(201);
    expect(refund.result).toMatchObject({ status: 'COMPLETED', amount: { currencyCode: 'EUR', value: '12.50' } });

    await waitFor(() => h.from('paypal', (e) => e.event_type === 'PAYMENT.CAPTURE.REFUNDED').length === 1);
  });

  it('surfaces PayPal errors as the SDK expects them', async () => {
    const orders = new OrdersController(client);
    await expect(orders.captureOrder({ id: 'UNKNOWN-ORDER' })).rejects.toMatchObject({ statusCode: 404 });
  });
});
