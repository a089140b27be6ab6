import { describe, expect, it } from 'vitest';
import { PAYPAL_CURRENCIES, paypalValue } from './paypal-currencies.ts';

describe('paypalValue', () => {
  it.each([
    [499, 'EUR', '4.99'],
    [500, 'USD', '5.00'],
    [1999, 'JPY', '1999'],
    [1999, 'jpy', '1999'],
    [1500, 'HUF', '1500'],
    [10_000, 'TWD', '100'],
    [100, 'GBP', '1.00'],
  ])('writes %i minor units of %s as "%s"', (amountMinor, currency, value) => {
    expect(paypalValue(amountMinor, currency)).toBe(value);
  });

  it('refuses a TWD amount that is not whole dollars: PayPal takes no TWD decimals', () => {
    expect(() => paypalValue(10_050, 'TWD')).toThrow(
      expect.objectContaining({ provider: 'paypal', kind: 'rejected', issue: 'DECIMALS_NOT_SUPPORTED' }),
    );
  });

  it.each(['KRW', 'IDR', 'KWD', 'VND', 'INR', 'XYZ'])('refuses %s, which PayPal does not charge', (currency) => {
    expect(() => paypalValue(1000, currency)).toThrow(
      expect.objectContaining({ provider: 'paypal', kind: 'rejected', issue: 'CURRENCY_NOT_SUPPORTED' }),
    );
  });

  it('lists the 24 currencies of PayPal reference, USD among them', () => {
    expect(PAYPAL_CURRENCIES.size).toBe(24);
    expect(PAYPAL_CURRENCIES.has('USD')).toBe(true);
  });
});
