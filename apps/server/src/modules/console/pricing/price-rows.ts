import { PRICE_POINTS_CSV_COLUMNS, type PricingImportIssue } from '@shop/contract/console/pricing';
import type { Language } from '@shop/contract/languages';
import { BASE_CURRENCY } from '@shop/contract/pricing';
import { currencyDigits, decimalToMinor, MoneyFormatError } from '../../../shared/money.ts';
import { MAX_PRICE_MINOR } from '../../pricing/rounding.ts';
import { CsvSyntaxError, isBlankRecord, parseCsv } from './csv-text.ts';
import { importIssue, shownValue, type PricingProblem } from './import-issues.ts';
import type { CountryRow } from './product-prices-view.ts';

/** About 400 products x 250 countries: a larger catalogue imports per game or in parts. */
export const MAX_PRICE_ROWS = 100_000;
const KNOWN_CURRENCIES = new Set(Intl.supportedValuesOf('currency'));
type Column = (typeof PRICE_POINTS_CSV_COLUMNS)[number];

/** A row of the price points CSV, as written: the cells by column name. */
export interface RawPriceRow {
  row: number;
  cells: Record<Column, string>;
}

/** A checked row: an operator's price to set, or a point to compute from the base price (override=false). */
export type PriceRow =
  | { row: number; productId: number; regionCode: string; override: true; currency: string; priceMinor: number; discountPriceMinor: number; taxIncluded: boolean }
  | { row: number; productId: number; regionCode: string; override: false };

/** The records of the CSV under its header (the export's columns, in order); a file-wide problem answers no rows. */
export function readPriceRecords(csv: string, language: Language): { rows: RawPriceRow[]; errors: PricingImportIssue[] } {
  let records: string[][];
  try {
    records = parseCsv(csv);
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    return { rows: [], errors: [importIssue(language, error.line - 1, '(file)', 'badCsv')] };
  }
  const [header, ...data] = records;
  if (!header || isBlankRecord(header)) return { rows: [], errors: [importIssue(language, 0, '(file)', 'empty')] };
  if (header.map((cell) => cell.trim().toLowerCase()).join(',') !== PRICE_POINTS_CSV_COLUMNS.join(',')) {
    return { rows: [], errors: [importIssue(language, 0, '(header)', 'badHeader', { header: PRICE_POINTS_CSV_COLUMNS.join(',') })] };
  }
  if (data.length > MAX_PRICE_ROWS) return { rows: [], errors: [importIssue(language, 0, '(file)', 'tooManyRows', { max: MAX_PRICE_ROWS })] };
  const rows: RawPriceRow[] = [];
  const errors: PricingImportIssue[] = [];
  data.forEach((record, index) => {
    if (isBlankRecord(record)) return;
    if (record.length !== PRICE_POINTS_CSV_COLUMNS.length) {
      errors.push(importIssue(language, index + 1, '(row)', 'wrongFieldCount', { found: record.length, expected: PRICE_POINTS_CSV_COLUMNS.length }));
    } else rows.push({ row: index + 1, cells: Object.fromEntries(PRICE_POINTS_CSV_COLUMNS.map((column, at) => [column, record[at]!.trim()])) as RawPriceRow['cells'] });
  });
  if (!rows.length && !errors.length) errors.push(importIssue(language, 0, '(file)', 'empty'));
  return { rows, errors };
}

/** The export protects a code that a spreadsheet would run as a formula with an apostrophe; the import takes it off. */
export const unprotected = (cell: string): string => (/^'[=+\-@]/.test(cell) ? cell.slice(1) : cell);

const BOOLEANS: Record<string, boolean> = { true: true, false: false };

/** Checks each row against the catalogue and the country table; every problem is named by row and column. */
export function checkPriceRows(
  raw: RawPriceRow[],
  lookups: { productIdOf: Map<string, number>; countries: Map<string, CountryRow> },
  language: Language,
): { rows: PriceRow[]; errors: PricingImportIssue[] } {
  const errors: PricingImportIssue[] = [];
  const rows: PriceRow[] = [];
  const firstRowOf = new Map<string, number>();
  for (const { row, cells } of raw) {
    const problem = (column: Column, what: PricingProblem, params: Record<string, string | number> = {}) => {
      errors.push(importIssue(language, row, column, what, params));
      return undefined;
    };
    const productId = lookups.productIdOf.get(unprotected(cells.product_sn));
    if (productId === undefined) problem('product_sn', 'unknownProduct', { value: shownValue(cells.product_sn) });
    const regionCode = cells.region_code.toUpperCase();
    const country = lookups.countries.get(regionCode);
    if (!country) problem('region_code', 'unknownCountry', { value: shownValue(cells.region_code) });
    if (productId !== undefined && country) {
      const key = `${productId}/${regionCode}`;
      const first = firstRowOf.get(key);
      if (first !== undefined) problem('region_code', 'duplicate', { first });
      else firstRowOf.set(key, row);
    }
    const override = BOOLEANS[cells.override.toLowerCase()];
    if (override === undefined) problem('override', 'notABoolean', { value: shownValue(cells.override) });
    if (override !== true) {
      if (override === false && productId !== undefined && country) rows.push({ row, productId, regionCode, override: false });
      continue;
    }
    const currency = cells.currency.toUpperCase();
    const currencyKnown = /^[A-Z]{3}$/.test(currency) && KNOWN_CURRENCIES.has(currency);
    if (!currencyKnown) problem('currency', 'unknownCurrency', { value: shownValue(cells.currency) });
    else if (country && currency !== country.currency && currency !== BASE_CURRENCY) problem('currency', 'wrongCurrency', { currency: country.currency, base: BASE_CURRENCY });
    const amount = (column: 'price' | 'discount_price'): number | undefined => {
      if (!currencyKnown) return undefined;
      let minor: number;
      try {
        minor = decimalToMinor(cells[column], currency);
      } catch (error) {
        if (!(error instanceof MoneyFormatError)) throw error;
        return problem(column, 'notAnAmount', { value: shownValue(cells[column]), currency, digits: currencyDigits(currency) });
      }
      if (minor < 0 || cells[column].startsWith('-')) return problem(column, 'belowZero');
      if (minor > MAX_PRICE_MINOR) return problem(column, 'tooBig');
      return minor;
    };
    const priceMinor = amount('price');
    const discountPriceMinor = amount('discount_price');
    if (priceMinor !== undefined && discountPriceMinor !== undefined && discountPriceMinor > priceMinor) problem('discount_price', 'discountAbovePrice');
    const taxIncluded = BOOLEANS[cells.tax_included.toLowerCase()];
    if (taxIncluded === undefined) problem('tax_included', 'notABoolean', { value: shownValue(cells.tax_included) });
    if (productId !== undefined && country && priceMinor !== undefined && discountPriceMinor !== undefined && taxIncluded !== undefined) {
      rows.push({ row, productId, regionCode, override: true, currency, priceMinor, discountPriceMinor, taxIncluded });
    }
  }
  return { rows, errors };
}
