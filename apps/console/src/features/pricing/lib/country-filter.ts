import { TAX_MODELS, type TaxModel } from '@shop/contract/pricing';
import type { CountryPricingView } from '@shop/contract/console/pricing';

/** The country table's filters as the address keeps them (a filtered table can be bookmarked and shared). */
export interface CountryFilter {
  text?: string | undefined;
  taxModel?: TaxModel | undefined;
  currency?: string | undefined;
}

/** The filters from the address; a tax model or currency it does not know is no filter. */
export function countryFilterOf(params: URLSearchParams): CountryFilter {
  const taxModel = params.get('taxModel');
  const currency = params.get('currency')?.toUpperCase();
  return {
    text: params.get('text')?.trim() || undefined,
    taxModel: TAX_MODELS.find((model) => model === taxModel),
    currency: currency && /^[A-Z]{3}$/.test(currency) ? currency : undefined,
  };
}

/** Whether a row's code or name (English or Chinese) holds the searched text, in any case. */
export function matchesText(row: { regionCode: string; region: string; regionCN?: string }, text: string | undefined): boolean {
  if (!text) return true;
  const wanted = text.toLowerCase();
  return [row.regionCode, row.region, row.regionCN ?? ''].some((name) => name.toLowerCase().includes(wanted));
}

/** The countries the filters keep, in the table's order. */
export function filterCountries(rows: readonly CountryPricingView[], filter: CountryFilter): CountryPricingView[] {
  return rows.filter(
    (row) => matchesText(row, filter.text) && (!filter.taxModel || row.taxModel === filter.taxModel) && (!filter.currency || row.currency === filter.currency),
  );
}

/** Every currency of the table once, in alphabetical order (the currency filter's choices). */
export const currenciesOf = (rows: readonly { currency: string | null }[]) =>
  [...new Set(rows.map((row) => row.currency).filter((currency): currency is string => currency !== null))].sort();

/** A column sorter for a text field (codes and names), stable for equal values. */
export const byText =
  <Row>(field: (row: Row) => string | null) =>
  (a: Row, b: Row) =>
    (field(a) ?? '').localeCompare(field(b) ?? '');
