import { describe, expect, it } from 'vitest';
import { searchCountries } from './country-search';

const COUNTRIES = [
  { code: 'CI', name: 'Côte d’Ivoire', dialCode: '225' },
  { code: 'DE', name: 'Deutschland', dialCode: '49' },
  { code: 'DK', name: 'Dänemark', dialCode: '45' },
  { code: 'AS', name: 'Amerikanisch-Samoa', dialCode: '1684' },
  { code: 'US', name: 'Vereinigte Staaten', dialCode: '1' },
];
const codes = (query: string) => searchCountries(COUNTRIES, query).map((country) => country.code);

describe('searchCountries', () => {
  it('finds by the name in the active language, ignoring case and accents', () => {
    expect(codes('Deu')).toEqual(['DE']);
    expect(codes('cote')).toEqual(['CI']);
    expect(codes('samoa')).toEqual(['AS']);
    expect(codes('staaten')).toEqual(['US']);
  });

  it('finds by ISO code, the exact code first', () => {
    expect(codes('dk')).toEqual(['DK']);
    expect(codes('de')[0]).toBe('DE');
  });

  it('finds by calling code, with or without the plus, the exact one first', () => {
    expect(codes('+49')).toEqual(['DE']);
    expect(codes('1')).toEqual(['US', 'AS']);
    expect(codes('+1 684')).toEqual(['AS']);
  });

  it('lists everything for an empty search', () => {
    expect(codes('  ')).toHaveLength(COUNTRIES.length);
  });
});
