import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandboxProviders, type SandboxProviders } from '../../../test/sandbox-providers.ts';
import type { PaymentFact, PaymentProvider, PaymentToOpen, WebhookRequest } from './payment-provider.ts';
import type { PaymentProviders } from './provider-registry.ts';
import { stubFetch } from './test-fetch.ts';

/**
 * Each provider, as production builds it, against its stand-in in local currencies: the amount opened is the amount
 * the paid fact reports (webhook and query) and the amount refunded, to the minor unit. A currency the provider cannot
 * charge is refused before any HTTP call.
 */

/** 1999 JPY, 5500 KRW, 15000 IDR (whole units), 4.99 EUR, 1.490 KWD (three digits). */
const LOCAL_PRICES = [
  { currency: 'JPY', amountMinor: 1999 },
  { currency: 'KRW', amountMinor: 5500 },
  { currency: 'IDR', amountMinor: 15_000 },
  { currency: 'EUR', amountMinor: 499 },
  { currency: 'KWD', amountMinor: 1490 },
] as const;

let env: SandboxProviders;
let providers: PaymentProviders;

beforeAll(async () => {
  env = await startSandboxProviders();
  providers = env.build().providers;
});
afterAll(() => env?.close());

/** The single fact a webhook delivery carries, read by the provider's own parser (signature checked). */
async function factOf(provider: PaymentProvider, delivery: WebhookRequest): Promise<PaymentFact> {
  const parsed = await provider.parseWebhook(delivery);
  if (!('facts' in parsed)) throw new Error(`webhook refused: ${JSON.stringify(parsed.refuse)}`);
  const [fact, ...more] = parsed.facts;
  expect(more).toEqual([]);
  if (!fact) throw new Error('webhook without a fact');
  return fact;
}

const resourceOf = (body: Record<string, unknown>) => (body.resource ?? {}) as { custom_id?: string };
const transactionOf = (body: Record<string, unknown>) => (body.transaction ?? {}) as { external_id?: string };
const tradeOf = (body: Record<string, unknown>) => (body.data ?? {}) as { outTradeNo?: string };

/** Pays a PayPal order on the checkout page and captures it: the capture's fact. */
async function payWithPaypal(provider: PaymentProvider, payment: PaymentToOpen): Promise<{ captured: PaymentFact; sessionId: string }> {
  const { sessionId } = await provider.open(payment);
  if (!sessionId) throw new Error('PayPal opened no session');
  expect((await env.press(`/paypal/checkoutnow/${sessionId}/pay`)).status).toBe(303);
  const [captured] = (await provider.capture?.({ orderId: payment.orderId, orderSn: payment.orderSn, sessionId })) ?? [];
  if (!captured) throw new Error('PayPal captured nothing');
  return { captured, sessionId };
}

describe('PayPal in local currencies', () => {
  const paypal = () => providers.get('paypal');

  it.each([
    { currency: 'JPY', amountMinor: 1999 },
    { currency: 'EUR', amountMinor: 499 },
    { currency: 'TWD', amountMinor: 10_000 },
    { currency: 'HUF', amountMinor: 1500 },
  ])('round-trips $amountMinor $currency: capture, webhook, query, refund', async ({ currency, amountMinor }) => {
    const payment = env.paymentToOpen(amountMinor, currency);
    const { captured, sessionId } = await payWithPaypal(paypal(), payment);
    const money = { amountMinor, currency };
    expect(captured).toMatchObject({ kind: 'paid', ...money });

    const completed = await env.delivery('paypal', (body) => body.event_type === 'PAYMENT.CAPTURE.COMPLETED' && resourceOf(body).custom_id === payment.orderSn);
    expect(await factOf(paypal(), completed)).toMatchObject({ kind: 'paid', order: { orderSn: payment.orderSn }, ...money });
    expect(await paypal().query({ orderId: payment.orderId, orderSn: payment.orderSn, sessionId })).toMatchObject([{ kind: 'paid', ...money }]);

    if (captured.kind !== 'paid') throw new Error('unreachable');
    const subject = { kind: 'order', orderSn: payment.orderSn } as const;
    await paypal().refund({ subject, orderSn: payment.orderSn, paymentId: captured.paymentId, reason: 'test', ...money });
    const refunded = await env.delivery('paypal', (body) => body.event_type === 'PAYMENT.CAPTURE.REFUNDED' && resourceOf(body).custom_id === payment.orderSn);
    expect(await factOf(paypal(), refunded)).toMatchObject({ kind: 'refunded', ...money });
  });

  it.each(['KRW', 'IDR', 'KWD'])('refuses %s, which PayPal cannot charge, before any HTTP call', async (currency) => {
    const recording = stubFetch(() => new Response('{}', { status: 500 }));
    const provider = env.build({ fetch: recording.fetch }).providers.get('paypal');
    expect(provider.chargeableCurrencies.has(currency)).toBe(false);
    await expect(provider.open(env.paymentToOpen(1000, currency))).rejects.toMatchObject({ kind: 'rejected', issue: 'CURRENCY_NOT_SUPPORTED' });
    expect(recording.calls).toEqual([]);
  });
});

describe('Xsolla in local currencies', () => {
  const xsolla = () => providers.get('xsolla');

  it.each(LOCAL_PRICES)('round-trips $amountMinor $currency: payment webhook, query, refund webhook', async ({ currency, amountMinor }) => {
    expect(xsolla().chargeableCurrencies.has(currency)).toBe(true);
    const payment = env.paymentToOpen(amountMinor, currency);
    const { token } = JSON.parse((await xsolla().open(payment)).clientAnswer) as { token: string };
    await env.press(`/xsolla/paystation4/${token}/pay`);
    const money = { amountMinor, currency };

    const paid = await factOf(xsolla(), await env.delivery('xsolla', (body) => body.notification_type === 'payment' && transactionOf(body).external_id === payment.orderSn));
    expect(paid).toMatchObject({ kind: 'paid', order: { orderSn: payment.orderSn }, ...money });
    expect(await xsolla().query({ orderId: payment.orderId, orderSn: payment.orderSn, sessionId: null })).toMatchObject([{ kind: 'paid', ...money }]);

    if (paid.kind !== 'paid') throw new Error('unreachable');
    await xsolla().refund({ subject: { kind: 'order', orderSn: payment.orderSn }, orderSn: payment.orderSn, paymentId: paid.paymentId, reason: 'test', ...money });
    const refunded = await env.delivery('xsolla', (body) => body.notification_type === 'refund' && transactionOf(body).external_id === payment.orderSn);
    expect(await factOf(xsolla(), refunded)).toMatchObject({ kind: 'refunded', ...money });
  });

  it('refuses a currency Pay Station cannot charge before any HTTP call', async () => {
    const recording = stubFetch(() => new Response('{}', { status: 500 }));
    const provider = env.build({ fetch: recording.fetch }).providers.get('xsolla');
    await expect(provider.open(env.paymentToOpen(1000, 'KPW'))).rejects.toMatchObject({ kind: 'rejected', issue: 'CURRENCY_NOT_SUPPORTED' });
    expect(recording.calls).toEqual([]);
  });
});

describe('PayerMax in local currencies', () => {
  const payermax = () => providers.get('payermax');

  it.each(LOCAL_PRICES)('round-trips $amountMinor $currency: notification, query, refund notification', async ({ currency, amountMinor }) => {
    expect(payermax().chargeableCurrencies.has(currency)).toBe(true);
    const payment = env.paymentToOpen(amountMinor, currency);
    const { sessionId } = await payermax().open(payment);
    expect(sessionId).toBeDefined();
    await env.press(`/payermax/cashier/${sessionId}/pay`);
    const money = { amountMinor, currency };

    const paid = await factOf(payermax(), await env.delivery('payermax', (body) => body.notifyType === 'PAYMENT' && tradeOf(body).outTradeNo === payment.orderSn));
    expect(paid).toMatchObject({ kind: 'paid', order: { orderSn: payment.orderSn }, ...money });
    expect(await payermax().query({ orderId: payment.orderId, orderSn: payment.orderSn, sessionId: sessionId ?? null })).toMatchObject([{ kind: 'paid', ...money }]);

    if (paid.kind !== 'paid') throw new Error('unreachable');
    await payermax().refund({ subject: { kind: 'order', orderSn: payment.orderSn }, orderSn: payment.orderSn, paymentId: paid.paymentId, reason: 'test', ...money });
    const refunded = await env.delivery('payermax', (body) => body.notifyType === 'REFUND' && tradeOf(body).outTradeNo === payment.orderSn);
    expect(await factOf(payermax(), refunded)).toMatchObject({ kind: 'refunded', ...money });
  });

  it('refuses a currency the cashier cannot charge before any HTTP call', async () => {
    const recording = stubFetch(() => new Response('{}', { status: 500 }));
    const provider = env.build({ fetch: recording.fetch }).providers.get('payermax');
    await expect(provider.open(env.paymentToOpen(1999, 'PLN'))).rejects.toMatchObject({ kind: 'rejected', issue: 'CURRENCY_NOT_SUPPORTED' });
    expect(recording.calls).toEqual([]);
  });
});
