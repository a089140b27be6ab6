import { createPublicKey, sign, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS } from '@shop/sandbox/credentials';
import type { PayermaxConfig } from '../../../config.ts';
import { ProviderError } from '../provider-error.ts';
import { jsonResponse, stubFetch, type RecordedRequest } from '../test-fetch.ts';
import { hostedCheckoutUrl, PayermaxClient, type PayermaxOrderInput } from './payermax-client.ts';

const keys = SANDBOX_CREDENTIALS.payermax;
const config: PayermaxConfig = {
  gatewayUrl: 'https://payermax.test/aggregate-pay/api/gateway/',
  appId: 'app-1',
  merchantNo: 'M-1',
  merchantPrivateKeyPem: keys.merchantPrivateKeyPem,
  platformPublicKeyPem: keys.platformPublicKeyPem,
};

const NOW = Date.UTC(2025, 0, 2, 3, 4, 5, 678);

/** What PayerMax would answer: the JSON text and its `sign` header made with the platform's private key. */
function signedAnswer(body: unknown, status = 200): Response {
  const text = JSON.stringify(body);
  const signature = sign('sha256', Buffer.from(text), keys.platformPrivateKeyPem).toString('base64');
  return new Response(text, { status, headers: { 'content-type': 'application/json', sign: signature } });
}

const orderInput: PayermaxOrderInput = {
  outTradeNo: 'SN1',
  subject: '100 gems',
  amountMinor: 499,
  currency: 'USD',
  country: 'AE',
  userId: '42',
  language: 'en',
  frontCallbackUrl: 'https://shop.test/payment/return',
  notifyUrl: 'https://shop.test/api/webhooks/payermax',
  reference: '7',
  expireSeconds: 1800,
};

const applySuccess = {
  code: 'APPLY_SUCCESS',
  msg: 'Success.',
  data: { redirectUrl: 'https://cashier.test/SN1', outTradeNo: 'SN1', tradeToken: 'T1', status: 'PENDING' },
};

const client = (handler: (request: RecordedRequest) => Response) => {
  const stub = stubFetch(handler);
  return { stub, payermax: new PayermaxClient(config, { fetch: stub.fetch, now: () => NOW }) };
};

describe('signatures', () => {
  const payermax = new PayermaxClient(config);
  const body = '{"version":"1.4","data":{"outTradeNo":"SN1","subject":"Édition ✓"}}';

  it('signs the exact body with SHA256withRSA, checkable with our public key', () => {
    const signature = payermax.signBody(body);
    expect(verify('sha256', Buffer.from(body), keys.merchantPublicKeyPem, Buffer.from(signature, 'base64'))).toBe(true);
    expect(verify('sha256', Buffer.from(`${body} `), keys.merchantPublicKeyPem, Buffer.from(signature, 'base64'))).toBe(false);
  });

  it("verifies PayerMax's signature over the exact body", () => {
    const signature = sign('sha256', Buffer.from(body), keys.platformPrivateKeyPem).toString('base64');
    expect(payermax.verifySignature(body, signature)).toBe(true);
    expect(payermax.verifySignature(body.replace('SN1', 'SN2'), signature)).toBe(false);
    expect(payermax.verifySignature(JSON.stringify(JSON.parse(body), null, 1), signature)).toBe(false);
  });

  it('refuses a signature made with our key instead of the platform key', () => {
    expect(payermax.verifySignature(body, payermax.signBody(body))).toBe(false);
  });

  it.each([undefined, '', '!!!not base64!!!', 'abc=def', 'AAAA', 'a'.repeat(10_000)])(
    'returns false, without throwing, for %s',
    (signature) => {
      expect(payermax.verifySignature(body, signature)).toBe(false);
    },
  );

  it('accepts keys as bare base64 DER, as the PayerMax dashboard gives them', () => {
    const bare = (pem: string) => pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
    const fromDashboard = new PayermaxClient({
      ...config,
      merchantPrivateKeyPem: bare(keys.merchantPrivateKeyPem),
      platformPublicKeyPem: bare(keys.platformPublicKeyPem),
    });
    expect(fromDashboard.signBody(body)).toBe(payermax.signBody(body));
    const signature = sign('sha256', Buffer.from(body), keys.platformPrivateKeyPem).toString('base64');
    expect(fromDashboard.verifySignature(body, signature)).toBe(true);
  });

  it('refuses a malformed key at construction, naming the variable but not the key', () => {
    expect(() => new PayermaxClient({ ...config, merchantPrivateKeyPem: 'secret-garbage' })).toThrow(/PAYERMAX_PRIVATE_KEY/);
    expect(() => new PayermaxClient({ ...config, platformPublicKeyPem: '-----BEGIN PUBLIC KEY-----\nxx\n-----END PUBLIC KEY-----' })).toThrow(
      /PAYERMAX_PLATFORM_PUBLIC_KEY/,
    );
    expect(() => new PayermaxClient({ ...config, merchantPrivateKeyPem: 'secret-garbage' })).not.toThrow(/secret-garbage/);
  });
});

describe('orderAndPay', () => {
  it('posts one signed envelope and returns the answer as-is', async () => {
    const { stub, payermax } = client(() => signedAnswer(applySuccess));
    const answer = await payermax.orderAndPay(orderInput);
    expect(answer).toEqual(applySuccess);

    const [call] = stub.calls;
    expect(call?.method).toBe('POST');
    expect(call?.url.href).toBe('https://payermax.test/aggregate-pay/api/gateway/orderAndPay');
    expect(call?.headers.get('content-type')).toBe('application/json');
    const signature = call?.headers.get('sign') ?? '';
    const publicKey = createPublicKey(keys.merchantPublicKeyPem);
    expect(verify('sha256', Buffer.from(call?.body ?? ''), publicKey, Buffer.from(signature, 'base64'))).toBe(true);
    expect(JSON.parse(call?.body ?? '')).toEqual({
      version: '1.4',
      keyVersion: '1',
      requestTime: '2025-01-02T03:04:05.678Z',
      appId: 'app-1',
      merchantNo: 'M-1',
      data: {
        outTradeNo: 'SN1',
        integrate: 'Hosted_Checkout',
        subject: '100 gems',
        totalAmount: 4.99,
        currency: 'USD',
        country: 'AE',
        userId: '42',
        frontCallbackUrl: 'https://shop.test/payment/return',
        notifyUrl: 'https://shop.test/api/webhooks/payermax',
        language: 'en',
        reference: '7',
        expireTime: '1800',
      },
    });
  });

  it('sends totalAmount in major units for 0 and 3 digit currencies', async () => {
    const { stub, payermax } = client(() => signedAnswer(applySuccess));
    await payermax.orderAndPay({ ...orderInput, currency: 'JPY', amountMinor: 500 });
    await payermax.orderAndPay({ ...orderInput, currency: 'KWD', amountMinor: 1234 });
    expect(stub.calls.map((call) => JSON.parse(call.body).data.totalAmount)).toEqual([500, 1.234]);
  });

  it('refuses a currency the cashier cannot charge before any call, for an order and a refund', async () => {
    const { stub, payermax } = client(() => signedAnswer(applySuccess));
    const refusal = { provider: 'payermax', kind: 'rejected', issue: 'CURRENCY_NOT_SUPPORTED' };
    await expect(payermax.orderAndPay({ ...orderInput, currency: 'PLN', amountMinor: 1999 })).rejects.toMatchObject(refusal);
    await expect(
      payermax.refund({ outRefundNo: 'R1', outTradeNo: 'SN1', amountMinor: 1999, currency: 'PLN', comments: 'goodwill' }),
    ).rejects.toMatchObject(refusal);
    expect(stub.calls).toHaveLength(0);
  });

  it('returns a business error code as-is', async () => {
    const repeat = { code: 'ORDER_REPEAT', msg: 'Order repeat', data: { redirectUrl: 'https://cashier.test/SN1' } };
    const { payermax } = client(() => signedAnswer(repeat));
    await expect(payermax.orderAndPay(orderInput)).resolves.toEqual(repeat);
    const refused = { code: 'PARAMS_INVALID', msg: 'currency invalid', data: null };
    const second = client(() => signedAnswer(refused));
    await expect(second.payermax.orderAndPay(orderInput)).resolves.toEqual(refused);
  });

  it('refuses an answer whose signature does not verify', async () => {
    const tampered = () => {
      const good = signedAnswer(applySuccess);
      const text = JSON.stringify({ ...applySuccess, data: { ...applySuccess.data, redirectUrl: 'https://evil.test' } });
      return new Response(text, { status: 200, headers: { sign: good.headers.get('sign') ?? '' } });
    };
    const { payermax } = client(tampered);
    const error = await payermax.orderAndPay(orderInput).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ provider: 'payermax', kind: 'rejected', issue: 'BAD_RESPONSE_SIGNATURE' });
  });

  it('refuses an unsigned answer', async () => {
    const { payermax } = client(() => jsonResponse(200, applySuccess));
    await expect(payermax.orderAndPay(orderInput)).rejects.toMatchObject({ issue: 'BAD_RESPONSE_SIGNATURE' });
  });

  it('maps HTTP errors and unreadable answers', async () => {
    await expect(client(() => new Response('busy', { status: 503 })).payermax.orderAndPay(orderInput)).rejects.toMatchObject({
      kind: 'http',
      status: 503,
    });
    await expect(client(() => new Response('no', { status: 403 })).payermax.orderAndPay(orderInput)).rejects.toMatchObject({
      kind: 'rejected',
      status: 403,
    });
    await expect(client(() => signedAnswer({ msg: 'no code' })).payermax.orderAndPay(orderInput)).rejects.toMatchObject({
      kind: 'http',
    });
  });

  it('maps an unreachable gateway to network', async () => {
    const payermax = new PayermaxClient(config, { fetch: () => Promise.reject(new TypeError('fetch failed')) });
    await expect(payermax.orderAndPay(orderInput)).rejects.toMatchObject({ kind: 'network' });
  });
});

describe('hostedCheckoutUrl', () => {
  it('is the go-ahead for APPLY_SUCCESS and for ORDER_REPEAT with a redirectUrl only', () => {
    expect(hostedCheckoutUrl(applySuccess)).toBe('https://cashier.test/SN1');
    expect(hostedCheckoutUrl({ code: 'ORDER_REPEAT', msg: '', data: { redirectUrl: 'https://cashier.test/SN1' } })).toBe(
      'https://cashier.test/SN1',
    );
    expect(hostedCheckoutUrl({ code: 'ORDER_REPEAT', msg: '', data: {} })).toBeUndefined();
    expect(hostedCheckoutUrl({ code: 'ORDER_REPEAT', msg: '', data: null })).toBeUndefined();
    expect(hostedCheckoutUrl({ code: 'PARAMS_INVALID', msg: '', data: { redirectUrl: 'https://cashier.test/x' } })).toBeUndefined();
  });
});

describe('orderQuery and refund', () => {
  it('queries an order by outTradeNo', async () => {
    const data = { outTradeNo: 'SN1', tradeToken: 'T1', status: 'SUCCESS', totalAmount: 4.99, currency: 'USD' };
    const { stub, payermax } = client(() => signedAnswer({ code: 'APPLY_SUCCESS', msg: 'Success.', data }));
    await expect(payermax.orderQuery('SN1')).resolves.toEqual(data);
    expect(stub.calls[0]?.url.pathname).toBe('/aggregate-pay/api/gateway/orderQuery');
    expect(JSON.parse(stub.calls[0]?.body ?? '').data).toEqual({ outTradeNo: 'SN1' });
  });

  it('turns a business error into rejected with the code as issue', async () => {
    const { payermax } = client(() => signedAnswer({ code: 'ORDER_NOT_EXIST', msg: 'order not exist', data: null }));
    const error = await payermax.orderQuery('SN9').catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'rejected', issue: 'ORDER_NOT_EXIST', providerMessage: 'order not exist' });
  });

  it('asks for a refund in major units', async () => {
    const data = { outRefundNo: 'R1', outTradeNo: 'SN1', refundTradeNo: 'RT1', status: 'REFUND_PENDING' };
    const { stub, payermax } = client(() => signedAnswer({ code: 'APPLY_SUCCESS', msg: 'Success.', data }));
    const refund = await payermax.refund({ outRefundNo: 'R1', outTradeNo: 'SN1', amountMinor: 499, currency: 'USD', comments: 'goodwill' });
    expect(refund).toEqual(data);
    expect(stub.calls[0]?.url.pathname).toBe('/aggregate-pay/api/gateway/refund');
    expect(JSON.parse(stub.calls[0]?.body ?? '').data).toEqual({
      outRefundNo: 'R1',
      refundAmount: 4.99,
      refundCurrency: 'USD',
      outTradeNo: 'SN1',
      comments: 'goodwill',
    });
  });
});
