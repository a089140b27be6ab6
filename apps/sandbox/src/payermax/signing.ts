import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { SANDBOX_CREDENTIALS } from '../credentials.ts';

/**
 * PayerMax signs the exact body string with SHA256withRSA, base64-encoded, in the `sign` header: the shop with
 * its merchant key (checked here with the public half), PayerMax with its platform key (answers, notifications).
 */

const merchantPublicKey = createPublicKey(SANDBOX_CREDENTIALS.payermax.merchantPublicKeyPem);
const platformPrivateKey = createPrivateKey(SANDBOX_CREDENTIALS.payermax.platformPrivateKeyPem);

export function merchantSignatureValid(body: string, signature: string): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  return verify('sha256', Buffer.from(body, 'utf8'), merchantPublicKey, Buffer.from(signature, 'base64'));
}

export function platformSign(body: string): string {
  return sign('sha256', Buffer.from(body, 'utf8'), platformPrivateKey).toString('base64');
}
