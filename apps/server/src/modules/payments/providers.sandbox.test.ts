import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayermaxConfig, PaypalConfig, XsollaConfig } from '../../config.ts';
import { hostedCheckoutUrl, PayermaxClient } from './payermax/payermax-client.ts';
import { PayermaxNotification } from './payermax/notification.ts';
import { PaypalClient } from './paypal/paypal-client.ts';
import { ProviderError } from './provider-error.ts';
import { verifyXsollaSignature } from './xsolla/webhook-signature.ts';
import { XsollaNotification } from './xsolla/webhook-types.ts';
import { SANDBOX_CREDENTIALS as creds } from '@shop/sandbox/credentials';
import { XsollaClient } from './xsolla/xsolla-client.ts';
import { startSandboxProviders, type Delivery, type SandboxProviders } from '../../../test/sandbox-providers.ts';

/**
 * The production adapters against the sandbox stand-ins over real HTTP: the same code as in production, only the
 * base URLs differ. The receiver of test/sandbox-providers.ts plays the shop's webhook endpoints and records what
 * arrives, raw.
 */

let env: SandboxProviders;
let received: readonly Delivery[];
let sandbox: { url: string };
let receiverUrl: string;
let paypalConfig: PaypalConfig;
let xsollaConfig: XsollaConfig;
let payermaxConfig: PayermaxConfig;
let paypal: PaypalClient;
let xsolla: XsollaClient;
let payermax: PayermaxClient;

const unique = (prefix: string) => `${prefix}${Date.now()}${Math.floor(Math.random() * 1e6)}`;

async function waitFor<T>(find: () => T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Presses a button of a hosted checkout page, as the browser's form post would; the answer is not followed. */
const press = (url: string) => fetch(url, { method: 'POST', redirect: 'manual' });

beforeAll(async () => {
  env = await startSandboxProviders();
  ({ receiverUrl, received } = env);
  sandbox = { url: env.sandboxUrl };
  ({ paypal: paypalConfig, xsolla: xsollaConfig, payermax: payermaxConfig } = env.config);
  paypal = new PaypalClient(paypalConfig);
  xsolla = new XsollaClient(xsollaConfig);
  payermax = new PayermaxClient(payermaxConfig);
});

afterAll(() => env?.close());

describe('PayPal adapter against the sandbox', () => {
  const createFor = (orderSn: string, amountMinor = 499, currency = 'USD') =>
    paypal.createOrder({
      requestId: `create-${orderSn}`,
      orderSn,
      amountMinor,
      currency,
      description: '100 gems',
      returnUrl: `${receiverUrl}/payment/return`,
      cancelUrl: `${receiverUrl}/payment/cancel`,
      locale: 'de',
    });

  it('creates, is paid on the checkout page, captures completed, and refunds', async () => {
    const orderSn = unique('PP');
    const created = await createFor(orderSn);
    expect(created.status).toBe('PAYER_ACTION_REQUIRED');
    expect(created.payerActionUrl).toBe(`${sandbox.url}/paypal/checkoutnow?token=${created.id}`);
    expect((await fetch(created.payerActionUrl)).status).toBe(200);

    // The same request id gives the same PayPal order: a retried create after a timeout charges nothing twice.
    expect((await createFor(orderSn)).id).toBe(created.id);

    const paid = await press(`${sandbox.url}/paypal/checkoutnow/${created.id}/pay`);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toContain(`${receiverUrl}/payment/return?token=${created.id}`);

    const capture = await paypal.captureOrder(created.id, `capture-${orderSn}`);
    expect(capture).toMatchObject({ outcome: 'completed', amountMinor: 499, currency: 'USD', customId: orderSn });
    if (capture.outcome !== 'completed') throw new Error('unreachable');

    // A retry with the same request id, and a second capture attempt (return page racing the webhook), both land
    // on the one capture.
    await expect(paypal.captureOrder(created.id, `capture-${orderSn}`)).resolves.toEqual(capture);
    await expect(paypal.captureOrder(created.id, `capture-again-${orderSn}`)).resolves.toEqual(capture);

    const order = await paypal.getOrder(created.id);
    expect(order.status).toBe('COMPLETED');
    expect(order.purchase_units?.[0]?.payments?.captures?.[0]?.id).toBe(capture.captureId);

    const refund = await paypal.refundCapture(capture.captureId, `refund-${orderSn}`);
    expect(refund.status).toBe('COMPLETED');
    await expect(paypal.refundCapture(capture.captureId, `refund-${orderSn}`)).resolves.toEqual(refund);
  });

  it('creates in a zero-decimal currency', async () => {
    const created = await createFor(unique('PPJ'), 500, 'JPY');
    await press(`${sandbox.url}/paypal/checkoutnow/${created.id}/pay`);
    await expect(paypal.captureOrder(created.id, unique('cap'))).resolves.toMatchObject({
      outcome: 'completed',
      amountMinor: 500,
      currency: 'JPY',
    });
  });

  it('reports a declined instrument as declined', async () => {
    const created = await createFor(unique('PPD'));
    expect((await press(`${sandbox.url}/paypal/checkoutnow/${created.id}/decline`)).status).toBe(303);
    await expect(paypal.captureOrder(created.id, unique('cap'))).resolves.toEqual({
      outcome: 'declined',
      issue: 'INSTRUMENT_DECLINED',
    });
  });

  it('refuses to capture an order the buyer has not approved', async () => {
    const created = await createFor(unique('PPN'));
    const error = await paypal.captureOrder(created.id, unique('cap')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: 'rejected', status: 422, issue: 'ORDER_NOT_APPROVED' });
  });

  it('verifies a webhook the sandbox delivered, and nothing altered', async () => {
    const orderSn = unique('PPW');
    const created = await createFor(orderSn);
    await press(`${sandbox.url}/paypal/checkoutnow/${created.id}/pay`);
    const capture = await paypal.captureOrder(created.id, `capture-${orderSn}`);
    if (capture.outcome !== 'completed') throw new Error(`expected a completed capture, got ${capture.outcome}`);

    const webhook = await waitFor(
      () =>
        received.find((entry) => {
          if (entry.provider !== 'paypal') return false;
          const event = JSON.parse(entry.rawBody) as { event_type?: string; resource?: { id?: string } };
          return event.event_type === 'PAYMENT.CAPTURE.COMPLETED' && event.resource?.id === capture.captureId;
        }),
      'PAYMENT.CAPTURE.COMPLETED',
    );
    await expect(paypal.verifyWebhook(webhook.headers, webhook.rawBody)).resolves.toBe(true);

    const tampered = webhook.rawBody.replace('"4.99"', '"0.01"');
    expect(tampered).not.toBe(webhook.rawBody);
    await expect(paypal.verifyWebhook(webhook.headers, tampered)).resolves.toBe(false);
    await expect(
      paypal.verifyWebhook({ ...webhook.headers, 'paypal-transmission-id': 'forged' }, webhook.rawBody),
    ).resolves.toBe(false);
    const { 'paypal-transmission-sig': _sig, ...unsigned } = webhook.headers;
    await expect(paypal.verifyWebhook(unsigned, webhook.rawBody)).resolves.toBe(false);

    const otherHook = new PaypalClient({ ...paypalConfig, webhookId: 'SOMEONE-ELSES-WEBHOOK' });
    await expect(otherHook.verifyWebhook(webhook.headers, webhook.rawBody)).resolves.toBe(false);
  });

  it('maps wrong credentials to rejected', async () => {
    const wrong = new PaypalClient({ ...paypalConfig, clientSecret: 'wrong' });
    await expect(wrong.getOrder('X')).rejects.toMatchObject({ kind: 'rejected', status: 401, issue: 'invalid_client' });
  });
});

describe('Xsolla adapter against the sandbox', () => {
  const tokenFor = (client: XsollaClient, orderSn: string) =>
    client.createToken({
      orderSn,
      userId: '42',
      email: 'player@example.com',
      country: 'DE',
      currency: 'USD',
      amountMinor: 499,
      language: 'zh_TW',
      description: '100 gems',
      returnUrl: `${receiverUrl}/payment/return`,
      customParameters: { orderId: 7 },
    });

  /** Pays a fresh token on the Pay Station page and returns the payment webhook the receiver got. */
  async function payOnPayStation(orderSn: string): Promise<Delivery> {
    const { token } = await tokenFor(xsolla, orderSn);
    await press(`${sandbox.url}/xsolla/paystation4/${token}/pay`);
    return waitFor(
      () => received.find((entry) => entry.provider === 'xsolla' && entry.rawBody.includes(`"external_id":"${orderSn}"`)),
      'the Xsolla payment webhook',
    );
  }

  it('gets a token whose pay page opens; the paid transaction is signed and found', async () => {
    const orderSn = unique('XS');
    const { token } = await tokenFor(xsolla, orderSn);
    expect(token).toMatch(/^\w+$/);
    const page = xsolla.payStationUrl(token);
    expect(page).toBe(`${sandbox.url}/xsolla/paystation4/?token=${token}`);
    expect((await fetch(page)).status).toBe(200);
    await expect(xsolla.findTransactions(orderSn)).resolves.toEqual([]);

    const payment = await payOnPayStation(orderSn);
    expect(verifyXsollaSignature(payment.rawBody, payment.headers.authorization, xsollaConfig.secretKey)).toBe(true);
    expect(verifyXsollaSignature(`${payment.rawBody} `, payment.headers.authorization, xsollaConfig.secretKey)).toBe(false);
    const notification = XsollaNotification.parse(JSON.parse(payment.rawBody));
    expect(notification).toMatchObject({ notification_type: 'payment', purchase: { checkout: { amount: 4.99, currency: 'USD' } } });

    await expect(xsolla.findTransactions(orderSn)).resolves.toMatchObject([
      { externalId: orderSn, status: 'done', amountMinor: 499, currency: 'USD' },
    ]);
  });

  it('refunds a paid transaction', async () => {
    const orderSn = unique('XSR');
    await payOnPayStation(orderSn);
    const [transaction] = await xsolla.findTransactions(orderSn);
    await xsolla.refund(transaction!.id, 'Player asked for a refund');
    await expect(xsolla.findTransactions(orderSn)).resolves.toMatchObject([{ status: 'refunded' }]);
  });

  it("keeps Xsolla's message when the token is refused", async () => {
    const wrongProject = new XsollaClient({ ...xsollaConfig, projectId: '999' });
    const error = await tokenFor(wrongProject, unique('XS')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: 'rejected', status: 422 });
    expect((error as ProviderError).providerMessage).toMatch(/999/);
  });

  it('maps wrong credentials to rejected', async () => {
    const wrongKey = new XsollaClient({ ...xsollaConfig, apiKey: 'wrong' });
    await expect(tokenFor(wrongKey, unique('XS'))).rejects.toMatchObject({ kind: 'rejected', status: 401 });
  });
});

describe('PayerMax adapter against the sandbox', () => {
  const orderFor = (client: PayermaxClient, outTradeNo: string) =>
    client.orderAndPay({
      outTradeNo,
      subject: '100 gems',
      amountMinor: 499,
      currency: 'USD',
      country: 'AE',
      userId: '42',
      language: 'en',
      frontCallbackUrl: `${receiverUrl}/payment/return`,
      notifyUrl: `${receiverUrl}/webhooks/payermax`,
      reference: '7',
      expireSeconds: 1800,
    });

  it('creates a hosted checkout, answers ORDER_REPEAT with the same page, and settles by notification', async () => {
    const outTradeNo = unique('PM');
    const first = await orderFor(payermax, outTradeNo);
    expect(first).toMatchObject({ code: 'APPLY_SUCCESS', data: { outTradeNo, status: 'PENDING' } });
    const redirectUrl = hostedCheckoutUrl(first);
    expect(redirectUrl).toMatch(new RegExp(`^${sandbox.url}/payermax/cashier\\?tradeToken=`));

    const repeat = await orderFor(payermax, outTradeNo);
    expect(repeat.code).toBe('ORDER_REPEAT');
    expect(hostedCheckoutUrl(repeat)).toBe(redirectUrl);

    await expect(payermax.orderQuery(outTradeNo)).resolves.toMatchObject({ outTradeNo, status: 'PENDING', totalAmount: 4.99 });

    const tradeToken = first.data?.tradeToken ?? '';
    expect((await press(`${sandbox.url}/payermax/cashier/${tradeToken}/pay`)).status).toBe(303);
    const notification = await waitFor(
      () => received.find((entry) => entry.provider === 'payermax' && entry.rawBody.includes(`"outTradeNo":"${outTradeNo}"`)),
      'the PayerMax notification',
    );
    const sign = notification.headers.sign;
    expect(payermax.verifySignature(notification.rawBody, typeof sign === 'string' ? sign : undefined)).toBe(true);
    expect(payermax.verifySignature(notification.rawBody.replace('4.99', '0.01'), typeof sign === 'string' ? sign : undefined)).toBe(
      false,
    );
    expect(PayermaxNotification.parse(JSON.parse(notification.rawBody))).toMatchObject({
      notifyType: 'PAYMENT',
      data: { outTradeNo, status: 'SUCCESS', totalAmount: 4.99, currency: 'USD' },
    });
    await expect(payermax.orderQuery(outTradeNo)).resolves.toMatchObject({ status: 'SUCCESS' });

    const refund = await payermax.refund({
      outRefundNo: `R${outTradeNo}`,
      outTradeNo,
      amountMinor: 499,
      currency: 'USD',
      comments: 'goodwill',
    });
    expect(refund).toMatchObject({ outRefundNo: `R${outTradeNo}`, outTradeNo });
  });

  it('reports an unknown order as rejected ORDER_NOT_EXIST', async () => {
    await expect(payermax.orderQuery(unique('NONE'))).rejects.toMatchObject({ kind: 'rejected', issue: 'ORDER_NOT_EXIST' });
  });

  it('gets a signed refusal when our signature is wrong', async () => {
    const wrongKey = new PayermaxClient({ ...payermaxConfig, merchantPrivateKeyPem: creds.payermax.platformPrivateKeyPem });
    await expect(orderFor(wrongKey, unique('PM'))).resolves.toMatchObject({ code: 'SIGN_VERIFY_FAILED' });
  });

  it("refuses an answer not signed with PayerMax's key", async () => {
    const wrongPlatformKey = new PayermaxClient({ ...payermaxConfig, platformPublicKeyPem: creds.payermax.merchantPublicKeyPem });
    await expect(orderFor(wrongPlatformKey, unique('PM'))).rejects.toMatchObject({
      kind: 'rejected',
      issue: 'BAD_RESPONSE_SIGNATURE',
    });
  });
});
