import type { TaxModel } from '@shop/contract/pricing';
import type { PricePointEdit, PricePointView } from '@shop/contract/console/pricing';
import type { DecimalProblem } from './decimal';
import { minorToMajor, parseMajor } from './money';

/** One selected country in the bulk editor: its currency and the amounts as typed (major units). */
export interface EditRow {
  regionCode: string;
  region: string;
  currency: string;
  price: string;
  /** Empty: no discount (the same as the price). */
  discount: string;
  taxIncluded: boolean;
}

export type EditProblem = DecimalProblem | 'discountAbovePrice';
export interface EditIssue {
  regionCode: string;
  field: 'price' | 'discount';
  problem: EditProblem;
}

/**
 * A selected point as an editor row: its own currency and amounts; a country without a point starts from what
 * recomputing would give now (the country's currency), or the product's base price when there is no rate, with tax
 * included where the country's model shows prices with tax.
 */
export function editRowOf(point: PricePointView, base: { currency: string; priceMinor: number; discountPriceMinor: number }, countryTaxModel: TaxModel | undefined): EditRow {
  const source =
    point.currency !== null && point.priceMinor !== null
      ? { currency: point.currency, priceMinor: point.priceMinor, discountPriceMinor: point.discountPriceMinor ?? point.priceMinor }
      : (point.computedNow ?? base);
  return {
    regionCode: point.regionCode,
    region: point.region,
    currency: source.currency,
    price: minorToMajor(source.priceMinor, source.currency),
    discount: source.discountPriceMinor === source.priceMinor ? '' : minorToMajor(source.discountPriceMinor, source.currency),
    taxIncluded: point.taxIncluded ?? countryTaxModel === 'inclusive',
  };
}

/** Sets one amount on every row, as typed (the bulk editor's "set all"). */
export const withAmount = (rows: readonly EditRow[], field: 'price' | 'discount', text: string): EditRow[] => rows.map((row) => ({ ...row, [field]: text }));

/** The editor's rows as the request's points, or every problem by country and field (nothing is sent then). */
export function editsToPoints(rows: readonly EditRow[]): { points: PricePointEdit[]; issues: EditIssue[] } {
  const points: PricePointEdit[] = [];
  const issues: EditIssue[] = [];
  for (const row of rows) {
    const price = parseMajor(row.price, row.currency);
    const discount = row.discount.trim() === '' ? price : parseMajor(row.discount, row.currency);
    if (price.problem) issues.push({ regionCode: row.regionCode, field: 'price', problem: price.problem });
    if (discount.problem && row.discount.trim() !== '') issues.push({ regionCode: row.regionCode, field: 'discount', problem: discount.problem });
    if (price.value === undefined || discount.value === undefined) continue;
    if (discount.value > price.value) {
      issues.push({ regionCode: row.regionCode, field: 'discount', problem: 'discountAbovePrice' });
      continue;
    }
    points.push({ regionCode: row.regionCode, currency: row.currency, priceMinor: price.value, discountPriceMinor: discount.value, taxIncluded: row.taxIncluded });
  }
  return issues.length ? { points: [], issues } : { points, issues };
}
