import { createPrivateKey, createPublicKey, randomUUID, sign, verify } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { SANDBOX_CREDENTIALS } from '../credentials.ts';

/**
 * PayPal's webhook signature: base64 SHA256withRSA over
 * "<transmission id>|<transmission time>|<webhook id>|<CRC32 of the raw body, unsigned decimal>",
 * checked against the certificate at PAYPAL-CERT-URL (here: the signing key's public half).
 */

export const CERT_PATH = '/certs/sandbox-cert.pem';
export const AUTH_ALGO = 'SHA256withRSA';

const privateKey = createPrivateKey(SANDBOX_CREDENTIALS.paypal.webhookSigningPrivateKeyPem);
const publicKey = createPublicKey(SANDBOX_CREDENTIALS.paypal.webhookSigningPublicKeyPem);

function signedText(transmissionId: string, transmissionTime: string, webhookId: string, body: string): Buffer {
  return Buffer.from(`${transmissionId}|${transmissionTime}|${webhookId}|${crc32(body)}`, 'utf8');
}

/** Headers of one transmission of `body`; every redelivery is a new transmission with its own id and time. */
export function transmissionHeaders(body: string, certUrl: string): Record<string, string> {
  const transmissionId = randomUUID();
  const transmissionTime = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  const signature = sign('sha256', signedText(transmissionId, transmissionTime, SANDBOX_CREDENTIALS.paypal.webhookId, body), privateKey);
  return {
    'PAYPAL-TRANSMISSION-ID': transmissionId,
    'PAYPAL-TRANSMISSION-TIME': transmissionTime,
    'PAYPAL-TRANSMISSION-SIG': signature.toString('base64'),
    'PAYPAL-CERT-URL': certUrl,
    'PAYPAL-AUTH-ALGO': AUTH_ALGO,
  };
}

export interface Transmission {
  transmissionId: string;
  transmissionTime: string;
  webhookId: string;
  signature: string;
  body: string;
}

export function verifyTransmission(t: Transmission): boolean {
  return verify(
    'sha256',
    signedText(t.transmissionId, t.transmissionTime, t.webhookId, t.body),
    publicKey,
    Buffer.from(t.signature, 'base64'),
  );
}

export const certificatePem = (): string => SANDBOX_CREDENTIALS.paypal.webhookSigningPublicKeyPem;
