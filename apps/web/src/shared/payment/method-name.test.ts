import { describe, expect, it } from 'vitest';
import { payMethodLabel } from './method-name';

const t = (key: string) => `<${key}>`;

describe('payMethodLabel', () => {
  it('translates a generic method under its default name, and leaves brands and renamed channels alone', () => {
    expect(payMethodLabel('Credit/Debit Card', t)).toBe('<payMethod.card>');
    expect(payMethodLabel('PayPal', t)).toBe('PayPal');
    expect(payMethodLabel('Cards (Visa, Mastercard)', t)).toBe('Cards (Visa, Mastercard)');
  });
});
