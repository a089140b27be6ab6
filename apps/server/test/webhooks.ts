import { createHash, createSign, randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { SANDBOX_CREDENTIALS } from '@shop/sandbox/credentials';
import type { TestShop } from './harness.ts';

const creds = SANDBOX_CREDENTIALS;

/** Sends a webhook the way the provider would, signed with the sandbox keys (or not, to test refusals). */
export async function postXsolla(shop: TestShop, body: unknown, signature: string | null = 'valid') {
  const raw = JSON.stringify(body);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature === 'valid') headers.authorization = `Signature ${createHash('sha1').update(raw + creds.xsolla.secretKey).digest('hex')}`;
  else if (signature) headers.authorization = signature;
  const response = await fetch(`${shop.url}/api/webhooks/xsolla`, { method: 'POST', headers, body: raw });
  return { status: response.status, text: await response.text() };
}

export function xsollaPayment(orderSn: string, amount: number, currency = 'USD', transactionId = Math.floor(Math.random() * 1e9)) {
  return {
    notification_type: 'payment',
    settings: { project_id: Number(creds.xsolla.projectId), merchant_id: Number(creds.xsolla.merchantId) },
    purchase: { checkout: { currency, amount }, total: { currency, amount } },
    user: { id: '1', email: 'player@example.com', country: 'US' },
    transaction: { id: transactionId, external_id: orderSn, dry_run: 1, agreement: 1, payment_date: '2026-11-22 10:00:00', payment_method: 1380 },
  };
}

export async function postPayermax(shop: TestShop, body: unknown, sign: 'valid' | 'wrong' | 'missing' = 'valid') {
  const raw = JSON.stringify(body);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (sign !== 'missing') {
    const signer = createSign('RSA-SHA256').update(sign === 'valid' ? raw : `${raw} `);
    headers.sign = signer.sign(creds.payermax.platformPrivateKeyPem, 'base64');
  }
  const response = await fetch(`${shop.url}/api/webhooks/payermax`, { method: 'POST', headers, body: raw });
  return { status: response.status, text: await response.text() };
}

export function payermaxPayment(orderSn: string, totalAmount: number, currency = 'USD', status = 'SUCCESS') {
  return {
    code: 'APPLY_SUCCESS',
    msg: '',
    keyVersion: '1',
    appId: creds.payermax.appId,
    merchantNo: creds.payermax.merchantNo,
    notifyTime: new Date().toISOString(),
    notifyType: 'PAYMENT',
    data: { outTradeNo: orderSn, tradeToken: `T${orderSn}`, totalAmount, currency, country: 'US', status, completeTime: new Date().toISOString() },
  };
}

/**
 * PayPal signs `transmissionId|time|webhookId|crc32(body)` with RSA-SHA256; the shop asks PayPal (the sandbox) to verify.
 * `transmittedAt`: the signed transmission time (default now).
 */
export async function postPaypal(shop: TestShop, event: unknown, signature: 'valid' | 'wrong' | 'missing' = 'valid', transmittedAt = new Date()) {
  const raw = JSON.stringify(event);
  const transmissionId = randomUUID();
  const time = transmittedAt.toISOString();
  const message = `${transmissionId}|${time}|${creds.paypal.webhookId}|${crc32(Buffer.from(raw))}`;
  const sig = createSign('RSA-SHA256').update(signature === 'valid' ? message : `${message}x`).sign(creds.paypal.webhookSigningPrivateKeyPem, 'base64');
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature !== 'missing') {
    Object.assign(headers, {
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-time': time,
      'paypal-transmission-sig': sig,
      'paypal-cert-url': `${shop.config.publicUrl}/sandbox/paypal/certs/sandbox-cert.pem`,
      'paypal-auth-algo': 'SHA256withRSA',
    });
  }
  const response = await fetch(`${shop.url}/api/webhooks/paypal`, { method: 'POST', headers, body: raw });
  return { status: response.status, text: await response.text() };
}

export function paypalCaptureCompleted(orderSn: string, value: string, currency = 'USD', captureId = `CAP-${randomUUID().slice(0, 8)}`) {
  return {
    id: `WH-${randomUUID()}`,
    event_version: '1.0',
    create_time: new Date().toISOString(),
    resource_type: 'capture',
    event_type: 'PAYMENT.CAPTURE.COMPLETED',
    summary: 'Payment completed',
    resource: { id: captureId, status: 'COMPLETED', amount: { currency_code: currency, value }, custom_id: orderSn, invoice_id: orderSn },
  };
}
