import { DEFAULT_REGION, UNKNOWN_REGION } from '@shop/contract/games';
import { toHttpLanguage, type Language } from '@shop/contract/languages';
import type { Country } from '@shop/contract/countries';
import { countryNamer } from '../../../shared/lib/country-name';

/** The IP lookup's answer as a region: ZZ, empty or malformed means the default region (US). */
export function regionFromIp(code: unknown): string {
  const value = typeof code === 'string' ? code.trim().toUpperCase() : '';
  return /^[A-Z]{2}$/.test(value) && value !== UNKNOWN_REGION ? value : DEFAULT_REGION;
}

export interface RegionOption {
  code: string;
  name: string;
  /** The calling code (digits): the picker finds a region by it too. */
  dialCode?: string;
}

/** The picker's options, sorted by name in the active language; the current region is always present. */
export function regionOptions(countries: readonly Country[], language: Language, current: string): RegionOption[] {
  const name = countryNamer(language);
  const options: RegionOption[] = countries.map((country) => ({
    code: country.regionCode,
    name: name(country.regionCode, country),
    dialCode: country.dialCode.replace(/^\+/, ''),
  }));
  if (!options.some((option) => option.code === current)) options.push({ code: current, name: name(current) });
  const collator = new Intl.Collator(toHttpLanguage(language));
  return options.sort((a, b) => collator.compare(a.name, b.name));
}
