import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaypalConfig } from '../../../config.ts';
import { ProviderError } from '../provider-error.ts';
import { hangingFetch, jsonResponse, stubFetch, type RecordedRequest } from '../test-fetch.ts';
import { PaypalClient, type PaypalCreateOrderInput } from './paypal-client.ts';

const config: PaypalConfig = {
  baseUrl: 'https://paypal.test/base/',
  clientId: 'client-id',
  clientSecret: 'client-secret',
  webhookId: 'WH-1',
  brandName: 'Game Shop',
};

const createInput: PaypalCreateOrderInput = {
  requestId: 'create-SN1',
  orderSn: 'SN1',
  amountMinor: 499,
  currency: 'USD',
  description: '100 gems',
  returnUrl: 'https://shop.test/payment/return',
  cancelUrl: 'https://shop.test/payment/cancel',
  locale: 'de',
};

const createdOrder = {
  id: 'ORDER-1',
  status: 'PAYER_ACTION_REQUIRED',
  links: [
    { href: 'https://paypal.test/v2/checkout/orders/ORDER-1', rel: 'self', method: 'GET' },
    { href: 'https://paypal.test/checkoutnow?token=ORDER-1', rel: 'payer-action', method: 'GET' },
  ],
};

function capturedOrder(status: string, extra: Record<string, unknown> = {}) {
  return {
    id: 'ORDER-1',
    status: status === 'COMPLETED' ? 'COMPLETED' : 'PROCESSING',
    purchase_units: [
      {
        reference_id: 'SN1',
        payments: {
          captures: [
            { id: 'CAP-1', status, amount: { currency_code: 'USD', value: '4.99' }, custom_id: 'SN1', ...extra },
          ],
        },
      },
    ],
  };
}

const unprocessable = (issue: string) =>
  jsonResponse(422, {
    name: 'UNPROCESSABLE_ENTITY',
    details: [{ issue, description: `${issue} description` }],
    debug_id: 'dbg-1',
  });

const tokenResponse = (token = 'token-1', expiresIn = 3600) =>
  jsonResponse(200, { access_token: token, token_type: 'Bearer', expires_in: expiresIn, scope: 'x' });

/** A fake PayPal: the token endpoint answers `token-N` for the N-th request; API calls go to `api`. */
function fakePaypal(api: (request: RecordedRequest) => Response | Promise<Response>) {
  let tokens = 0;
  const stub = stubFetch((request) => {
    if (request.url.pathname === '/base/v1/oauth2/token') return tokenResponse(`token-${++tokens}`);
    return api(request);
  });
  const tokenCalls = () => stub.calls.filter((call) => call.url.pathname.endsWith('/oauth2/token'));
  const apiCalls = () => stub.calls.filter((call) => !call.url.pathname.endsWith('/oauth2/token'));
  return { ...stub, tokenCalls, apiCalls };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('access token', () => {
  it('is fetched with Basic auth and the client-credentials form', async () => {
    const paypal = fakePaypal(() => jsonResponse(200, createdOrder));
    await new PaypalClient(config, { fetch: paypal.fetch }).getOrder('ORDER-1');
    const [token] = paypal.tokenCalls();
    expect(token?.method).toBe('POST');
    expect(token?.headers.get('authorization')).toBe(`Basic ${Buffer.from('client-id:client-secret').toString('base64')}`);
    expect(token?.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(token?.body).toBe('grant_type=client_credentials');
    expect(paypal.apiCalls()[0]?.headers.get('authorization')).toBe('Bearer token-1');
  });

  it('is fetched once for 20 concurrent calls', async () => {
    let releaseToken: () => void = () => {};
    const tokenGate = new Promise<void>((resolve) => (releaseToken = resolve));
    const stub = stubFetch(async (request) => {
      if (request.url.pathname.endsWith('/oauth2/token')) {
        await tokenGate;
        return tokenResponse('shared');
      }
      return jsonResponse(200, createdOrder);
    });
    const client = new PaypalClient(config, { fetch: stub.fetch });
    const pending = Array.from({ length: 20 }, () => client.getOrder('ORDER-1'));
    releaseToken();
    await Promise.all(pending);
    const tokenCalls = stub.calls.filter((call) => call.url.pathname.endsWith('/oauth2/token'));
    expect(tokenCalls).toHaveLength(1);
    expect(stub.calls.filter((call) => call.headers.get('authorization') === 'Bearer shared')).toHaveLength(20);
  });

  it('is reused until 60 s before it expires, then renewed', async () => {
    let now = 1_000_000;
    const paypal = fakePaypal(() => jsonResponse(200, createdOrder));
    const client = new PaypalClient(config, { fetch: paypal.fetch, now: () => now });
    await client.getOrder('ORDER-1');
    now += (3600 - 61) * 1000;
    await client.getOrder('ORDER-1');
    expect(paypal.tokenCalls()).toHaveLength(1);
    now += 2000;
    await client.getOrder('ORDER-1');
    expect(paypal.tokenCalls()).toHaveLength(2);
    expect(paypal.apiCalls().map((call) => call.headers.get('authorization'))).toEqual([
      'Bearer token-1',
      'Bearer token-1',
      'Bearer token-2',
    ]);
  });

  it('is not cached when fetching it failed', async () => {
    let fail = true;
    const stub = stubFetch((request) => {
      if (request.url.pathname.endsWith('/oauth2/token')) {
        return fail ? jsonResponse(503, { error: 'unavailable' }) : tokenResponse();
      }
      return jsonResponse(200, createdOrder);
    });
    const client = new PaypalClient(config, { fetch: stub.fetch });
    await expect(client.getOrder('ORDER-1')).rejects.toMatchObject({ kind: 'http', status: 503 });
    fail = false;
    await expect(client.getOrder('ORDER-1')).resolves.toMatchObject({ id: 'ORDER-1' });
  });

  it('maps refused credentials to rejected with the OAuth error', async () => {
    const stub = stubFetch(() =>
      jsonResponse(401, { error: 'invalid_client', error_description: 'Client Authentication failed' }),
    );
    const error = await new PaypalClient(config, { fetch: stub.fetch }).getOrder('ORDER-1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ provider: 'paypal', kind: 'rejected', status: 401, issue: 'invalid_client' });
    expect(stub.calls).toHaveLength(1);
  });
});

describe('401 on an API call', () => {
  it('drops the token and retries once with a new one, with the same body and request id', async () => {
    const paypal = fakePaypal((request) =>
      request.headers.get('authorization') === 'Bearer token-1'
        ? jsonResponse(401, { name: 'AUTHENTICATION_FAILURE' })
        : jsonResponse(201, createdOrder),
    );
    const created = await new PaypalClient(config, { fetch: paypal.fetch }).createOrder(createInput);
    expect(created.id).toBe('ORDER-1');
    expect(paypal.tokenCalls()).toHaveLength(2);
    const [first, second] = paypal.apiCalls();
    expect(second?.headers.get('authorization')).toBe('Bearer token-2');
    expect(second?.body).toBe(first?.body);
    expect(second?.headers.get('paypal-request-id')).toBe('create-SN1');
  });

  it('retries only once', async () => {
    const paypal = fakePaypal(() => jsonResponse(401, { name: 'AUTHENTICATION_FAILURE' }));
    const error = await new PaypalClient(config, { fetch: paypal.fetch }).getOrder('ORDER-1').catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'rejected', status: 401, issue: 'AUTHENTICATION_FAILURE' });
    expect(paypal.apiCalls()).toHaveLength(2);
  });
});

describe('createOrder', () => {
  it('sends the documented body with the request id and returns the payer-action link', async () => {
    const paypal = fakePaypal(() => jsonResponse(201, createdOrder));
    const created = await new PaypalClient(config, { fetch: paypal.fetch }).createOrder(createInput);
    const [call] = paypal.apiCalls();
    expect(call?.method).toBe('POST');
    expect(call?.url.href).toBe('https://paypal.test/base/v2/checkout/orders');
    expect(call?.headers.get('paypal-request-id')).toBe('create-SN1');
    expect(call?.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(call?.body ?? '')).toEqual({
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: 'SN1',
          custom_id: 'SN1',
          invoice_id: 'SN1',
          description: '100 gems',
          amount: { currency_code: 'USD', value: '4.99' },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: 'https://shop.test/payment/return',
            cancel_url: 'https://shop.test/payment/cancel',
            brand_name: 'Game Shop',
            locale: 'de-DE',
            user_action: 'PAY_NOW',
            shipping_preference: 'NO_SHIPPING',
          },
        },
      },
    });
    expect(created).toEqual({
      id: 'ORDER-1',
      status: 'PAYER_ACTION_REQUIRED',
      links: createdOrder.links,
      payerActionUrl: 'https://paypal.test/checkoutnow?token=ORDER-1',
    });
  });

  it.each([
    ['zh_TW', 'zh-TW'],
    ['zh', 'zh-CN'],
    ['en', 'en-US'],
    ['pt', 'pt-BR'],
    ['de-AT', 'de-DE'],
    ['uk', undefined],
    ['vi', undefined],
    ['xx', undefined],
    [undefined, undefined],
  ])('maps language %s to locale %s', async (language, locale) => {
    const paypal = fakePaypal(() => jsonResponse(201, createdOrder));
    await new PaypalClient(config, { fetch: paypal.fetch }).createOrder({ ...createInput, locale: language });
    const body = JSON.parse(paypal.apiCalls()[0]?.body ?? '');
    expect(body.payment_source.paypal.experience_context.locale).toBe(locale);
  });

  it('writes the amount with the currency digits', async () => {
    const paypal = fakePaypal(() => jsonResponse(201, createdOrder));
    await new PaypalClient(config, { fetch: paypal.fetch }).createOrder({ ...createInput, amountMinor: 500, currency: 'JPY' });
    expect(JSON.parse(paypal.apiCalls()[0]?.body ?? '').purchase_units[0].amount).toEqual({ currency_code: 'JPY', value: '500' });
  });

  it('sends HUF, JPY and TWD without decimals, as PayPal requires', async () => {
    const paypal = fakePaypal(() => jsonResponse(201, createdOrder));
    const client = new PaypalClient(config, { fetch: paypal.fetch });
    await client.createOrder({ ...createInput, amountMinor: 10_000, currency: 'TWD' });
    await client.createOrder({ ...createInput, amountMinor: 1500, currency: 'HUF' });
    const values = paypal.apiCalls().map((call) => JSON.parse(call.body).purchase_units[0].amount.value);
    expect(values).toEqual(['100', '1500']);
  });

  it('refuses a TWD amount with cents before asking PayPal', async () => {
    const paypal = fakePaypal(() => jsonResponse(201, createdOrder));
    const error = await new PaypalClient(config, { fetch: paypal.fetch })
      .createOrder({ ...createInput, amountMinor: 10_050, currency: 'TWD' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'rejected', issue: 'DECIMALS_NOT_SUPPORTED' });
    expect(paypal.calls).toHaveLength(0);
  });

  it('refuses a currency PayPal cannot charge before any call, token included', async () => {
    const paypal = fakePaypal(() => jsonResponse(201, createdOrder));
    const error = await new PaypalClient(config, { fetch: paypal.fetch })
      .createOrder({ ...createInput, amountMinor: 1490, currency: 'KWD' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ provider: 'paypal', kind: 'rejected', issue: 'CURRENCY_NOT_SUPPORTED' });
    expect(paypal.calls).toHaveLength(0);
  });

  it('shortens the description to the 127 characters PayPal takes', async () => {
    const paypal = fakePaypal(() => jsonResponse(201, createdOrder));
    await new PaypalClient(config, { fetch: paypal.fetch }).createOrder({ ...createInput, description: '💎'.repeat(200) });
    expect(JSON.parse(paypal.apiCalls()[0]?.body ?? '').purchase_units[0].description).toBe('💎'.repeat(127));
  });

  it('accepts 200 for a repeated request id', async () => {
    const paypal = fakePaypal(() => jsonResponse(200, createdOrder));
    await expect(new PaypalClient(config, { fetch: paypal.fetch }).createOrder(createInput)).resolves.toMatchObject({ id: 'ORDER-1' });
  });

  it('treats an order without payer-action link as an unknown outcome', async () => {
    const paypal = fakePaypal(() => jsonResponse(201, { ...createdOrder, links: [createdOrder.links[0]] }));
    const error = await new PaypalClient(config, { fetch: paypal.fetch }).createOrder(createInput).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'http', outcomeUnknown: true });
  });

  it('maps a 400 to rejected with the issue and keeps the debug id', async () => {
    const paypal = fakePaypal(() =>
      jsonResponse(400, { name: 'INVALID_REQUEST', details: [{ issue: 'CURRENCY_NOT_SUPPORTED' }], debug_id: 'dbg-9' }),
    );
    const error = await new PaypalClient(config, { fetch: paypal.fetch }).createOrder(createInput).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'rejected', status: 400, issue: 'CURRENCY_NOT_SUPPORTED' });
    expect((error as ProviderError).detail).toMatchObject({ debug_id: 'dbg-9' });
  });

  it('maps a 5xx with an HTML body to http', async () => {
    const paypal = fakePaypal(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await new PaypalClient(config, { fetch: paypal.fetch }).createOrder(createInput).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'http', status: 502, outcomeUnknown: true });
  });

  it('maps an unreadable 201 to http', async () => {
    const paypal = fakePaypal(() => new Response('not json', { status: 201 }));
    await expect(new PaypalClient(config, { fetch: paypal.fetch }).createOrder(createInput)).rejects.toMatchObject({ kind: 'http' });
  });

  it('maps a hanging PayPal to timeout', async () => {
    const realTimeout = AbortSignal.timeout.bind(AbortSignal);
    const spy = vi.spyOn(AbortSignal, 'timeout').mockImplementation(() => realTimeout(20));
    const client = new PaypalClient(config, {
      fetch: (input, init) =>
        String(input).endsWith('/oauth2/token') ? Promise.resolve(tokenResponse()) : hangingFetch(input, init),
    });
    await expect(client.createOrder(createInput)).rejects.toMatchObject({ provider: 'paypal', kind: 'timeout' });
    expect(spy).toHaveBeenCalledWith(15_000);
  });

  it('maps an unreachable PayPal to network', async () => {
    const client = new PaypalClient(config, {
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    await expect(client.createOrder(createInput)).rejects.toMatchObject({ provider: 'paypal', kind: 'network' });
  });
});

describe('captureOrder', () => {
  it('returns a completed capture with its amount in minor units', async () => {
    const paypal = fakePaypal(() => jsonResponse(201, capturedOrder('COMPLETED')));
    const result = await new PaypalClient(config, { fetch: paypal.fetch }).captureOrder('ORDER-1', 'capture-SN1');
    expect(result).toEqual({ outcome: 'completed', captureId: 'CAP-1', amountMinor: 499, currency: 'USD', customId: 'SN1' });
    const [call] = paypal.apiCalls();
    expect(call?.url.pathname).toBe('/base/v2/checkout/orders/ORDER-1/capture');
    expect(call?.body).toBe('{}');
    expect(call?.headers.get('paypal-request-id')).toBe('capture-SN1');
    expect(call?.headers.get('prefer')).toBe('return=representation');
  });

  it('returns pending for a pending capture', async () => {
    const paypal = fakePaypal(() => jsonResponse(201, capturedOrder('PENDING')));
    await expect(new PaypalClient(config, { fetch: paypal.fetch }).captureOrder('ORDER-1', 'r')).resolves.toEqual({
      outcome: 'pending',
      captureId: 'CAP-1',
      status: 'PENDING',
    });
  });

  it.each(['DECLINED', 'FAILED'])('returns declined for a %s capture', async (status) => {
    const paypal = fakePaypal(() => jsonResponse(201, capturedOrder(status)));
    await expect(new PaypalClient(config, { fetch: paypal.fetch }).captureOrder('ORDER-1', 'r')).resolves.toEqual({
      outcome: 'declined',
      captureId: 'CAP-1',
      issue: status,
    });
  });

  it('returns declined for 422 INSTRUMENT_DECLINED', async () => {
    const paypal = fakePaypal(() => unprocessable('INSTRUMENT_DECLINED'));
    await expect(new PaypalClient(config, { fetch: paypal.fetch }).captureOrder('ORDER-1', 'r')).resolves.toEqual({
      outcome: 'declined',
      issue: 'INSTRUMENT_DECLINED',
    });
  });

  it('reads the order back for 422 ORDER_ALREADY_CAPTURED', async () => {
    const paypal = fakePaypal((request) =>
      request.method === 'GET' ? jsonResponse(200, capturedOrder('COMPLETED')) : unprocessable('ORDER_ALREADY_CAPTURED'),
    );
    const result = await new PaypalClient(config, { fetch: paypal.fetch }).captureOrder('ORDER-1', 'r');
    expect(result).toMatchObject({ outcome: 'completed', captureId: 'CAP-1', amountMinor: 499 });
    expect(paypal.apiCalls().map((call) => `${call.method} ${call.url.pathname}`)).toEqual([
      'POST /base/v2/checkout/orders/ORDER-1/capture',
      'GET /base/v2/checkout/orders/ORDER-1',
    ]);
  });

  it('throws rejected for 422 ORDER_NOT_APPROVED', async () => {
    const paypal = fakePaypal(() => unprocessable('ORDER_NOT_APPROVED'));
    const error = await new PaypalClient(config, { fetch: paypal.fetch }).captureOrder('ORDER-1', 'r').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: 'rejected', status: 422, issue: 'ORDER_NOT_APPROVED', outcomeUnknown: false });
  });

  it('throws http (outcome unknown) for a 500', async () => {
    const paypal = fakePaypal(() => jsonResponse(500, { name: 'INTERNAL_SERVER_ERROR' }));
    await expect(new PaypalClient(config, { fetch: paypal.fetch }).captureOrder('ORDER-1', 'r')).rejects.toMatchObject({
      kind: 'http',
      status: 500,
      outcomeUnknown: true,
    });
  });

  it('throws http when the answer has no capture or an unreadable amount', async () => {
    const noCapture = fakePaypal(() => jsonResponse(201, { id: 'ORDER-1', status: 'COMPLETED', purchase_units: [{}] }));
    await expect(new PaypalClient(config, { fetch: noCapture.fetch }).captureOrder('ORDER-1', 'r')).rejects.toMatchObject({ kind: 'http' });
    const badAmount = fakePaypal(() =>
      jsonResponse(201, capturedOrder('COMPLETED', { amount: { currency_code: 'USD', value: '4.999' } })),
    );
    await expect(new PaypalClient(config, { fetch: badAmount.fetch }).captureOrder('ORDER-1', 'r')).rejects.toMatchObject({ kind: 'http' });
  });

  it('escapes the order id in the path', async () => {
    const paypal = fakePaypal(() => jsonResponse(201, capturedOrder('COMPLETED')));
    await new PaypalClient(config, { fetch: paypal.fetch }).captureOrder('../v1/x', 'r');
    expect(paypal.apiCalls()[0]?.url.pathname).toBe('/base/v2/checkout/orders/..%2Fv1%2Fx/capture');
  });
});

describe('refundCapture', () => {
  it('refunds in full with an empty body', async () => {
    const paypal = fakePaypal(() => jsonResponse(201, { id: 'REF-1', status: 'COMPLETED' }));
    const refund = await new PaypalClient(config, { fetch: paypal.fetch }).refundCapture('CAP-1', 'refund-SN1');
    expect(refund).toEqual({ refundId: 'REF-1', status: 'COMPLETED' });
    const [call] = paypal.apiCalls();
    expect(call?.url.pathname).toBe('/base/v2/payments/captures/CAP-1/refund');
    expect(call?.body).toBe('{}');
    expect(call?.headers.get('paypal-request-id')).toBe('refund-SN1');
  });

  it('refunds part of a capture', async () => {
    const paypal = fakePaypal(() => jsonResponse(201, { id: 'REF-2', status: 'PENDING' }));
    await new PaypalClient(config, { fetch: paypal.fetch }).refundCapture('CAP-1', 'r', { amountMinor: 1234, currency: 'EUR' });
    expect(JSON.parse(paypal.apiCalls()[0]?.body ?? '')).toEqual({ amount: { currency_code: 'EUR', value: '12.34' } });
  });

  it('maps a refused refund to rejected', async () => {
    const paypal = fakePaypal(() => unprocessable('CAPTURE_FULLY_REFUNDED'));
    await expect(new PaypalClient(config, { fetch: paypal.fetch }).refundCapture('CAP-1', 'r')).rejects.toMatchObject({
      kind: 'rejected',
      issue: 'CAPTURE_FULLY_REFUNDED',
    });
  });
});

describe('verifyWebhook', () => {
  const event = { id: 'WH-EVT-1', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: 'CAP-1' } };
  const rawBody = JSON.stringify(event);
  const headers = {
    'paypal-transmission-id': 'tx-1',
    'paypal-transmission-time': '2025-01-01T00:00:00Z',
    'paypal-transmission-sig': 'c2ln',
    'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-1',
    'paypal-auth-algo': 'SHA256withRSA',
  };

  it('asks PayPal with the five headers, our webhook id and the event', async () => {
    const paypal = fakePaypal(() => jsonResponse(200, { verification_status: 'SUCCESS' }));
    await expect(new PaypalClient(config, { fetch: paypal.fetch }).verifyWebhook(headers, rawBody)).resolves.toBe(true);
    const [call] = paypal.apiCalls();
    expect(call?.url.pathname).toBe('/base/v1/notifications/verify-webhook-signature');
    expect(JSON.parse(call?.body ?? '')).toEqual({
      auth_algo: 'SHA256withRSA',
      cert_url: 'https://api.paypal.com/v1/notifications/certs/CERT-1',
      transmission_id: 'tx-1',
      transmission_sig: 'c2ln',
      transmission_time: '2025-01-01T00:00:00Z',
      webhook_id: 'WH-1',
      webhook_event: event,
    });
  });

  it('accepts header names in any case and repeated headers', async () => {
    const paypal = fakePaypal(() => jsonResponse(200, { verification_status: 'SUCCESS' }));
    const mixed = {
      'PayPal-Transmission-Id': ['tx-1', 'tx-2'],
      'PAYPAL-TRANSMISSION-TIME': headers['paypal-transmission-time'],
      'paypal-transmission-sig': headers['paypal-transmission-sig'],
      'Paypal-Cert-Url': headers['paypal-cert-url'],
      'paypal-auth-algo': headers['paypal-auth-algo'],
    };
    await expect(new PaypalClient(config, { fetch: paypal.fetch }).verifyWebhook(mixed, rawBody)).resolves.toBe(true);
    expect(JSON.parse(paypal.apiCalls()[0]?.body ?? '').transmission_id).toBe('tx-1');
  });

  it.each(Object.keys(headers))('rejects at once without %s', async (missing) => {
    const paypal = fakePaypal(() => jsonResponse(200, { verification_status: 'SUCCESS' }));
    const partial: Record<string, string | undefined> = { ...headers, [missing]: undefined };
    await expect(new PaypalClient(config, { fetch: paypal.fetch }).verifyWebhook(partial, rawBody)).resolves.toBe(false);
    expect(paypal.calls).toHaveLength(0);
  });

  it('rejects an empty header and a body that is not JSON without asking', async () => {
    const paypal = fakePaypal(() => jsonResponse(200, { verification_status: 'SUCCESS' }));
    const client = new PaypalClient(config, { fetch: paypal.fetch });
    await expect(client.verifyWebhook({ ...headers, 'paypal-transmission-sig': ' ' }, rawBody)).resolves.toBe(false);
    await expect(client.verifyWebhook(headers, '{not json')).resolves.toBe(false);
    await expect(client.verifyWebhook(headers, 'null')).resolves.toBe(false);
    expect(paypal.calls).toHaveLength(0);
  });

  it('returns false when PayPal says FAILURE or refuses the values', async () => {
    const failure = fakePaypal(() => jsonResponse(200, { verification_status: 'FAILURE' }));
    await expect(new PaypalClient(config, { fetch: failure.fetch }).verifyWebhook(headers, rawBody)).resolves.toBe(false);
    const invalid = fakePaypal(() => jsonResponse(400, { name: 'VALIDATION_ERROR' }));
    await expect(new PaypalClient(config, { fetch: invalid.fetch }).verifyWebhook(headers, rawBody)).resolves.toBe(false);
  });

  it('throws when PayPal cannot be asked, so the route answers 5xx and PayPal retries', async () => {
    const down = fakePaypal(() => jsonResponse(503, { name: 'SERVICE_UNAVAILABLE' }));
    await expect(new PaypalClient(config, { fetch: down.fetch }).verifyWebhook(headers, rawBody)).rejects.toMatchObject({
      kind: 'http',
      status: 503,
    });
    const unreachable = new PaypalClient(config, { fetch: () => Promise.reject(new TypeError('fetch failed')) });
    await expect(unreachable.verifyWebhook(headers, rawBody)).rejects.toBeInstanceOf(ProviderError);
  });
});
