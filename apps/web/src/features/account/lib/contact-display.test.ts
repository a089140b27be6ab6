import { describe, expect, it } from 'vitest';
import { maskEmail, maskMobile, mobileParts } from './contact-display';

describe('contact display', () => {
  it('splits a stored E.164 number into calling code and national number', () => {
    expect(mobileParts('+4915112345678')).toEqual({ dialCode: '49', number: '15112345678' });
    expect(mobileParts('+12025550123')).toEqual({ dialCode: '1', number: '2025550123' });
    expect(mobileParts('not a number')).toBeUndefined();
  });

  it('masks the middle of a number and the name of an address', () => {
    expect(maskMobile('+4915112345678')).toBe('+49 151*****678');
    expect(maskMobile('+12025550123')).toBe('+1 202****123');
    expect(maskEmail('player@example.com')).toBe('pl***@example.com');
    expect(maskEmail('a@example.com')).toBe('***@example.com');
  });
});
