import { describe, expect, it } from 'vitest';
import { currencyDigits, toMajor, toMinor } from './money';

describe('currencyDigits', () => {
  it('follows ICU as the server does: no decimals, two, three', () => {
    for (const code of ['JPY', 'KRW', 'IDR', 'VND', 'HUF']) expect(currencyDigits(code)).toBe(0);
    for (const code of ['TWD', 'INR', 'EUR', 'USD']) expect(currencyDigits(code)).toBe(2);
    for (const code of ['KWD', 'BHD']) expect(currencyDigits(code)).toBe(3);
  });

  it('reads the code in any case and falls back to two digits for a malformed code', () => {
    expect(currencyDigits('jpy')).toBe(0);
    expect(currencyDigits('US$')).toBe(2);
  });
});

describe('toMinor', () => {
  it('converts exactly, whatever the binary float is', () => {
    expect(toMinor(4.99, 'USD')).toBe(499);
    expect(toMinor(0.29, 'USD')).toBe(29);
    expect(toMinor(1.005, 'KWD')).toBe(1005);
    expect(toMinor(780, 'JPY')).toBe(780);
    expect(toMinor(150000, 'IDR')).toBe(150000);
    expect(toMinor(5, 'EUR')).toBe(500);
    expect(toMinor(0, 'USD')).toBe(0);
  });

  it('is NaN for an amount the currency cannot hold', () => {
    expect(toMinor(4.999, 'USD')).toBeNaN();
    expect(toMinor(780.5, 'JPY')).toBeNaN();
    expect(toMinor(-1, 'USD')).toBeNaN();
    expect(toMinor(Number.NaN, 'USD')).toBeNaN();
    expect(toMinor(Number.POSITIVE_INFINITY, 'USD')).toBeNaN();
    expect(toMinor(1e21, 'USD')).toBeNaN();
    // 90071992547409910 cents: beyond the integers a number holds exactly
    expect(toMinor(900719925474099.1, 'USD')).toBeNaN();
  });
});

describe('toMajor', () => {
  it('places the decimal point by the currency', () => {
    expect(toMajor(499, 'USD')).toBe(4.99);
    expect(toMajor(5, 'USD')).toBe(0.05);
    expect(toMajor(780, 'JPY')).toBe(780);
    expect(toMajor(1234, 'KWD')).toBe(1.234);
    expect(toMajor(0, 'BHD')).toBe(0);
  });

  it('is NaN for a negative, fractional or unsafe minor amount', () => {
    expect(toMajor(-1, 'USD')).toBeNaN();
    expect(toMajor(1.5, 'USD')).toBeNaN();
    expect(toMajor(Number.MAX_SAFE_INTEGER + 2, 'USD')).toBeNaN();
  });
});
