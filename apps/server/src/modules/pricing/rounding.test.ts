import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { currencyDigits } from '../../shared/money.ts';
import { defaultRuleText, PRICE_POINT_FAMILIES } from './rounding-table.ts';
import {
  MAX_PRICE_MINOR,
  PriceOutOfRangeError,
  roundingRuleOf,
  roundToPricePoint,
  UnknownCurrencyError,
  type Rational,
} from './rounding.ts';

const TABLE_CURRENCIES = PRICE_POINT_FAMILIES.flatMap((family) => Object.keys(family.floors));
const exact = (numerator: bigint | number, denominator: bigint | number = 1n): Rational => ({
  numerator: BigInt(numerator),
  denominator: BigInt(denominator),
});

describe('the rounding table', () => {
  it('names every currency once', () => {
    expect(new Set(TABLE_CURRENCIES).size).toBe(TABLE_CURRENCIES.length);
  });

  it.each(TABLE_CURRENCIES)('%s: its floor is a price point at least step - charm, its charm below its step', (currency) => {
    const { step, charm, floor } = roundingRuleOf(currency);
    expect(charm).toBeGreaterThanOrEqual(0);
    expect(charm).toBeLessThan(step);
    expect(floor).toBeGreaterThanOrEqual(step - charm);
    expect((floor + charm) % step).toBe(0);
  });

  it.each([
    ['USD', { step: 100, charm: 1, floor: 99 }],
    ['EUR', { step: 100, charm: 1, floor: 99 }],
    ['BRL', { step: 100, charm: 1, floor: 299 }],
    ['INR', { step: 1000, charm: 100, floor: 3900 }],
    ['JPY', { step: 10, charm: 0, floor: 70 }],
    ['KRW', { step: 100, charm: 0, floor: 700 }],
    ['TWD', { step: 1000, charm: 0, floor: 2000 }],
    ['HUF', { step: 10, charm: 0, floor: 160 }],
    ['IDR', { step: 1000, charm: 0, floor: 8000 }],
    ['VND', { step: 1000, charm: 0, floor: 13000 }],
    ['KWD', { step: 500, charm: 10, floor: 490 }],
    ['CLP', { step: 100, charm: 10, floor: 490 }],
  ])('%s in minor units', (currency, rule) => {
    expect(roundingRuleOf(currency)).toEqual(rule);
  });

  it('gives a currency in no family the default of its digits', () => {
    expect(roundingRuleOf('XDR')).toEqual({ step: 100, charm: 1, floor: 99 });
    expect(roundingRuleOf('SLL')).toEqual({ step: 10, charm: 0, floor: 10 });
    expect(defaultRuleText(3)).toEqual({ step: '0.5', charm: '0.01', floor: '0.49' });
  });

  it('covers every 3-digit currency ICU knows (the default for 3 digits is only a safety net)', () => {
    const threeDigits = Intl.supportedValuesOf('currency').filter((code) => currencyDigits(code) === 3);
    expect(threeDigits.filter((code) => !TABLE_CURRENCIES.includes(code))).toEqual([]);
  });

  it('reads codes in any case and refuses codes ICU does not know', () => {
    expect(roundingRuleOf('jpy')).toEqual(roundingRuleOf('JPY'));
    for (const bad of ['XYZ', 'US', 'USDX', '', 'U\0D', ' USD']) {
      expect(() => roundingRuleOf(bad)).toThrow(UnknownCurrencyError);
    }
  });
});

describe('roundToPricePoint', () => {
  it.each([
    [exact(499), 'USD', 499],
    [exact(500), 'USD', 499],
    [exact(448), 'USD', 399],
    [exact(449), 'USD', 499], // 50 from 399 and from 499: ties round up
    [exact(897, 2), 'USD', 399], // 448.5 is nearer 399
    [exact(7794), 'JPY', 7790],
    [exact(7795), 'JPY', 7800],
    [exact(1_531_930, 1000), 'KWD', 1490],
    [exact(1_740), 'KWD', 1990], // 1740 is exactly between 1490 and 1990
    [exact(922_222, 10), 'IDR', 92_000],
    [exact(52_170), 'INR', 51_900],
    [exact(4_689), 'CLP', 4_690],
  ])('%o %s -> %i', (raw, currency, expected) => {
    expect(roundToPricePoint(raw, currency)).toBe(expected);
  });

  it('keeps 0 free and lifts any other amount to the floor', () => {
    expect(roundToPricePoint(exact(0), 'USD')).toBe(0);
    expect(roundToPricePoint(exact(0, 7), 'VND')).toBe(0);
    expect(roundToPricePoint(exact(1, 1_000_000), 'USD')).toBe(99);
    expect(roundToPricePoint(exact(1), 'VND')).toBe(13_000);
  });

  it('answers prices up to MAX_PRICE_MINOR and refuses the first point above it', () => {
    expect(roundToPricePoint(exact(MAX_PRICE_MINOR), 'USD')).toBe(2_147_483_599);
    expect(() => roundToPricePoint(exact(MAX_PRICE_MINOR), 'JPY')).toThrow(PriceOutOfRangeError);
    expect(() => roundToPricePoint(exact(10n ** 30n), 'USD')).toThrow(/^A price of 9{30} USD minor units/);
  });

  it('refuses negative amounts, a denominator of 0 or below, and unknown currencies', () => {
    expect(() => roundToPricePoint(exact(-1), 'USD')).toThrow(PriceOutOfRangeError);
    expect(() => roundToPricePoint(exact(1, 0), 'USD')).toThrow(RangeError);
    expect(() => roundToPricePoint(exact(-1, -1), 'USD')).toThrow(RangeError);
    expect(() => roundToPricePoint(exact(499), 'XYZ')).toThrow(UnknownCurrencyError);
  });
});

describe('roundToPricePoint, for every currency of the table and any amount', () => {
  const currency = fc.constantFrom(...TABLE_CURRENCIES);
  const amount = fc.record({
    numerator: fc.bigInt({ min: 1n, max: 10n ** 13n }),
    denominator: fc.bigInt({ min: 1n, max: 10n ** 6n }),
  });
  const priceOrOutOfRange = (raw: Rational, code: string): number | 'out of range' => {
    try {
      return roundToPricePoint(raw, code);
    } catch (error) {
      if (error instanceof PriceOutOfRangeError) return 'out of range';
      throw error;
    }
  };

  it('is an integer price point within range, at least the floor, and the nearest one above the floor', () => {
    fc.assert(
      fc.property(currency, amount, (code, raw) => {
        const price = priceOrOutOfRange(raw, code);
        const { step, charm, floor } = roundingRuleOf(code);
        if (price === 'out of range') {
          // Only the point nearest the amount can be out of range, so the amount is at least half a step above MAX.
          expect(2n * raw.numerator).toBeGreaterThan((2n * BigInt(MAX_PRICE_MINOR) - BigInt(step)) * raw.denominator);
          return;
        }
        expect(Number.isSafeInteger(price) && price <= MAX_PRICE_MINOR).toBe(true);
        expect(price).toBeGreaterThanOrEqual(floor);
        expect((price + charm) % step).toBe(0);
        const distanceTimesDenominator = BigInt(price) * raw.denominator - raw.numerator;
        const atOrAboveFloor = raw.numerator >= BigInt(floor) * raw.denominator;
        if (atOrAboveFloor) {
          const halfStep = BigInt(step) * raw.denominator;
          expect(2n * distanceTimesDenominator).toBeGreaterThan(-halfStep); // a tie rounds up, never down
          expect(2n * distanceTimesDenominator).toBeLessThanOrEqual(halfStep);
        } else {
          expect(price).toBe(floor);
        }
      }),
    );
  });

  it('never goes down when the amount goes up', () => {
    fc.assert(
      fc.property(currency, amount, fc.bigInt({ min: 0n, max: 10n ** 12n }), (code, raw, more) => {
        const lower = priceOrOutOfRange(raw, code);
        const higher = priceOrOutOfRange({ ...raw, numerator: raw.numerator + more }, code);
        if (lower === 'out of range') expect(higher).toBe('out of range');
        else if (higher !== 'out of range') expect(higher).toBeGreaterThanOrEqual(lower);
      }),
    );
  });
});
