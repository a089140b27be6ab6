import { describe, expect, it } from 'vitest';
import { hasAccountCountry, shopCountryOf } from './shop-country';

describe('shopCountryOf', () => {
  it("prices in the account's country, whatever the IP says", () => {
    expect(shopCountryOf('DE', 'JP')).toBe('DE');
    expect(shopCountryOf('jp', null)).toBe('JP');
  });

  it("falls back to the IP's country for an account without one, and to US for ZZ or nothing", () => {
    expect(shopCountryOf(null, 'BR')).toBe('BR');
    expect(shopCountryOf('', 'br')).toBe('BR');
    expect(shopCountryOf(null, 'ZZ')).toBe('US');
    expect(shopCountryOf(null, null)).toBe('US');
    expect(shopCountryOf('ZZ', 'DE')).toBe('US');
  });

  it('refuses malformed codes', () => {
    expect(shopCountryOf('DEU', 'FR')).toBe('FR');
    expect(shopCountryOf('D1', 'USA')).toBe('US');
    expect(shopCountryOf('D\u0000', undefined)).toBe('US');
    expect(hasAccountCountry('DEU')).toBe(false);
    expect(hasAccountCountry(null)).toBe(false);
    expect(hasAccountCountry('de')).toBe(true);
  });
});
