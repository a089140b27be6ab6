import { describe, expect, it } from 'vitest';
import { PAYERMAX_CURRENCIES, payermaxAmount } from './payermax-currencies.ts';

describe('payermaxAmount', () => {
  it.each([
    [1999, 'JPY', 1999],
    [5500, 'KRW', 5500],
    [15_000, 'IDR', 15_000],
    [25_000, 'VND', 25_000],
    [499, 'EUR', 4.99],
    [1490, 'KWD', 1.49],
    [1234, 'BHD', 1.234],
  ])('writes %i minor units of %s as %d', (amountMinor, currency, amount) => {
    expect(payermaxAmount(amountMinor, currency)).toBe(amount);
  });

  it.each(['PLN', 'HUF', 'CNY', 'XYZ'])('refuses %s, which the cashier does not list', (currency) => {
    expect(() => payermaxAmount(1000, currency)).toThrow(
      expect.objectContaining({ provider: 'payermax', kind: 'rejected', issue: 'CURRENCY_NOT_SUPPORTED' }),
    );
  });

  it('lists the 49 cashier currencies, USD among them', () => {
    expect(PAYERMAX_CURRENCIES.size).toBe(49);
    expect(PAYERMAX_CURRENCIES.has('USD')).toBe(true);
  });
});
