import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The HTTP status of every Xsolla webhook error reply. Sources disagree (400 vs 401/422), so it lives here and only
 * here; Xsolla reads the `error.code` in the body.
 */
export const XSOLLA_ERROR_HTTP_STATUS = 400;

export type XsollaErrorCode =
  | 'INVALID_USER'
  | 'INVALID_PARAMETER'
  | 'INVALID_SIGNATURE'
  | 'INCORRECT_AMOUNT'
  | 'INCORRECT_INVOICE';

/** Xsolla's webhook error body; send it with XSOLLA_ERROR_HTTP_STATUS. */
export function xsollaError(code: XsollaErrorCode, message: string): { error: { code: XsollaErrorCode; message: string } } {
  return { error: { code, message } };
}

const SIGNATURE_HEADER = /^Signature ([0-9a-fA-F]{40})$/;

/**
 * Checks `Authorization: Signature <hex>` where hex = SHA-1(raw body bytes + project secret key): a plain hash of the
 * concatenation, as Xsolla specifies (not an HMAC). Works on the bytes as received, never on re-serialised JSON, and
 * compares in constant time so the check leaks nothing about the expected value.
 */
export function verifyXsollaSignature(
  rawBody: Buffer | string,
  authorization: string | undefined,
  secretKey: string,
): boolean {
  const match = authorization ? SIGNATURE_HEADER.exec(authorization.trim()) : null;
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1], 'hex');
  const expected = createHash('sha1')
    .update(typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody)
    .update(secretKey, 'utf8')
    .digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}
