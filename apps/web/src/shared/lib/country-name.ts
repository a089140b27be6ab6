import { toHttpLanguage, type Language } from '@shop/contract/languages';
import type { Country } from '@shop/contract/countries';

/**
 * Country names in the active language: the list's own English and Chinese names for en and zh, Intl.DisplayNames for
 * the others (falling back to the English name).
 */
export function countryNamer(language: Language): (code: string, country?: Country) => string {
  let display: Intl.DisplayNames | undefined;
  try {
    display = new Intl.DisplayNames([toHttpLanguage(language)], { type: 'region' });
  } catch {
    display = undefined;
  }
  return (code, country) => {
    if (language === 'en' && country?.region) return country.region;
    if (language === 'zh' && country?.regionCN) return country.regionCN;
    let name: string | undefined;
    try {
      name = display?.of(code);
    } catch {
      name = undefined;
    }
    return name && name !== code ? name : (country?.region ?? code);
  };
}
