import { DEFAULT_REGION, UNKNOWN_REGION } from '@shop/contract/games';

// Pure and light: the shop's early requests (features/shop/early.ts) use it before the app is loaded.
const COUNTRY = /^[A-Z]{2}$/;

/** A country code as pricing reads it (ADR 0050): upper case, and the IP lookup's "unknown" (ZZ) as the default region. */
const countryOf = (code: string | null | undefined): string | undefined => {
  const value = code?.trim().toUpperCase() ?? '';
  if (!COUNTRY.test(value)) return undefined;
  return value === UNKNOWN_REGION ? DEFAULT_REGION : value;
};

/** Whether the account names a country the shop can price in: otherwise its IP's country decides. */
export const hasAccountCountry = (accountCountry: string | null | undefined) => countryOf(accountCountry) !== undefined;

/**
 * The country whose prices the shop shows and charges (ADR 0050): the account's country (user/info `countryCode`);
 * for an account without one, the caller's country by IP; ZZ, a failed lookup or anything malformed means US.
 */
export const shopCountryOf = (accountCountry: string | null | undefined, ipCountry: string | null | undefined): string =>
  countryOf(accountCountry) ?? countryOf(ipCountry) ?? DEFAULT_REGION;
