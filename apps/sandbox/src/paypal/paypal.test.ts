import { createPublicKey, verify } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS } from '../credentials.ts';
import { basicAuth, press, startHarness, waitFor, type Harness, type Received } from '../testing/harness.ts';

const { clientId, clientSecret, webhookId } = SANDBOX_CREDENTIALS.paypal;

// Tests read arbitrary paths of PayPal's JSON answers; typing every shape would only restate the assertions.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = Record<string, any>;

let h: Harness;
let api: string;
let token: string;

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${api}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Body };
}

let sequence = 0;
function orderBody(overrides: { value?: string; currency?: string; invoiceId?: string; brandName?: string } = {}) {
  sequence += 1;
  return {
    intent: 'CAPTURE',
    purchase_units: [
      {
        reference_id: `ORDER-${sequence}`,
        custom_id: `custom-${sequence}`,
        invoice_id: overrides.invoiceId ?? `INV-${Date.now()}-${sequence}`,
        amount: { currency_code: overrides.currency ?? 'USD', value: overrides.value ?? '9.99' },
      },
    ],
    payment_source: {
      paypal: {
        experience_context: {
          return_url: 'https://shop.example/pay/return?order=1',
          cancel_url: 'https://shop.example/pay/cancel',
          brand_name: overrides.brandName ?? 'Game Shop',
          locale: 'en-US',
          user_action: 'PAY_NOW',
        },
      },
    },
  };
}

async function createOrder(overrides: Parameters<typeof orderBody>[0] = {}) {
  const created = await call('POST', '/v2/checkout/orders', orderBody(overrides), { 'PayPal-Request-Id': `create-${Math.random()}` });
  expect(created.status).toBe(201);
  return created.body as { id: string; links: Array<{ rel: string; href: string }> };
}

const payerAction = (order: { links: Array<{ rel: string; href: string }> }) => order.links.find((l) => l.rel === 'payer-action')?.href ?? '';

const eventsOf = (type: string, orderId?: string): Received[] =>
  h.from('paypal', (e) => {
    if (e.event_type !== type) return false;
    const resource = e.resource as Body;
    return orderId === undefined || resource.id === orderId || resource.supplementary_data?.related_ids?.order_id === orderId;
  });

/** Verifies a delivery the way PAYMENTS.md tells the shop to: PayPal's verify-webhook-signature call. */
async function verifyByApi(delivery: Received, overrides: Record<string, unknown> = {}) {
  const header = (name: string) => String(delivery.headers[name] ?? '');
  const result = await call('POST', '/v1/notifications/verify-webhook-signature', {
    auth_algo: header('paypal-auth-algo'),
    cert_url: header('paypal-cert-url'),
    transmission_id: header('paypal-transmission-id'),
    transmission_sig: header('paypal-transmission-sig'),
    transmission_time: header('paypal-transmission-time'),
    webhook_id: webhookId,
    webhook_event: JSON.parse(delivery.body),
    ...overrides,
  });
  expect(result.status).toBe(200);
  return result.body.verification_status as string;
}

beforeAll(async () => {
  h = await startHarness();
  api = `${h.sandbox.url}/paypal`;
  const response = await fetch(`${api}/v1/oauth2/token`, {
    method: 'POST',
    headers: { authorization: basicAuth(clientId, clientSecret), 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  token = ((await response.json()) as { access_token: string }).access_token;
});
afterAll(() => h.close());
beforeEach(() => h.respond(({ provider }) => ({ status: provider === 'xsolla' ? 204 : 200 })));

describe('PayPal auth', () => {
  it('issues a bearer token for the right client credentials only', async () => {
    const good = await fetch(`${api}/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: basicAuth(clientId, clientSecret), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    expect(good.status).toBe(200);
    expect(await good.json()).toMatchObject({ token_type: 'Bearer', expires_in: 32400, app_id: expect.any(String) });

    const bad = await fetch(`${api}/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: basicAuth(clientId, 'wrong'), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({ error: 'invalid_client', error_description: 'Client Authentication failed' });
  });

  it('refuses API calls without a token it issued', async () => {
    const missing = await fetch(`${api}/v2/checkout/orders/X`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ error: 'invalid_token' });
    const forged = await fetch(`${api}/v2/checkout/orders/X`, { headers: { authorization: 'Bearer A21AAforged' } });
    expect(forged.status).toBe(401);
  });
});

describe('PayPal orders', () => {
  it('creates an order that needs the payer, with self and payer-action links', async () => {
    const order = await createOrder();
    expect(order).toMatchObject({ status: 'PAYER_ACTION_REQUIRED', payment_source: { paypal: {} } });
    expect(order.links).toEqual([
      { href: `${api}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
      { href: `${api}/checkoutnow?token=${order.id}`, rel: 'payer-action', method: 'GET' },
    ]);
    const fetched = await call('GET', `/v2/checkout/orders/${order.id}`);
    expect(fetched.body).toMatchObject({
      id: order.id,
      intent: 'CAPTURE',
      status: 'PAYER_ACTION_REQUIRED',
      purchase_units: [{ amount: { currency_code: 'USD', value: '9.99' } }],
    });
  });

  it('answers a repeated PayPal-Request-Id with the same order and 200', async () => {
    const body = orderBody();
    const first = await call('POST', '/v2/checkout/orders', body, { 'PayPal-Request-Id': 'same-request-1' });
    const again = await call('POST', '/v2/checkout/orders', body, { 'PayPal-Request-Id': 'same-request-1' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    const tooLong = await call('POST', '/v2/checkout/orders', body, { 'PayPal-Request-Id': 'x'.repeat(109) });
    expect(tooLong.status).toBe(400);
  });

  it.each([
    ['a value that is not a decimal string', { value: '9,99' }, 400, 'INVALID_PARAMETER_SYNTAX'],
    ['three decimals', { value: '9.999' }, 422, 'DECIMAL_PRECISION'],
    ['decimals in a currency without them', { value: '100.5', currency: 'JPY' }, 422, 'DECIMALS_NOT_SUPPORTED'],
    ['1999 JPY sent as 19.99', { value: '19.99', currency: 'JPY' }, 422, 'DECIMALS_NOT_SUPPORTED'],
    ['HUF with decimals', { value: '1500.00', currency: 'HUF' }, 422, 'DECIMALS_NOT_SUPPORTED'],
    ['TWD with decimals, although ISO 4217 gives it two', { value: '100.50', currency: 'TWD' }, 422, 'DECIMALS_NOT_SUPPORTED'],
    ['three decimals in a two-digit currency', { value: '4.990', currency: 'EUR' }, 422, 'DECIMAL_PRECISION'],
    ['KWD, which PayPal does not charge', { value: '1.490', currency: 'KWD' }, 422, 'CURRENCY_NOT_SUPPORTED'],
    ['KRW, which PayPal does not charge', { value: '5500', currency: 'KRW' }, 422, 'CURRENCY_NOT_SUPPORTED'],
    ['a zero amount', { value: '0.00' }, 422, 'CANNOT_BE_ZERO_OR_NEGATIVE'],
    ['an unsupported currency', { currency: 'XYZ' }, 422, 'CURRENCY_NOT_SUPPORTED'],
  ])('rejects %s like PayPal', async (_name, overrides, status, issue) => {
    const result = await call('POST', '/v2/checkout/orders', orderBody(overrides));
    expect(result.status).toBe(status);
    expect(result.body).toMatchObject({ details: [{ issue }], debug_id: expect.any(String) });
    expect(result.body.name).toBe(status === 400 ? 'INVALID_REQUEST' : 'UNPROCESSABLE_ENTITY');
  });

  it('rejects malformed JSON, a missing intent and a non-http return URL', async () => {
    expect((await call('POST', '/v2/checkout/orders', '{"intent":')).body.details[0].issue).toBe('MALFORMED_REQUEST_JSON');
    const { intent: _intent, ...noIntent } = orderBody();
    expect((await call('POST', '/v2/checkout/orders', noIntent)).body.details[0]).toMatchObject({
      field: '/intent',
      issue: 'MISSING_REQUIRED_PARAMETER',
    });
    const scripted = orderBody();
    scripted.payment_source.paypal.experience_context.return_url = 'javascript:alert(1)';
    const result = await call('POST', '/v2/checkout/orders', scripted);
    expect(result.status).toBe(400);
    expect(result.body.details[0].issue).toBe('INVALID_PARAMETER_SYNTAX');
  });

  it('answers 404 RESOURCE_NOT_FOUND for an unknown order', async () => {
    const result = await call('GET', '/v2/checkout/orders/NOPE');
    expect(result.status).toBe(404);
    expect(result.body.name).toBe('RESOURCE_NOT_FOUND');
  });
});

describe('PayPal checkout: Pay, capture, refund', () => {
  it('shows the hosted page with the amount and escapes what the merchant sent', async () => {
    const order = await createOrder({ brandName: '<img src=x onerror=alert(1)>' });
    const page = await fetch(payerAction(order));
    const html = await page.text();
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('PayPal sandbox');
    expect(html).toContain('$9.99');
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;');
    expect(html).not.toContain('<img');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'nonce-");
  });

  it.each([
    ['1999', 'JPY', '¥1,999'],
    ['100', 'TWD', 'NT$100'],
    ['4.99', 'EUR', '€4.99'],
  ])('shows %s %s as %s on the checkout page', async (value, currency, shown) => {
    const html = await (await fetch(payerAction(await createOrder({ value, currency })))).text();
    expect(html).toContain(shown);
  });

  it('Pay approves, sends a verifiable CHECKOUT.ORDER.APPROVED and returns to return_url with token and PayerID', async () => {
    const order = await createOrder();
    const response = await press(payerAction(order), 'Pay');
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe('https://shop.example/pay/return');
    expect(location.searchParams.get('order')).toBe('1');
    expect(location.searchParams.get('token')).toBe(order.id);
    expect(location.searchParams.get('PayerID')).toMatch(/^[A-Z0-9]{13}$/);

    const [approved] = await waitFor(() => eventsOf('CHECKOUT.ORDER.APPROVED', order.id).length > 0 && eventsOf('CHECKOUT.ORDER.APPROVED', order.id));
    expect(approved).toBeDefined();
    const event = JSON.parse(approved!.body);
    expect(event).toMatchObject({ event_version: '1.0', resource_type: 'checkout-order', resource: { id: order.id, status: 'APPROVED' } });
    expect(await verifyByApi(approved!)).toBe('SUCCESS');
    expect((await call('GET', `/v2/checkout/orders/${order.id}`)).body.status).toBe('APPROVED');
  });

  it('signs webhooks with the documented scheme, checkable with the certificate at PAYPAL-CERT-URL', async () => {
    const order = await createOrder();
    await press(payerAction(order), 'Pay');
    const [delivery] = await waitFor(() => eventsOf('CHECKOUT.ORDER.APPROVED', order.id).length > 0 && eventsOf('CHECKOUT.ORDER.APPROVED', order.id));
    const headers = delivery!.headers;
    expect(headers['paypal-auth-algo']).toBe('SHA256withRSA');
    const cert = await (await fetch(String(headers['paypal-cert-url']))).text();
    const signed = `${String(headers['paypal-transmission-id'])}|${String(headers['paypal-transmission-time'])}|${webhookId}|${crc32(delivery!.body)}`;
    const valid = verify('sha256', Buffer.from(signed), createPublicKey(cert), Buffer.from(String(headers['paypal-transmission-sig']), 'base64'));
    expect(valid).toBe(true);
  });

  it('verify-webhook-signature fails for a changed event, another webhook id or a foreign certificate URL', async () => {
    const order = await createOrder();
    await press(payerAction(order), 'Pay');
    const [delivery] = await waitFor(() => eventsOf('CHECKOUT.ORDER.APPROVED', order.id).length > 0 && eventsOf('CHECKOUT.ORDER.APPROVED', order.id));
    const tampered = { ...JSON.parse(delivery!.body), summary: 'changed' };
    expect(await verifyByApi(delivery!, { webhook_event: tampered })).toBe('FAILURE');
    expect(await verifyByApi(delivery!, { webhook_id: 'OTHER-WEBHOOK' })).toBe('FAILURE');
    expect(await verifyByApi(delivery!, { cert_url: 'https://evil.example/cert.pem' })).toBe('FAILURE');
    expect(await verifyByApi(delivery!, { transmission_sig: Buffer.from('nope').toString('base64') })).toBe('FAILURE');
  });

  it('captures an approved order once, idempotently per request id, and sends PAYMENT.CAPTURE.COMPLETED', async () => {
    const order = await createOrder();
    const early = await call('POST', `/v2/checkout/orders/${order.id}/capture`, {}, { 'PayPal-Request-Id': `cap-${order.id}` });
    expect(early.status).toBe(422);
    expect(early.body.details[0].issue).toBe('ORDER_NOT_APPROVED');

    await press(payerAction(order), 'Pay');
    const captured = await call('POST', `/v2/checkout/orders/${order.id}/capture`, undefined, { 'PayPal-Request-Id': `cap-${order.id}` });
    expect(captured.status).toBe(201);
    expect(captured.body).toMatchObject({
      id: order.id,
      status: 'COMPLETED',
      payer: { payer_id: expect.any(String) },
      purchase_units: [
        {
          payments: {
            captures: [{ status: 'COMPLETED', amount: { currency_code: 'USD', value: '9.99' }, custom_id: expect.any(String), final_capture: true }],
          },
        },
      ],
    });
    const capture = captured.body.purchase_units[0].payments.captures[0];

    const repeat = await call('POST', `/v2/checkout/orders/${order.id}/capture`, {}, { 'PayPal-Request-Id': `cap-${order.id}` });
    expect(repeat.status).toBe(200);
    expect(repeat.body.purchase_units[0].payments.captures).toHaveLength(1);
    const other = await call('POST', `/v2/checkout/orders/${order.id}/capture`, {}, { 'PayPal-Request-Id': `cap2-${order.id}` });
    expect(other.status).toBe(422);
    expect(other.body.details[0].issue).toBe('ORDER_ALREADY_CAPTURED');

    const [completed] = await waitFor(() => eventsOf('PAYMENT.CAPTURE.COMPLETED', order.id).length > 0 && eventsOf('PAYMENT.CAPTURE.COMPLETED', order.id));
    expect(JSON.parse(completed!.body).resource).toMatchObject({
      id: capture.id,
      status: 'COMPLETED',
      custom_id: capture.custom_id,
      invoice_id: capture.invoice_id,
      supplementary_data: { related_ids: { order_id: order.id } },
    });
    expect(await verifyByApi(completed!)).toBe('SUCCESS');
    expect((await call('GET', `/v2/payments/captures/${capture.id}`)).body.status).toBe('COMPLETED');
    expect(eventsOf('PAYMENT.CAPTURE.COMPLETED', order.id)).toHaveLength(1);
  });

  it('refunds a capture partly and fully, with PAYMENT.CAPTURE.REFUNDED, and refuses more', async () => {
    const order = await createOrder({ value: '10.00' });
    await press(payerAction(order), 'Pay');
    const captured = await call('POST', `/v2/checkout/orders/${order.id}/capture`, {});
    const capture = captured.body.purchase_units[0].payments.captures[0];

    const part = await call('POST', `/v2/payments/captures/${capture.id}/refund`, { amount: { currency_code: 'USD', value: '4.00' } }, { 'PayPal-Request-Id': `ref-${capture.id}` });
    expect(part.status).toBe(201);
    expect(part.body).toMatchObject({ status: 'COMPLETED', amount: { value: '4.00', currency_code: 'USD' } });
    const replay = await call('POST', `/v2/payments/captures/${capture.id}/refund`, { amount: { currency_code: 'USD', value: '4.00' } }, { 'PayPal-Request-Id': `ref-${capture.id}` });
    expect(replay.status).toBe(200);
    expect(replay.body.id).toBe(part.body.id);
    expect((await call('GET', `/v2/payments/captures/${capture.id}`)).body.status).toBe('PARTIALLY_REFUNDED');

    const tooMuch = await call('POST', `/v2/payments/captures/${capture.id}/refund`, { amount: { currency_code: 'USD', value: '6.01' } });
    expect(tooMuch.body.details[0].issue).toBe('REFUND_AMOUNT_EXCEEDED');
    const rest = await call('POST', `/v2/payments/captures/${capture.id}/refund`, {});
    expect(rest.body.amount).toEqual({ currency_code: 'USD', value: '6.00' });
    expect((await call('GET', `/v2/payments/captures/${capture.id}`)).body.status).toBe('REFUNDED');
    expect((await call('POST', `/v2/payments/captures/${capture.id}/refund`, {})).body.details[0].issue).toBe('CAPTURE_FULLY_REFUNDED');

    const refunded = await waitFor(() => {
      const events = h.from('paypal', (e) => e.event_type === 'PAYMENT.CAPTURE.REFUNDED' && (e.resource as { links: Array<{ href: string }> }).links.some((l) => l.href.endsWith(capture.id)));
      return events.length === 2 && events;
    });
    const resource = JSON.parse(refunded[0]!.body).resource;
    expect(resource).toMatchObject({ id: part.body.id, custom_id: capture.custom_id, invoice_id: capture.invoice_id });
    expect(resource.links).toContainEqual({ href: `${api}/v2/payments/captures/${capture.id}`, rel: 'up', method: 'GET' });
  });

  it('refuses a new order for an invoice id that was already paid', async () => {
    const order = await createOrder({ invoiceId: 'INV-PAID-ONCE' });
    await press(payerAction(order), 'Pay');
    await call('POST', `/v2/checkout/orders/${order.id}/capture`, {});
    const again = await call('POST', '/v2/checkout/orders', orderBody({ invoiceId: 'INV-PAID-ONCE' }));
    expect(again.status).toBe(422);
    expect(again.body.details[0].issue).toBe('DUPLICATE_INVOICE_ID');
  });
});

describe('PayPal checkout: Decline and Cancel', () => {
  it('Decline approves, then the capture fails with INSTRUMENT_DECLINED and PAYMENT.CAPTURE.DENIED; Pay again recovers', async () => {
    const order = await createOrder();
    const response = await press(payerAction(order), 'Decline');
    expect(response.status).toBe(303);
    expect(new URL(response.headers.get('location') ?? '').searchParams.get('token')).toBe(order.id);

    const declined = await call('POST', `/v2/checkout/orders/${order.id}/capture`, {});
    expect(declined.status).toBe(422);
    expect(declined.body).toMatchObject({ name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'INSTRUMENT_DECLINED' }], debug_id: expect.any(String) });
    expect(declined.body.links).toContainEqual({ href: payerAction(order), rel: 'redirect', method: 'GET' });
    expect((await call('GET', `/v2/checkout/orders/${order.id}`)).body.status).toBe('APPROVED');

    const [denied] = await waitFor(() => eventsOf('PAYMENT.CAPTURE.DENIED', order.id).length > 0 && eventsOf('PAYMENT.CAPTURE.DENIED', order.id));
    expect(JSON.parse(denied!.body).resource).toMatchObject({
      status: 'DECLINED',
      amount: { currency_code: 'USD', value: '9.99' },
      custom_id: expect.any(String),
      invoice_id: expect.any(String),
      supplementary_data: { related_ids: { order_id: order.id } },
    });
    expect(await verifyByApi(denied!)).toBe('SUCCESS');

    await press(payerAction(order), 'Pay');
    const captured = await call('POST', `/v2/checkout/orders/${order.id}/capture`, {});
    expect(captured.status).toBe(201);
    expect(captured.body.status).toBe('COMPLETED');
  });

  it('Cancel returns to cancel_url with the token and leaves the order as it was', async () => {
    const order = await createOrder();
    const response = await press(payerAction(order), 'Cancel');
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.origin + location.pathname).toBe('https://shop.example/pay/cancel');
    expect(location.searchParams.get('token')).toBe(order.id);
    expect((await call('GET', `/v2/checkout/orders/${order.id}`)).body.status).toBe('PAYER_ACTION_REQUIRED');
    expect(eventsOf('CHECKOUT.ORDER.APPROVED', order.id)).toHaveLength(0);
  });

  it('shows a clear page for an unknown or already paid order', async () => {
    expect((await fetch(`${api}/checkoutnow?token=UNKNOWN`)).status).toBe(404);
    const order = await createOrder();
    await press(payerAction(order), 'Pay');
    await call('POST', `/v2/checkout/orders/${order.id}/capture`, {});
    expect((await fetch(payerAction(order))).status).toBe(409);
  });
});

describe('PayPal webhook redelivery', () => {
  it('redelivers after a non-2xx answer until the shop accepts', async () => {
    const retrying = await startHarness({ retryDelaysMs: [20, 20] });
    try {
      let calls = 0;
      retrying.respond(() => ({ status: ++calls === 1 ? 500 : 200 }));
      const base = `${retrying.sandbox.url}/paypal`;
      const tokenResponse = await fetch(`${base}/v1/oauth2/token`, {
        method: 'POST',
        headers: { authorization: basicAuth(clientId, clientSecret), 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      });
      const { access_token: bearer } = (await tokenResponse.json()) as { access_token: string };
      const created = await fetch(`${base}/v2/checkout/orders`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: JSON.stringify(orderBody()),
      });
      const order = (await created.json()) as { id: string; links: Array<{ rel: string; href: string }> };
      await press(payerAction(order), 'Pay');
      await waitFor(() => retrying.attempts.length === 2);
      expect(retrying.attempts.map((a) => a.status)).toEqual([500, 200]);
      expect(retrying.received[0]!.body).toBe(retrying.received[1]!.body);
      // Each redelivery is a new transmission, signed again.
      expect(retrying.received[0]!.headers['paypal-transmission-id']).not.toBe(retrying.received[1]!.headers['paypal-transmission-id']);
    } finally {
      await retrying.close();
    }
  });
});
