import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyXsollaSignature, XSOLLA_ERROR_HTTP_STATUS, xsollaError } from './webhook-signature.ts';

const secret = 'project-secret';
const body = '{"notification_type":"payment","purchase":{"checkout":{"currency":"EUR","amount":4.99}},"user":{"id":"Jörg"}}';
const sign = (raw: string | Buffer, key = secret) =>
  createHash('sha1').update(Buffer.concat([Buffer.from(raw), Buffer.from(key)])).digest('hex');

describe('verifyXsollaSignature', () => {
  it('accepts SHA-1 of the raw body bytes followed by the secret', () => {
    expect(verifyXsollaSignature(body, `Signature ${sign(body)}`, secret)).toBe(true);
    expect(verifyXsollaSignature(Buffer.from(body), `Signature ${sign(body)}`, secret)).toBe(true);
  });

  it('accepts upper-case hex', () => {
    expect(verifyXsollaSignature(body, `Signature ${sign(body).toUpperCase()}`, secret)).toBe(true);
  });

  it('refuses a signature made with another secret', () => {
    expect(verifyXsollaSignature(body, `Signature ${sign(body, 'other')}`, secret)).toBe(false);
  });

  it('is not an HMAC', () => {
    const hmacLike = createHash('sha1').update(secret + body).digest('hex');
    expect(verifyXsollaSignature(body, `Signature ${hmacLike}`, secret)).toBe(false);
  });

  it('refuses a missing or empty header', () => {
    expect(verifyXsollaSignature(body, undefined, secret)).toBe(false);
    expect(verifyXsollaSignature(body, '', secret)).toBe(false);
    expect(verifyXsollaSignature(body, 'Signature ', secret)).toBe(false);
  });

  it('refuses another scheme or a malformed value', () => {
    const hex = sign(body);
    expect(verifyXsollaSignature(body, `Bearer ${hex}`, secret)).toBe(false);
    expect(verifyXsollaSignature(body, hex, secret)).toBe(false);
    expect(verifyXsollaSignature(body, `Signature ${hex.slice(0, 39)}z`, secret)).toBe(false);
  });

  it('refuses a signature of the wrong length', () => {
    const hex = sign(body);
    expect(verifyXsollaSignature(body, `Signature ${hex.slice(0, 39)}`, secret)).toBe(false);
    expect(verifyXsollaSignature(body, `Signature ${hex}0`, secret)).toBe(false);
    expect(verifyXsollaSignature(body, `Signature ${createHash('sha256').update(body + secret).digest('hex')}`, secret)).toBe(false);
  });

  it('refuses a body altered by one byte', () => {
    const header = `Signature ${sign(body)}`;
    const bytes = Buffer.from(body);
    for (const index of [0, 30, bytes.length - 1]) {
      const altered = Buffer.from(bytes);
      altered[index] = altered[index]! ^ 0x01;
      expect(verifyXsollaSignature(altered, header, secret)).toBe(false);
    }
  });

  it('refuses the same JSON serialised differently', () => {
    const reserialised = JSON.stringify(JSON.parse(body), null, 1);
    expect(verifyXsollaSignature(reserialised, `Signature ${sign(body)}`, secret)).toBe(false);
  });
});

describe('xsollaError', () => {
  it("builds Xsolla's error body, sent with one status", () => {
    expect(xsollaError('INVALID_SIGNATURE', 'Invalid signature')).toEqual({
      error: { code: 'INVALID_SIGNATURE', message: 'Invalid signature' },
    });
    expect(XSOLLA_ERROR_HTTP_STATUS).toBe(400);
  });
});
