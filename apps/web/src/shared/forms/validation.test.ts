import { describe, expect, it } from 'vitest';
import { V, checkCode, checkConfirm, checkEmail, checkMobile, checkPassword } from './validation';
import { contactOf, targetFor } from './contact';

describe('auth validation (spec section 5)', () => {
  it('e-mail: required, general pattern, trimmed', () => {
    expect(checkEmail('')).toBe(V.required);
    expect(checkEmail('   ')).toBe(V.required);
    expect(checkEmail('player@example')).toBe(V.email);
    expect(checkEmail('no at sign.com')).toBe(V.email);
    expect(checkEmail('  player@example.com ')).toBeUndefined();
  });

  it('mobile: libphonenumber-js decides per country code', () => {
    expect(checkMobile('44', '')).toBe(V.required);
    expect(checkMobile('44', '7911 123456')).toBeUndefined();
    expect(checkMobile('+1', '(201) 555-0123')).toBeUndefined();
    expect(checkMobile('44', '123')).toBe(V.number);
    expect(checkMobile('1', 'abc')).toBe(V.number);
    expect(checkMobile('', '7911123456')).toBe(V.number);
  });

  it('password: 8 to 64 characters, not trimmed; confirm must match', () => {
    expect(checkPassword('')).toBe(V.required);
    expect(checkPassword('short')).toBe(V.password);
    expect(checkPassword('x'.repeat(65))).toBe(V.password);
    expect(checkPassword(' 8 chars')).toBeUndefined();
    expect(checkConfirm('secret-pass', '')).toBe(V.required);
    expect(checkConfirm('secret-pass', 'secret-pas')).toBe(V.mismatch);
    expect(checkConfirm('secret-pass', 'secret-pass')).toBeUndefined();
  });

  it('code: six digits; a malformed one is "SMS Code Invalid" for a phone, "Verification code invalid or incorrect" for an e-mail', () => {
    expect(checkCode('', 'mobile')).toBe(V.required);
    expect(checkCode('', 'email')).toBe(V.required);
    expect(checkCode('12345', 'mobile')).toBe(V.code);
    expect(checkCode('12a456', 'mobile')).toBe(V.code);
    expect(checkCode('12345', 'email')).toBe(V.emailCode);
    expect(checkCode('1234567', 'email')).toBe(V.emailCode);
    expect(checkCode(' 123456 ', 'mobile')).toBeUndefined();
    expect(checkCode(' 123456 ', 'email')).toBeUndefined();
    expect(V.code).toBe('auth.v.code');
    expect(V.emailCode).toBe('auth.v.emailCode');
  });

  it('builds the trimmed contact and the get-code target', () => {
    expect(contactOf({ kind: 'email', email: ' a@b.co ', dialCode: '1', number: '' })).toEqual({ accountType: 2, email: 'a@b.co' });
    expect(contactOf({ kind: 'mobile', email: '', dialCode: '44', number: ' 7911123456 ' })).toEqual({
      accountType: 1,
      mobile: { dialCode: '44', number: '7911123456' },
    });
    expect(contactOf({ kind: 'mobile', email: '', dialCode: '44', number: '12' })).toBe(V.number);
    expect(targetFor({ kind: 'email', email: 'a@b.co', dialCode: '1', number: '' }, 2)).toEqual({ accountType: 2, email: 'a@b.co', purpose: 2 });
    expect(targetFor({ kind: 'email', email: '', dialCode: '1', number: '' }, 1)).toBe(V.required);
  });
});
