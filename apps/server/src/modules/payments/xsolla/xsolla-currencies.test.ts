import { describe, expect, it } from 'vitest';
import { XSOLLA_CURRENCIES, xsollaAmount } from './xsolla-currencies.ts';

describe('xsollaAmount', () => {
  it.each([
    [1999, 'JPY', 1999],
    [5500, 'KRW', 5500],
    [15_000, 'IDR', 15_000],
    [499, 'EUR', 4.99],
    [1490, 'KWD', 1.49],
    [1234, 'BHD', 1.234],
    [500, 'usd', 5],
  ])('writes %i minor units of %s as %d', (amountMinor, currency, amount) => {
    expect(xsollaAmount(amountMinor, currency)).toBe(amount);
  });

  it.each(['KPW', 'EEK', 'XDR', 'BTC', 'XYZ'])('refuses %s, which Pay Station does not charge', (currency) => {
    expect(() => xsollaAmount(1000, currency)).toThrow(
      expect.objectContaining({ provider: 'xsolla', kind: 'rejected', issue: 'CURRENCY_NOT_SUPPORTED' }),
    );
  });

  it('charges USD and every currency the demo sells in', () => {
    for (const code of ['USD', 'JPY', 'KRW', 'IDR', 'VND', 'BRL', 'EUR', 'GBP', 'TRY', 'KWD', 'INR', 'PHP', 'THB', 'MXN', 'PLN']) {
      expect(XSOLLA_CURRENCIES.has(code), code).toBe(true);
    }
  });
});
