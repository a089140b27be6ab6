import { describe, expect, it } from 'vitest';
import { formatLocalMoney, minorToMajor, parseMajor } from './money';

describe('parseMajor: an amount typed in major units as exact minor units of its currency', () => {
  it.each([
    ['4.99', 'USD', 499],
    ['1.15', 'USD', 115], // 1.15 * 100 is 114.99999999999999 as floats
    ['0.29', 'USD', 29],
    ['4.990', 'USD', 499],
    ['4.', 'USD', 400],
    [' 12 ', 'EUR', 1200],
    ['19.9', 'TWD', 1990],
    ['780', 'JPY', 780],
    ['780.00', 'JPY', 780],
    ['5500', 'KRW', 5500],
    ['15000', 'IDR', 15000],
    ['1.490', 'KWD', 1490],
    ['1.49', 'KWD', 1490],
    ['0.005', 'BHD', 5],
    ['21474836.47', 'USD', 2_147_483_647],
    ['0', 'USD', 0],
  ])('%s %s is %i', (text, currency, minor) => {
    expect(parseMajor(text, currency)).toEqual({ value: minor });
  });

  it.each([
    ['', 'USD', 'empty'],
    ['   ', 'USD', 'empty'],
    ['-1', 'USD', 'belowZero'],
    ['-0.5', 'KWD', 'belowZero'],
    ['4.999', 'USD', 'tooManyDigits'],
    ['780.5', 'JPY', 'tooManyDigits'],
    ['5500.01', 'KRW', 'tooManyDigits'],
    ['1.4905', 'KWD', 'tooManyDigits'],
    ['21474836.48', 'USD', 'tooBig'],
    ['2147483648', 'JPY', 'tooBig'],
    ['99999999999999999999999', 'USD', 'tooBig'],
    ['abc', 'USD', 'notAnAmount'],
    ['1,5', 'EUR', 'notAnAmount'],
    ['1e3', 'USD', 'notAnAmount'],
    ['.5', 'USD', 'notAnAmount'],
    ['$4.99', 'USD', 'notAnAmount'],
    ['4.99.1', 'USD', 'notAnAmount'],
  ])('%j %s is refused: %s', (text, currency, problem) => {
    expect(parseMajor(text, currency)).toEqual({ problem });
  });
});

describe('minorToMajor', () => {
  it.each([
    [499, 'USD', '4.99'],
    [5, 'USD', '0.05'],
    [0, 'USD', '0.00'],
    [-499, 'USD', '-4.99'],
    [780, 'JPY', '780'],
    [5500, 'KRW', '5500'],
    [1490, 'KWD', '1.490'],
    [5, 'BHD', '0.005'],
    [2_147_483_647, 'USD', '21474836.47'],
  ])('%i %s is %s', (minor, currency, text) => {
    expect(minorToMajor(minor, currency)).toBe(text);
  });

  it('reads back what parseMajor gives, for every currency digit count', () => {
    for (const [minor, currency] of [[1_234_567, 'USD'], [1_234_567, 'JPY'], [1_234_567, 'KWD']] as const) {
      expect(parseMajor(minorToMajor(minor, currency), currency)).toEqual({ value: minor });
    }
  });
});

describe('formatLocalMoney: Intl.NumberFormat of the currency in the console language', () => {
  it.each([
    [499, 'USD', 'en', '$4.99'],
    [780, 'JPY', 'en', '¥780'],
    [5500, 'KRW', 'en', '₩5,500'],
    [1490, 'KWD', 'en', 'KWD\u00a01.490'], // ICU puts a no-break space after a code
    [123_450, 'EUR', 'en', '€1,234.50'],
    [2_147_483_647, 'KWD', 'en', 'KWD\u00a02,147,483.647'],
    [499, 'USD', 'zh', 'US$4.99'],
    [780, 'JPY', 'zh', 'JP¥780'],
    [499, 'CNY', 'zh', '¥4.99'],
  ])('%i %s in %s is %s', (minor, currency, language, text) => {
    expect(formatLocalMoney(minor, currency, language)).toBe(text);
  });
});
