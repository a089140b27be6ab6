import { describe, expect, it } from 'vitest';
import countries from '../../db/seed/countries.json' with { type: 'json' };
import countryPricing from '../../db/seed/country-pricing.json' with { type: 'json' };
import exchangeRates from '../../db/seed/exchange-rates.json' with { type: 'json' };
import { parseRate } from './compute.ts';
import { PRICE_POINT_FAMILIES } from './rounding-table.ts';

const rates: Record<string, string> = exchangeRates.rates;
const usedCurrencies = [...new Set(countryPricing.map((country) => country.currency))];

describe('the default country table (country-pricing.json)', () => {
  it('has one entry per region code of countries.json, in the same order', () => {
    expect(countryPricing.map((country) => country.regionCode)).toEqual(countries.map((country) => country.regionCode));
    expect(countryPricing).toHaveLength(250);
  });

  it('uses only currencies ICU knows, each with its own price points in the rounding table', () => {
    const known = new Set(Intl.supportedValuesOf('currency'));
    const inTable = new Set(PRICE_POINT_FAMILIES.flatMap((family) => Object.keys(family.floors)));
    expect(usedCurrencies.filter((currency) => !known.has(currency))).toEqual([]);
    expect(usedCurrencies.filter((currency) => !inTable.has(currency))).toEqual([]);
  });

  it('has a tax model and a whole rate in basis points; only an inclusive model carries a rate', () => {
    for (const { regionCode, taxModel, taxRateBp } of countryPricing) {
      expect(['inclusive', 'exclusive', 'none'], regionCode).toContain(taxModel);
      expect(Number.isInteger(taxRateBp) && taxRateBp >= 0 && taxRateBp <= 10_000, regionCode).toBe(true);
      expect(taxRateBp > 0, regionCode).toBe(taxModel === 'inclusive');
    }
  });

  it.each([
    ['DE', 'EUR', 'inclusive', 1900],
    ['BG', 'EUR', 'inclusive', 2000],
    ['JP', 'JPY', 'inclusive', 1000],
    ['US', 'USD', 'exclusive', 0],
    ['CA', 'CAD', 'exclusive', 0],
    ['PR', 'USD', 'exclusive', 0],
    ['GL', 'DKK', 'none', 0],
    ['HK', 'HKD', 'none', 0],
  ])('%s sells in %s, %s, %i bp', (regionCode, currency, taxModel, taxRateBp) => {
    expect(countryPricing.find((country) => country.regionCode === regionCode)).toEqual({ regionCode, currency, taxModel, taxRateBp });
  });
});

describe('the demo exchange rates (exchange-rates.json)', () => {
  it('is dated and sourced', () => {
    expect(exchangeRates.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(exchangeRates.source).not.toBe('');
  });

  it('has a valid rate for every currency of the country table, USD at 1', () => {
    expect(usedCurrencies.filter((currency) => rates[currency] === undefined)).toEqual([]);
    for (const text of Object.values(rates)) expect(() => parseRate(text)).not.toThrow();
    expect(rates.USD).toBe('1');
  });
});
