import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { currencyDigits, decimalToMinor, minorToDecimalString, minorToMajorNumber, MoneyFormatError } from './money.ts';

describe('currencyDigits', () => {
  it('knows 0, 2 and 3 digit currencies, in any case', () => {
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('KRW')).toBe(0);
    expect(currencyDigits('USD')).toBe(2);
    expect(currencyDigits('eur')).toBe(2);
    expect(currencyDigits('KWD')).toBe(3);
    expect(currencyDigits('BHD')).toBe(3);
  });

  it('refuses a malformed code', () => {
    expect(() => currencyDigits('US')).toThrow(RangeError);
  });
});

describe('minorToDecimalString', () => {
  it.each([
    [499, 'USD', '4.99'],
    [5, 'USD', '0.05'],
    [0, 'USD', '0.00'],
    [100_000, 'USD', '1000.00'],
    [500, 'JPY', '500'],
    [0, 'JPY', '0'],
    [1234, 'KWD', '1.234'],
    [1, 'KWD', '0.001'],
    [-499, 'USD', '-4.99'],
  ])('%i %s -> %s', (minor, currency, expected) => {
    expect(minorToDecimalString(minor, currency)).toBe(expected);
  });

  it('refuses fractions of a minor unit and unsafe integers', () => {
    expect(() => minorToDecimalString(4.5, 'USD')).toThrow(MoneyFormatError);
    expect(() => minorToDecimalString(Number.MAX_SAFE_INTEGER + 1, 'USD')).toThrow(MoneyFormatError);
    expect(() => minorToDecimalString(Number.NaN, 'USD')).toThrow(MoneyFormatError);
  });
});

describe('minorToMajorNumber', () => {
  it('gives the JSON number providers expect', () => {
    expect(minorToMajorNumber(499, 'USD')).toBe(4.99);
    expect(minorToMajorNumber(29, 'USD')).toBe(0.29);
    expect(minorToMajorNumber(500, 'JPY')).toBe(500);
    expect(minorToMajorNumber(1, 'KWD')).toBe(0.001);
    expect(minorToMajorNumber(0, 'USD')).toBe(0);
  });
});

describe('decimalToMinor', () => {
  it.each([
    ['4.99', 'USD', 499],
    [4.99, 'USD', 499],
    // 0.29 * 100 is 28.999999999999996 in floating point: the string route must not drift.
    [0.29, 'USD', 29],
    ['0.29', 'USD', 29],
    [19.99, 'USD', 1999],
    ['4.9', 'USD', 490],
    ['4', 'USD', 400],
    [' 4.99 ', 'USD', 499],
    ['0', 'USD', 0],
    ['500', 'JPY', 500],
    [500, 'JPY', 500],
    ['500.00', 'JPY', 500],
    ['1.234', 'KWD', 1234],
    [0.001, 'KWD', 1],
    ['4.990', 'USD', 499],
    ['-4.99', 'USD', -499],
  ])('%s %s -> %i', (value, currency, expected) => {
    expect(decimalToMinor(value, currency)).toBe(expected);
  });

  it.each([
    ['4.999', 'USD'],
    [4.999, 'USD'],
    ['500.5', 'JPY'],
    [0.5, 'JPY'],
    ['1.2345', 'KWD'],
    ['', 'USD'],
    ['abc', 'USD'],
    ['4.', 'USD'],
    ['.5', 'USD'],
    ['1e3', 'USD'],
    ['4,99', 'USD'],
    ['+4.99', 'USD'],
    [Number.NaN, 'USD'],
    [Number.POSITIVE_INFINITY, 'USD'],
    [1e21, 'USD'],
    ['99999999999999999999', 'USD'],
  ])('refuses %s %s', (value, currency) => {
    expect(() => decimalToMinor(value, currency)).toThrow(MoneyFormatError);
  });

  it('throws a RangeError subclass that names the value and currency', () => {
    const error = (() => {
      try {
        decimalToMinor('4.999', 'USD');
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(RangeError);
    expect(error).toMatchObject({ value: '4.999', currency: 'USD' });
  });

  it('round-trips every amount through the string and the number form', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.constantFrom('USD', 'JPY', 'KWD', 'EUR', 'KRW', 'BHD'),
        (minor, currency) => {
          expect(decimalToMinor(minorToDecimalString(minor, currency), currency)).toBe(minor);
          expect(decimalToMinor(minorToMajorNumber(minor, currency), currency)).toBe(minor);
        },
      ),
    );
  });
});
