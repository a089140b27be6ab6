import { describe, expect, it } from 'vitest';
import type { CountryPricingView } from '@shop/contract/console/pricing';
import { byText, countryFilterOf, currenciesOf, filterCountries } from './country-filter';

const country = (regionCode: string, region: string, regionCN: string, currency: string, taxModel: CountryPricingView['taxModel']): CountryPricingView => ({
  regionCode,
  region,
  regionCN,
  currency,
  taxModel,
  taxRateBp: 0,
  localProviders: null,
  chargingProviders: [],
  rate: null,
});
const ROWS = [
  country('DE', 'Germany', '德国', 'EUR', 'inclusive'),
  country('FR', 'France', '法国', 'EUR', 'inclusive'),
  country('JP', 'Japan', '日本', 'JPY', 'inclusive'),
  country('US', 'United States', '美国', 'USD', 'exclusive'),
  country('KW', 'Kuwait', '科威特', 'KWD', 'none'),
];
const codes = (rows: CountryPricingView[]) => rows.map((row) => row.regionCode);

describe('countryFilterOf', () => {
  it('reads the search, tax model and currency from the address', () => {
    expect(countryFilterOf(new URLSearchParams('text=ger&taxModel=inclusive&currency=eur'))).toEqual({ text: 'ger', taxModel: 'inclusive', currency: 'EUR' });
  });

  it('takes no filter for a tax model or currency it does not know, or an empty search', () => {
    expect(countryFilterOf(new URLSearchParams('text=%20&taxModel=vat&currency=EURO'))).toEqual({ text: undefined, taxModel: undefined, currency: undefined });
    expect(countryFilterOf(new URLSearchParams(''))).toEqual({ text: undefined, taxModel: undefined, currency: undefined });
  });
});

describe('filterCountries', () => {
  it('finds a country by its code or its English or Chinese name, in any case', () => {
    expect(codes(filterCountries(ROWS, { text: 'jp' }))).toEqual(['JP']);
    expect(codes(filterCountries(ROWS, { text: 'UNITED' }))).toEqual(['US']);
    expect(codes(filterCountries(ROWS, { text: '德国' }))).toEqual(['DE']);
    expect(codes(filterCountries(ROWS, { text: 'an' }))).toEqual(['DE', 'FR', 'JP']);
    expect(codes(filterCountries(ROWS, { text: 'atlantis' }))).toEqual([]);
  });

  it('keeps the tax model and the currency asked for, with the search', () => {
    expect(codes(filterCountries(ROWS, { taxModel: 'inclusive' }))).toEqual(['DE', 'FR', 'JP']);
    expect(codes(filterCountries(ROWS, { currency: 'EUR' }))).toEqual(['DE', 'FR']);
    expect(codes(filterCountries(ROWS, { currency: 'EUR', text: 'fr' }))).toEqual(['FR']);
    expect(codes(filterCountries(ROWS, { taxModel: 'exclusive', currency: 'EUR' }))).toEqual([]);
    expect(codes(filterCountries(ROWS, {}))).toEqual(['DE', 'FR', 'JP', 'US', 'KW']);
  });
});

describe('currenciesOf and byText', () => {
  it('lists each currency once, sorted, leaving out countries without one', () => {
    expect(currenciesOf([...ROWS, { currency: null }])).toEqual(['EUR', 'JPY', 'KWD', 'USD']);
  });

  it('sorts by a text field', () => {
    expect(codes([...ROWS].sort(byText((row) => row.region)))).toEqual(['FR', 'DE', 'JP', 'KW', 'US']);
    expect(codes([...ROWS].sort(byText((row) => row.currency)))).toEqual(['DE', 'FR', 'JP', 'KW', 'US']);
  });
});
