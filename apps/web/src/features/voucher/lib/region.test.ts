import { describe, expect, it } from 'vitest';
import { countryNamer } from '../../../shared/lib/country-name';
import { regionFromIp, regionOptions } from './region';

const countries = [
  { regionCode: 'US', region: 'United States of America', regionCN: '美国', dialCode: '1' },
  { regionCode: 'DE', region: 'Germany', regionCN: '德国', dialCode: '49' },
  { regionCode: 'AT', region: 'Austria', regionCN: '奥地利', dialCode: '43' },
];

describe('regionFromIp', () => {
  it('treats ZZ, empty and malformed answers as US', () => {
    expect(regionFromIp('DE')).toBe('DE');
    expect(regionFromIp('de')).toBe('DE');
    expect(regionFromIp('ZZ')).toBe('US');
    expect(regionFromIp('')).toBe('US');
    expect(regionFromIp(undefined)).toBe('US');
    expect(regionFromIp('USA')).toBe('US');
  });
});

describe('country names', () => {
  it('uses the list names for en and zh and Intl.DisplayNames otherwise', () => {
    expect(countryNamer('en')('US', countries[0])).toBe('United States of America');
    expect(countryNamer('zh')('DE', countries[1])).toBe('德国');
    expect(countryNamer('de')('DE', countries[1])).toBe('Deutschland');
    expect(countryNamer('fr')('US')).toMatch(/États-Unis/);
  });

  it('sorts the options by name in the active language and always includes the current region', () => {
    expect(regionOptions(countries, 'de', 'US').map((o) => o.code)).toEqual(['DE', 'AT', 'US'].sort((a, b) =>
      countryNamer('de')(a).localeCompare(countryNamer('de')(b), 'de'),
    ));
    expect(regionOptions([], 'en', 'BR')).toEqual([{ code: 'BR', name: 'Brazil' }]);
  });
});
