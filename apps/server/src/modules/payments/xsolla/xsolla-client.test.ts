import { describe, expect, it } from 'vitest';
import type { XsollaConfig } from '../../../config.ts';
import { ProviderError } from '../provider-error.ts';
import { jsonResponse, stubFetch } from '../test-fetch.ts';
import { XsollaClient, type XsollaTokenInput } from './xsolla-client.ts';

const config: XsollaConfig = {
  apiBaseUrl: 'https://xsolla.test/api',
  payStationUrl: 'https://secure.xsolla.test/paystation4/',
  scriptUrl: 'https://cdn.xsolla.test/widget.min.js',
  merchantId: '100001',
  projectId: '200002',
  apiKey: 'api-key',
  secretKey: 'secret',
  sandbox: true,
};

const tokenInput: XsollaTokenInput = {
  orderSn: 'SN1',
  userId: '42',
  email: 'player@example.com',
  country: 'DE',
  currency: 'USD',
  amountMinor: 499,
  language: 'de',
  description: '100 gems',
  returnUrl: 'https://shop.test/payment/return',
  customParameters: { orderId: 7 },
};

describe('createToken', () => {
  it('posts the documented body with Basic merchant auth', async () => {
    const stub = stubFetch(() => jsonResponse(200, { token: 'tok-1' }));
    await expect(new XsollaClient(config, { fetch: stub.fetch }).createToken(tokenInput)).resolves.toEqual({ token: 'tok-1' });
    const [call] = stub.calls;
    expect(call?.method).toBe('POST');
    expect(call?.url.href).toBe('https://xsolla.test/api/merchant/v2/merchants/100001/token');
    expect(call?.headers.get('authorization')).toBe(`Basic ${Buffer.from('100001:api-key').toString('base64')}`);
    expect(call?.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(call?.body ?? '')).toEqual({
      user: {
        id: { value: '42' },
        email: { value: 'player@example.com' },
        country: { value: 'DE', allow_modify: false },
      },
      settings: {
        project_id: 200002,
        currency: 'USD',
        language: 'de',
        external_id: 'SN1',
        return_url: 'https://shop.test/payment/return',
        mode: 'sandbox',
        ui: { size: 'medium' },
      },
      purchase: { checkout: { amount: 4.99, currency: 'USD' }, description: { value: '100 gems' } },
      custom_parameters: { orderId: 7 },
    });
  });

  it('leaves out mode in live, and email and custom parameters when absent', async () => {
    const stub = stubFetch(() => jsonResponse(200, { token: 'tok-1' }));
    const { email: _email, customParameters: _custom, ...rest } = tokenInput;
    await new XsollaClient({ ...config, sandbox: false }, { fetch: stub.fetch }).createToken(rest);
    const body = JSON.parse(stub.calls[0]?.body ?? '');
    expect(body.settings).not.toHaveProperty('mode');
    expect(body.user).not.toHaveProperty('email');
    expect(body).not.toHaveProperty('custom_parameters');
  });

  it.each([
    ['zh', 'cn'],
    ['zh_TW', 'tw'],
    ['en', 'en'],
    ['ja', 'ja'],
    ['xx', undefined],
  ])('sends language %s as %s', async (language, expected) => {
    const stub = stubFetch(() => jsonResponse(200, { token: 'tok-1' }));
    await new XsollaClient(config, { fetch: stub.fetch }).createToken({ ...tokenInput, language });
    expect(JSON.parse(stub.calls[0]?.body ?? '').settings.language).toBe(expected);
  });

  it('sends the amount as a major-unit number for 0 and 3 digit currencies', async () => {
    const stub = stubFetch(() => jsonResponse(200, { token: 'tok-1' }));
    const client = new XsollaClient(config, { fetch: stub.fetch });
    await client.createToken({ ...tokenInput, currency: 'JPY', amountMinor: 500 });
    await client.createToken({ ...tokenInput, currency: 'KWD', amountMinor: 1234 });
    expect(stub.calls.map((call) => JSON.parse(call.body).purchase.checkout)).toEqual([
      { amount: 500, currency: 'JPY' },
      { amount: 1.234, currency: 'KWD' },
    ]);
  });

  it('refuses a currency Pay Station cannot charge before any call', async () => {
    const stub = stubFetch(() => jsonResponse(200, { token: 'tok-1' }));
    const error = await new XsollaClient(config, { fetch: stub.fetch })
      .createToken({ ...tokenInput, currency: 'KPW', amountMinor: 1000 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ provider: 'xsolla', kind: 'rejected', issue: 'CURRENCY_NOT_SUPPORTED' });
    expect(stub.calls).toHaveLength(0);
  });

  it("keeps Xsolla's message on a refusal", async () => {
    const stub = stubFetch(() =>
      jsonResponse(422, { http_status_code: 422, message: 'Currency is not supported', request_id: 'req-1' }),
    );
    const error = await new XsollaClient(config, { fetch: stub.fetch }).createToken(tokenInput).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ provider: 'xsolla', kind: 'rejected', status: 422, outcomeUnknown: false });
    expect((error as ProviderError).providerMessage).toBe('Currency is not supported');
    expect((error as ProviderError).detail).toMatchObject({ message: 'Currency is not supported', body: { request_id: 'req-1' } });
  });

  it('maps 5xx to http and an answer without token to http', async () => {
    const down = stubFetch(() => new Response('oops', { status: 502 }));
    await expect(new XsollaClient(config, { fetch: down.fetch }).createToken(tokenInput)).rejects.toMatchObject({
      kind: 'http',
      status: 502,
    });
    const empty = stubFetch(() => jsonResponse(200, {}));
    await expect(new XsollaClient(config, { fetch: empty.fetch }).createToken(tokenInput)).rejects.toMatchObject({ kind: 'http' });
  });
});

describe('payStationUrl', () => {
  it.each([
    ['https://secure.xsolla.com/paystation4/', 'https://secure.xsolla.com/paystation4/?token=a%2Bb%2Fc'],
    ['https://secure.xsolla.com/paystation4', 'https://secure.xsolla.com/paystation4?token=a%2Bb%2Fc'],
    ['https://shop.test/sandbox/xsolla/paystation4/?theme=dark', 'https://shop.test/sandbox/xsolla/paystation4/?theme=dark&token=a%2Bb%2Fc'],
    ['https://secure.xsolla.com/paystation4/?token=old', 'https://secure.xsolla.com/paystation4/?token=a%2Bb%2Fc'],
  ])('%s', (payStationUrl, expected) => {
    expect(new XsollaClient({ ...config, payStationUrl }).payStationUrl('a+b/c')).toBe(expected);
  });
});

describe('refund', () => {
  it('PUTs the description to the transaction refund path', async () => {
    const stub = stubFetch(() => new Response(null, { status: 204 }));
    await new XsollaClient(config, { fetch: stub.fetch }).refund(987654, 'Player asked for a refund');
    const [call] = stub.calls;
    expect(call?.method).toBe('PUT');
    expect(call?.url.pathname).toBe('/api/merchant/v2/merchants/100001/reports/transactions/987654/refund');
    expect(JSON.parse(call?.body ?? '')).toEqual({ description: 'Player asked for a refund' });
  });

  it('maps a refusal to rejected', async () => {
    const stub = stubFetch(() => jsonResponse(422, { http_status_code: 422, message: 'Refund is not allowed' }));
    await expect(new XsollaClient(config, { fetch: stub.fetch }).refund(1, 'x')).rejects.toMatchObject({
      kind: 'rejected',
      providerMessage: 'Refund is not allowed',
    });
  });
});

describe('findTransactions', () => {
  it('searches by external id and returns id, status and amount', async () => {
    const stub = stubFetch(() =>
      jsonResponse(200, [
        {
          transaction: { id: 11, external_id: 'SN1', status: 'done', dry_run: 1 },
          payment_details: { payment: { amount: 4.99, currency: 'USD' } },
          user: { id: '42' },
        },
        { transaction: { id: 12, external_id: 'SN1', status: 'canceled' } },
      ]),
    );
    const found = await new XsollaClient(config, { fetch: stub.fetch }).findTransactions('SN 1&x');
    expect(found).toEqual([
      { id: 11, externalId: 'SN1', status: 'done', amountMinor: 499, currency: 'USD' },
      { id: 12, externalId: 'SN1', status: 'canceled', amountMinor: undefined, currency: undefined },
    ]);
    const [call] = stub.calls;
    expect(call?.method).toBe('GET');
    expect(call?.url.pathname).toBe('/api/merchant/v2/merchants/100001/reports/transactions/search.json');
    expect(Object.fromEntries(call?.url.searchParams ?? [])).toEqual({ external_id: 'SN 1&x', type: 'all' });
  });

  it('maps an unexpected shape to http', async () => {
    const stub = stubFetch(() => jsonResponse(200, { items: [] }));
    await expect(new XsollaClient(config, { fetch: stub.fetch }).findTransactions('SN1')).rejects.toMatchObject({ kind: 'http' });
  });
});
