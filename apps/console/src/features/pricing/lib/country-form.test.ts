import { describe, expect, it } from 'vitest';
import type { CountryPricingView } from '@shop/contract/console/pricing';
import { countryToForm, formToBody, type CountryFormValues } from './country-form';

const GERMANY: CountryPricingView = {
  regionCode: 'DE',
  region: 'Germany',
  regionCN: '德国',
  currency: 'EUR',
  taxModel: 'inclusive',
  taxRateBp: 1900,
  localProviders: null,
  chargingProviders: ['xsolla', 'paypal', 'payermax'],
  rate: { currency: 'EUR', perUsd: '0.92', asOf: '2026-11-27', source: 'ECB', importedAt: '2026-11-27T08:00:00Z' },
};
const values = (changes: Partial<CountryFormValues>): CountryFormValues => ({ ...countryToForm(GERMANY), ...changes });

describe('the country editor', () => {
  it('starts from the country: its rate in percent with two decimals, "all that can" for no list', () => {
    expect(countryToForm(GERMANY)).toEqual({ currency: 'EUR', taxModel: 'inclusive', taxPercent: '19.00', allProviders: true, providers: [] });
    expect(countryToForm({ ...GERMANY, localProviders: ['paypal'] })).toMatchObject({ allProviders: false, providers: ['paypal'] });
  });

  it('sends the rate in basis points, the currency in capitals and "all that can" as null', () => {
    expect(formToBody(values({ taxPercent: '7.25', currency: ' eur ' }))).toEqual({ body: { currency: 'EUR', taxModel: 'inclusive', taxRateBp: 725, localProviders: null } });
  });

  it('sends a chosen list of providers (sorted), even an empty one', () => {
    expect(formToBody(values({ allProviders: false, providers: ['xsolla', 'paypal'] })).body?.localProviders).toEqual(['paypal', 'xsolla']);
    expect(formToBody(values({ allProviders: false, providers: [] })).body?.localProviders).toEqual([]);
  });

  it('sends rate 0 for a country without tax, whatever was typed', () => {
    expect(formToBody(values({ taxModel: 'none', taxPercent: 'abc' })).body?.taxRateBp).toBe(0);
  });

  it.each([
    ['19.005', 'tooManyDigits'],
    ['120', 'tooBig'],
    ['-1', 'belowZero'],
    ['', 'empty'],
    ['x', 'notAnAmount'],
  ])('refuses the tax rate %j: %s', (taxPercent, problem) => {
    expect(formToBody(values({ taxPercent }))).toEqual({ problem });
  });
});
