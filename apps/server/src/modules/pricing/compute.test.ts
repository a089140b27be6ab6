import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { currencyDigits } from '../../shared/money.ts';
import countryPricing from '../../db/seed/country-pricing.json' with { type: 'json' };
import {
  computeLocalPrice,
  InvalidPriceInputError,
  InvalidRateError,
  parseRate,
  taxInside,
  type LocalPriceInput,
} from './compute.ts';
import type { TaxModel } from '@shop/contract/pricing';
import { MAX_PRICE_MINOR, PriceOutOfRangeError, roundingRuleOf, UnknownCurrencyError } from './rounding.ts';

const usd = (baseMinor: number, currency: string, perUsd: string, taxModel: TaxModel = 'none', taxRateBp = 0) =>
  computeLocalPrice({ baseMinor, baseCurrency: 'USD', currency, perUsd, taxModel, taxRateBp });

describe('parseRate', () => {
  it.each([
    ['156.2345', 312_469n, 2_000n],
    ['1', 1n, 1n],
    ['0.92', 23n, 25n],
    ['1.50', 3n, 2n],
    ['000.5', 1n, 2n],
    ['0.000000000001', 1n, 1_000_000_000_000n],
    ['999999999999.999999999999', 999_999_999_999_999_999_999_999n, 1_000_000_000_000n],
  ])('%s -> %i/%i exactly, in lowest terms', (text, numerator, denominator) => {
    expect(parseRate(text)).toEqual({ numerator, denominator });
  });

  it.each([
    '', '\0', '1\0', 'abc', '1e3', '-1', '+1', '0', '0.000', ' 1', '1 ', '1.', '.5', '1,5', 'Infinity', 'NaN', '١٢',
    '1.1234567890123', '1234567890123',
  ])('refuses %j', (text) => {
    expect(() => parseRate(text)).toThrow(InvalidRateError);
  });

  it('refuses a number where text is expected (a JSON rate written without quotes)', () => {
    expect(() => parseRate(1.5 as unknown as string)).toThrow(InvalidRateError);
  });
});

describe('computeLocalPrice', () => {
  it.each([
    ['EUR at 0.92 with 19 % VAT inside: 5.4629 -> 4.99', 'EUR', '0.92', 'inclusive', 1900, 499],
    ['JPY at 156.2 without tax: 779.438 -> 780', 'JPY', '156.2', 'none', 0, 780],
    ['JPY at 156.2 with 10 % inside: 857.38 -> 860', 'JPY', '156.2', 'inclusive', 1000, 860],
    ['IDR at 16650 with 11 % inside: 92222.69 -> 92000', 'IDR', '16650', 'inclusive', 1100, 92_000],
    ['VND at 26350 with 10 % inside: 144635.15 -> 145000', 'VND', '26350', 'inclusive', 1000, 145_000],
    ['KWD at 0.3070 without tax: 1.53193 -> 1.490', 'KWD', '0.3070', 'none', 0, 1_490],
    ['INR at 88.6 with 18 % inside: 521.69 -> 519', 'INR', '88.6', 'inclusive', 1800, 51_900],
    ['KRW at 1440 with 10 % inside: 7904.16 -> 7900', 'KRW', '1440', 'inclusive', 1000, 7_900],
    ['TWD at 31.2 with 5 % inside: 163.47 -> 160', 'TWD', '31.2', 'inclusive', 500, 16_000],
    ['HUF at 332 with 27 % inside: 2103.98 -> 2100', 'HUF', '332', 'inclusive', 2700, 2_100],
    ['CAD at 1.4, tax added at checkout: 6.986 -> 6.99', 'CAD', '1.4', 'exclusive', 0, 699],
    ['CAD at 1.4, an exclusive rate is not added: 6.986 -> 6.99', 'CAD', '1.4', 'exclusive', 800, 699],
  ] as const)('4.99 USD in %s', (_, currency, perUsd, taxModel, taxRateBp, expected) => {
    expect(usd(499, currency, perUsd, taxModel, taxRateBp)).toBe(expected);
  });

  it('keeps a base price in its own currency as the publisher set it, unless tax is to be included', () => {
    expect(usd(123, 'USD', '1')).toBe(123);
    expect(usd(123, 'USD', '1', 'exclusive', 0)).toBe(123);
    const eur = { baseMinor: 499, baseCurrency: 'EUR', currency: 'EUR', perUsd: '0.92', baseCurrencyPerUsd: '0.92' };
    expect(computeLocalPrice({ ...eur, taxModel: 'none', taxRateBp: 0 })).toBe(499);
    expect(computeLocalPrice({ ...eur, taxModel: 'inclusive', taxRateBp: 0 })).toBe(499);
    expect(computeLocalPrice({ ...eur, taxModel: 'inclusive', taxRateBp: 1900 })).toBe(599); // 5.9381
  });

  it('converts from a base currency other than USD through its rate per USD, across minor digits', () => {
    const from = (baseMinor: number, baseCurrency: string, baseCurrencyPerUsd: string, currency: string, perUsd: string) =>
      computeLocalPrice({ baseMinor, baseCurrency, baseCurrencyPerUsd, currency, perUsd, taxModel: 'none', taxRateBp: 0 });
    expect(from(499, 'EUR', '0.92', 'JPY', '156.2')).toBe(850); // 847.22
    expect(from(4_990, 'KWD', '0.307', 'JPY', '152.5')).toBe(2_480); // 2478.75
    expect(from(1_000, 'JPY', '152.5', 'KWD', '0.307')).toBe(1_990); // 2.01311
  });

  it('keeps free free and lifts a tiny price to the floor', () => {
    expect(usd(0, 'JPY', '156.2', 'inclusive', 1000)).toBe(0);
    expect(usd(1, 'JPY', '156.2')).toBe(70);
    expect(usd(1, 'EUR', '0.92', 'inclusive', 1900)).toBe(99);
  });

  it('refuses a price an order cannot store', () => {
    expect(() => usd(MAX_PRICE_MINOR, 'JPY', '156.2')).toThrow(PriceOutOfRangeError);
    expect(() => usd(10_000_000, 'IRR', '1050000')).toThrow(PriceOutOfRangeError);
  });

  it.each([-1, 4.5, Number.NaN, Number.POSITIVE_INFINITY, MAX_PRICE_MINOR + 1, 2 ** 53])('refuses a base of %s', (baseMinor) => {
    expect(() => usd(baseMinor, 'EUR', '0.92')).toThrow(InvalidPriceInputError);
  });

  it.each(['', '\0', 'garbage', '0', '-0.92', '0.9200000000001'])('refuses a rate of %j', (perUsd) => {
    expect(() => usd(499, 'EUR', perUsd)).toThrow(InvalidRateError);
  });

  it.each([-1, 1.5, 10_001, Number.NaN])('refuses a tax rate of %s basis points', (taxRateBp) => {
    expect(() => usd(499, 'EUR', '0.92', 'inclusive', taxRateBp)).toThrow(InvalidPriceInputError);
  });

  it('refuses an unknown tax model and unknown currencies', () => {
    expect(() => usd(499, 'EUR', '0.92', 'gross' as TaxModel)).toThrow(InvalidPriceInputError);
    expect(() => usd(499, 'XYZ', '0.92')).toThrow(UnknownCurrencyError);
    const input: LocalPriceInput = { baseMinor: 499, baseCurrency: 'ABC', currency: 'EUR', perUsd: '0.92', taxModel: 'none', taxRateBp: 0 };
    expect(() => computeLocalPrice(input)).toThrow(UnknownCurrencyError);
  });

  it('needs the rate of a base currency other than USD, and a USD base at 1', () => {
    const eurBase: LocalPriceInput = { baseMinor: 499, baseCurrency: 'EUR', currency: 'JPY', perUsd: '156.2', taxModel: 'none', taxRateBp: 0 };
    expect(() => computeLocalPrice(eurBase)).toThrow(InvalidPriceInputError);
    expect(() => computeLocalPrice({ ...eurBase, baseCurrencyPerUsd: 'x' })).toThrow(InvalidRateError);
    expect(() => computeLocalPrice({ ...eurBase, baseCurrency: 'USD', baseCurrencyPerUsd: '2' })).toThrow(InvalidPriceInputError);
    expect(computeLocalPrice({ ...eurBase, baseCurrency: 'USD', baseCurrencyPerUsd: '1.00' })).toBe(780);
  });
});

describe('computeLocalPrice, for every currency of the default country table, any base and any rate', () => {
  const currencies = [...new Set(countryPricing.map((country) => country.currency))];
  const rate = fc
    .record({ mantissa: fc.bigInt({ min: 1n, max: 10n ** 12n - 1n }), fractionDigits: fc.integer({ min: 0, max: 12 }) })
    .map(({ mantissa, fractionDigits }) => {
      const digits = mantissa.toString().padStart(fractionDigits + 1, '0');
      const text = fractionDigits === 0 ? digits : `${digits.slice(0, -fractionDigits)}.${digits.slice(-fractionDigits)}`;
      return { text, numerator: mantissa, denominator: 10n ** BigInt(fractionDigits) };
    });
  const tax = fc.record({ taxModel: fc.constantFrom<TaxModel>('inclusive', 'exclusive', 'none'), taxRateBp: fc.integer({ min: 0, max: 10_000 }) });
  const base = fc.integer({ min: 1, max: 10_000_000 });
  const priceOrOutOfRange = (input: LocalPriceInput): number | 'out of range' => {
    try {
      return computeLocalPrice(input);
    } catch (error) {
      if (error instanceof PriceOutOfRangeError) return 'out of range';
      throw error;
    }
  };

  it('is a price point of the currency, at least its floor, within half a step of the exact amount above the floor', () => {
    fc.assert(
      fc.property(fc.constantFrom(...currencies), base, rate, tax, (currency, baseMinor, perUsd, { taxModel, taxRateBp }) => {
        const input = { baseMinor, baseCurrency: 'USD', currency, perUsd: perUsd.text, taxModel, taxRateBp };
        const price = priceOrOutOfRange(input);
        const { step, charm, floor } = roundingRuleOf(currency);
        // exact = base cents / 100 x rate x 10^digits x (1 + tax): compared as integers, scaled by its denominator.
        const withTax = BigInt(10_000 + (taxModel === 'inclusive' ? taxRateBp : 0));
        const numerator = BigInt(baseMinor) * perUsd.numerator * withTax * 10n ** BigInt(currencyDigits(currency));
        const denominator = perUsd.denominator * 10_000n * 100n;
        if (price === 'out of range') {
          // Only a price point above MAX_PRICE_MINOR is refused, and the nearest point is at most half a step away.
          expect(2n * numerator).toBeGreaterThan((2n * BigInt(MAX_PRICE_MINOR) - BigInt(step)) * denominator);
          return;
        }
        expect(Number.isSafeInteger(price) && price <= MAX_PRICE_MINOR).toBe(true);
        if (currency === 'USD' && (taxModel !== 'inclusive' || taxRateBp === 0)) {
          expect(price).toBe(baseMinor);
          return;
        }
        expect(price).toBeGreaterThanOrEqual(floor);
        expect((price + charm) % step).toBe(0);
        if (numerator >= BigInt(floor) * denominator) {
          const distance = BigInt(price) * denominator - numerator;
          expect(2n * (distance < 0n ? -distance : distance)).toBeLessThanOrEqual(BigInt(step) * denominator);
        }
      }),
    );
  });

  it('never goes down when the base goes up, and refuses only what an order cannot store', () => {
    fc.assert(
      fc.property(fc.constantFrom(...currencies), base, base, rate, tax, (currency, a, b, perUsd, { taxModel, taxRateBp }) => {
        const priceAt = (baseMinor: number) =>
          priceOrOutOfRange({ baseMinor, baseCurrency: 'USD', currency, perUsd: perUsd.text, taxModel, taxRateBp });
        const [lower, higher] = [priceAt(Math.min(a, b)), priceAt(Math.max(a, b))];
        if (lower === 'out of range') expect(higher).toBe('out of range');
        else if (higher !== 'out of range') expect(higher).toBeGreaterThanOrEqual(lower);
      }),
    );
  });
});

describe('taxInside', () => {
  it.each([
    [119, 1900, 19],
    [599, 1900, 96], // 95.64
    [499, 1900, 80], // 79.67
    [100, 1000, 9], // 9.09
    [3, 10_000, 2], // 1.5 rounds half up
    [0, 1900, 0],
    [499, 0, 0],
  ])('%i with %i bp inside holds %i', (amount, rate, expected) => {
    expect(taxInside(amount, rate)).toBe(expected);
  });

  it('refuses amounts and rates out of their range', () => {
    for (const amount of [-1, 1.5, Number.NaN, MAX_PRICE_MINOR + 1]) {
      expect(() => taxInside(amount, 1900)).toThrow(InvalidPriceInputError);
    }
    for (const rate of [-1, 0.5, 10_001, Number.NaN]) expect(() => taxInside(499, rate)).toThrow(InvalidPriceInputError);
  });
});
