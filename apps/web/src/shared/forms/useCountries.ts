import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Country } from '@shop/contract/countries';
import type { Language } from '@shop/contract/languages';
import { toHttpLanguage } from '@shop/contract/languages';
import { fetchCountries } from './verification-api';
import { countryNamer } from '../lib/country-name';

export interface CountryOption {
  iso2: string;
  name: string;
  dialCode: string;
}

/** The ~250 countries (GET /common/countries) named in the active language and sorted by that name. */
export function useCountries(language: Language): CountryOption[] {
  // the list does not change while the shop is open; a failure leaves the picker empty (the API client said why)
  const { data: countries } = useQuery({ queryKey: ['countries'], queryFn: fetchCountries, staleTime: Infinity });
  return useMemo(() => countryOptions(countries ?? [], language), [countries, language]);
}

export function countryOptions(countries: readonly Country[], language: Language): CountryOption[] {
  const name = countryNamer(language);
  const collator = new Intl.Collator(toHttpLanguage(language));
  return countries
    .map((country) => ({ iso2: country.regionCode, name: name(country.regionCode, country), dialCode: country.dialCode.replace(/^\+/, '') }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

/** A few territories (Antarctica, Bouvet Island…) have no calling code: no phone number can be given for them. */
export const hasDialCode = (option: CountryOption): boolean => /^\d+$/.test(option.dialCode);

/** The calling-code picker's countries. */
export function withDialCode(options: readonly CountryOption[]): CountryOption[] {
  return options.filter(hasDialCode);
}
