import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS } from '../credentials.ts';
import { acceptAll, press, startHarness, waitFor, type Harness, type Received } from '../testing/harness.ts';

const { appId, merchantNo, merchantPrivateKeyPem, platformPublicKeyPem } = SANDBOX_CREDENTIALS.payermax;
const merchantKey = createPrivateKey(merchantPrivateKeyPem);
const platformKey = createPublicKey(platformPublicKeyPem);

// Tests read arbitrary paths of PayerMax's JSON; typing every shape would only restate the assertions.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = Record<string, any>;

let h: Harness;
let gateway: string;

const platformSigned = (body: string, signature: unknown) =>
  typeof signature === 'string' && verify('sha256', Buffer.from(body), platformKey, Buffer.from(signature, 'base64'));

/** Calls the gateway the way the shop's adapter does: a signed envelope; checks the answer's signature. */
async function callGateway(apiName: string, data: Body, tweak: { requestTime?: string; sign?: string; merchantNo?: string } = {}) {
  const body = JSON.stringify({
    version: '1.4',
    keyVersion: '1',
    requestTime: tweak.requestTime ?? new Date().toISOString(),
    appId,
    merchantNo: tweak.merchantNo ?? merchantNo,
    data,
  });
  const response = await fetch(`${gateway}/${apiName}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', sign: tweak.sign ?? sign('sha256', Buffer.from(body), merchantKey).toString('base64') },
    body,
  });
  const text = await response.text();
  expect(response.status).toBe(200);
  expect(platformSigned(text, response.headers.get('sign'))).toBe(true);
  return JSON.parse(text) as Body;
}

let sequence = 0;
function orderData(overrides: Body = {}): Body {
  sequence += 1;
  return {
    outTradeNo: `PM_${Date.now()}_${sequence}`,
    integrate: 'Hosted_Checkout',
    subject: '1000 gems',
    totalAmount: '9.99',
    currency: 'USD',
    country: 'US',
    userId: `user-${sequence}`,
    frontCallbackUrl: 'https://shop.example/payermax/return?x=1',
    notifyUrl: h.payermaxNotifyUrl,
    language: 'en',
    reference: `ref-${sequence}`,
    ...overrides,
  };
}

async function createOrder(overrides: Body = {}) {
  const data = orderData(overrides);
  const answer = await callGateway('orderAndPay', data);
  expect(answer.code).toBe('APPLY_SUCCESS');
  return { data, answer };
}

const notifications = (outTradeNo: string, type = 'PAYMENT'): Received[] =>
  h.from('payermax', (b) => b.notifyType === type && (b.data as Body).outTradeNo === outTradeNo);

beforeAll(async () => {
  h = await startHarness();
  gateway = `${h.sandbox.url}/payermax/aggregate-pay/api/gateway`;
});
afterAll(() => h.close());
beforeEach(() => h.respond(acceptAll));

describe('PayerMax gateway', () => {
  it('creates a hosted-checkout order with a signed answer', async () => {
    const { data, answer } = await createOrder();
    expect(answer).toEqual({
      code: 'APPLY_SUCCESS',
      msg: 'Success.',
      data: {
        redirectUrl: `${h.sandbox.url}/payermax/cashier?tradeToken=${answer.data.tradeToken}`,
        outTradeNo: data.outTradeNo,
        tradeToken: expect.stringMatching(/^T\d{22}$/),
        status: 'PENDING',
      },
    });
  });

  it('answers ORDER_REPEAT with the same redirectUrl while the order is pending', async () => {
    const { data, answer } = await createOrder();
    const again = await callGateway('orderAndPay', data);
    expect(again).toMatchObject({ code: 'ORDER_REPEAT', data: answer.data });
  });

  it.each([
    ['a bad signature', { sign: Buffer.from('forged').toString('base64') }, 'SIGN_VERIFY_FAILED'],
    ['no valid base64 signature', { sign: '***' }, 'SIGN_VERIFY_FAILED'],
    ['a request time older than 2 minutes', { requestTime: new Date(Date.now() - 3 * 60_000).toISOString() }, 'REQ_TIME_OVER_TIME'],
    ['a request time without milliseconds', { requestTime: '2025-01-01T00:00:00Z' }, 'PARAMS_INVALID'],
    ['another merchant', { merchantNo: 'SOMEONE-ELSE' }, 'MERCHANT_INVALID'],
  ])('refuses %s', async (_name, tweak, code) => {
    const answer = await callGateway('orderAndPay', orderData(), tweak);
    expect(answer.code).toBe(code);
    expect(answer.data).toBeUndefined();
  });

  it('refuses a body that was changed after signing', async () => {
    const body = JSON.stringify({ version: '1.4', keyVersion: '1', requestTime: new Date().toISOString(), appId, merchantNo, data: orderData() });
    const signature = sign('sha256', Buffer.from(body), merchantKey).toString('base64');
    const response = await fetch(`${gateway}/orderAndPay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', sign: signature },
      body: body.replace('"9.99"', '"0.01"'),
    });
    expect(((await response.json()) as Body).code).toBe('SIGN_VERIFY_FAILED');
  });

  it.each([
    ['outTradeNo with a dash', { outTradeNo: 'A-1' }, 'PARAMS_INVALID'],
    ['another integration', { integrate: 'Direct_Payment' }, 'PARAMS_INVALID'],
    ['a negative amount', { totalAmount: -1 }, 'AMOUNT_INVALID'],
    ['three decimals in USD', { totalAmount: '1.001' }, 'AMOUNT_INVALID'],
    ['a bad currency', { currency: 'usd' }, 'CURRENCY_INVALID'],
    ['a currency the cashier does not list', { currency: 'PLN', totalAmount: 19.99 }, 'CURRENCY_INVALID'],
    ['1999 JPY sent as 19.99', { currency: 'JPY', totalAmount: 19.99 }, 'AMOUNT_INVALID'],
    ['IDR with decimals beyond its two', { currency: 'IDR', totalAmount: '15000.001' }, 'AMOUNT_INVALID'],
    ['four decimals in KWD', { currency: 'KWD', totalAmount: 1.4901 }, 'AMOUNT_INVALID'],
    ['a missing notifyUrl', { notifyUrl: undefined }, 'PARAMS_INVALID'],
    ['a javascript: frontCallbackUrl', { frontCallbackUrl: 'javascript:alert(1)' }, 'PARAMS_INVALID'],
  ])('validates the order: %s', async (_name, overrides, code) => {
    expect((await callGateway('orderAndPay', orderData(overrides))).code).toBe(code);
  });

  it.each([
    [1999, 'JPY', '¥1,999', 1999],
    [1.49, 'KWD', 'KWD\u00a01.490', 1.49],
    [15_000, 'IDR', 'IDR\u00a015,000.00', 15_000],
  ])('takes %d %s, shows it as %s and reports it back as %d', async (totalAmount, currency, shown, reported) => {
    const { data, answer } = await createOrder({ totalAmount, currency });
    expect(await (await fetch(answer.data.redirectUrl)).text()).toContain(shown);
    const query = await callGateway('orderQuery', { outTradeNo: data.outTradeNo });
    expect(query.data).toMatchObject({ totalAmount: reported, currency });
  });

  it('orderQuery reports ORDER_NOT_EXIST for an unknown order', async () => {
    expect((await callGateway('orderQuery', { outTradeNo: 'NOPE' })).code).toBe('ORDER_NOT_EXIST');
  });
});

describe('PayerMax cashier', () => {
  it('Pay succeeds, notifies with a platform signature, and returns to frontCallbackUrl', async () => {
    const { data, answer } = await createOrder();
    const html = await (await fetch(answer.data.redirectUrl)).text();
    expect(html).toContain('PayerMax cashier (sandbox)');
    expect(html).toContain('$9.99');

    const response = await press(answer.data.redirectUrl, 'Pay');
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.origin + location.pathname).toBe('https://shop.example/payermax/return');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      x: '1',
      outTradeNo: data.outTradeNo,
      tradeToken: answer.data.tradeToken,
      status: 'SUCCESS',
    });

    const [notification] = await waitFor(() => notifications(data.outTradeNo).length > 0 && notifications(data.outTradeNo));
    expect(platformSigned(notification!.body, notification!.headers.sign)).toBe(true);
    expect(JSON.parse(notification!.body)).toMatchObject({
      code: 'APPLY_SUCCESS',
      keyVersion: '1',
      appId,
      merchantNo,
      notifyType: 'PAYMENT',
      notifyTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      data: { outTradeNo: data.outTradeNo, tradeToken: answer.data.tradeToken, totalAmount: 9.99, currency: 'USD', country: 'US', status: 'SUCCESS' },
    });

    const query = await callGateway('orderQuery', { outTradeNo: data.outTradeNo });
    expect(query).toMatchObject({ code: 'APPLY_SUCCESS', data: { status: 'SUCCESS', completeTime: expect.any(String) } });
    const repeat = await callGateway('orderAndPay', data);
    expect(repeat).toEqual({ code: 'ORDER_REPEAT', msg: 'order repeat', data: { outTradeNo: data.outTradeNo, status: 'SUCCESS' } });
    expect((await fetch(answer.data.redirectUrl)).status).toBe(409);
  });

  it('Decline fails the order, notifies FAILED and returns with status=FAILED', async () => {
    const { data, answer } = await createOrder();
    const response = await press(answer.data.redirectUrl, 'Decline');
    expect(new URL(response.headers.get('location') ?? '').searchParams.get('status')).toBe('FAILED');
    const [notification] = await waitFor(() => notifications(data.outTradeNo).length > 0 && notifications(data.outTradeNo));
    expect(JSON.parse(notification!.body).data.status).toBe('FAILED');
    expect((await callGateway('orderQuery', { outTradeNo: data.outTradeNo })).data.status).toBe('FAILED');
  });

  it('Cancel returns with status=CANCEL, sends nothing, and the order stays payable', async () => {
    const { data, answer } = await createOrder();
    const response = await press(answer.data.redirectUrl, 'Cancel');
    expect(new URL(response.headers.get('location') ?? '').searchParams.get('status')).toBe('CANCEL');
    expect((await callGateway('orderQuery', { outTradeNo: data.outTradeNo })).data.status).toBe('PENDING');
    expect(notifications(data.outTradeNo)).toHaveLength(0);
    expect((await fetch(answer.data.redirectUrl)).status).toBe(200);
  });

  it('closes an order that was not paid within expireTime and notifies CLOSED', async () => {
    const { data, answer } = await createOrder({ expireTime: 1 });
    const [notification] = await waitFor(() => notifications(data.outTradeNo).length > 0 && notifications(data.outTradeNo), 15_000);
    expect(JSON.parse(notification!.body)).toMatchObject({ code: 'PAYMENT_FAILED', data: { status: 'CLOSED' } });
    expect((await callGateway('orderQuery', { outTradeNo: data.outTradeNo })).data.status).toBe('CLOSED');
    expect((await fetch(answer.data.redirectUrl)).status).toBe(409);
    const late = await fetch(`${h.sandbox.url}/payermax/cashier/${answer.data.tradeToken}/pay`, { method: 'POST', redirect: 'manual' });
    expect(late.status).toBe(409);
    expect(notifications(data.outTradeNo)).toHaveLength(1);
  });
});

describe('PayerMax refunds and redelivery', () => {
  it('refunds a paid order with REFUND_PENDING, then a REFUND notification; repeats are ORDER_REPEAT', async () => {
    const { data, answer } = await createOrder({ totalAmount: 20 });
    await press(answer.data.redirectUrl, 'Pay');
    const refund = { outRefundNo: `RF_${data.outTradeNo}`, refundAmount: '5.00', refundCurrency: 'USD', outTradeNo: data.outTradeNo, comments: 'support' };
    const first = await callGateway('refund', refund);
    expect(first).toMatchObject({
      code: 'APPLY_SUCCESS',
      data: { outRefundNo: refund.outRefundNo, refundTradeNo: expect.any(String), outTradeNo: data.outTradeNo, status: 'REFUND_PENDING' },
    });
    expect((await callGateway('refund', refund)).code).toBe('ORDER_REPEAT');
    const [notification] = await waitFor(() => notifications(data.outTradeNo, 'REFUND').length > 0 && notifications(data.outTradeNo, 'REFUND'));
    expect(platformSigned(notification!.body, notification!.headers.sign)).toBe(true);
    expect(JSON.parse(notification!.body).data).toMatchObject({
      outRefundNo: refund.outRefundNo,
      outTradeNo: data.outTradeNo,
      refundAmount: 5,
      refundCurrency: 'USD',
      status: 'REFUND_SUCCESS',
    });
    expect((await callGateway('refund', { ...refund, outRefundNo: `RF2_${data.outTradeNo}`, refundAmount: '15.01' })).code).toBe('AMOUNT_INVALID');
  });

  it('refuses to refund an unpaid order', async () => {
    const { data } = await createOrder();
    const answer = await callGateway('refund', { outRefundNo: `RF_${data.outTradeNo}`, refundAmount: 1, refundCurrency: 'USD', outTradeNo: data.outTradeNo });
    expect(answer.code).toBe('PARAMS_INVALID');
  });

  it('redelivers until the shop answers exactly {"code":"SUCCESS","msg":"Success"}', async () => {
    const retrying = await startHarness({ retryDelaysMs: [20, 20, 20] });
    try {
      let calls = 0;
      const answers = [{ status: 500 }, { status: 200, body: 'OK' }, { status: 200, body: '{"code":"SUCCESS","msg":"Success"}' }];
      retrying.respond(() => answers[Math.min(calls++, answers.length - 1)]!);
      gateway = `${retrying.sandbox.url}/payermax/aggregate-pay/api/gateway`;
      const { answer } = await createOrder({ notifyUrl: retrying.payermaxNotifyUrl });
      await press(answer.data.redirectUrl, 'Pay');
      await waitFor(() => retrying.attempts.length === 3);
      await new Promise((resolve) => setTimeout(resolve, 80));
      expect(retrying.attempts.map((a) => a.status)).toEqual([500, 200, 200]);
      expect(new Set(retrying.received.map((r) => r.body)).size).toBe(1);
    } finally {
      gateway = `${h.sandbox.url}/payermax/aggregate-pay/api/gateway`;
      await retrying.close();
    }
  });
});
