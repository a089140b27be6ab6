import { BASE_CURRENCY } from '@shop/contract/pricing';
import type { PricingImportIssue, RatesImportBody } from '@shop/contract/console/pricing';
import type { Language } from '@shop/contract/languages';
import { CsvSyntaxError, isBlankRecord, parseCsv } from './csv-text.ts';
import { plainRate } from './drift.ts';
import { importIssue, shownValue } from './import-issues.ts';

/** A rates table has one row per currency: ISO 4217 lists fewer than 200, so more is a wrong file. */
export const MAX_RATE_ROWS = 500;
export const RATES_CSV_HEADER = ['currency', 'per_usd'] as const;
/** numeric(24, 12): twelve digits each side of the point. */
const RATE_DIGITS = 12;
const KNOWN_CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

export interface RateEntry {
  currency: string;
  /** The rate as stored and shown: '0.92', '157.25'. */
  perUsd: string;
}

interface RawRow {
  row: number;
  currency: string;
  perUsd: string;
}

/**
 * A rates table as imported (JSON `rates`, or CSV with the header `currency,per_usd`), checked row by row: every
 * problem is answered by row and column, and a table with any problem gives no entries (all or nothing).
 */
export function readRatesTable(body: Pick<RatesImportBody, 'rates' | 'csv'>, language: Language): { entries: RateEntry[]; errors: PricingImportIssue[] } {
  const errors: PricingImportIssue[] = [];
  const raw = rawRows(body, language, errors);
  if (!raw.length) return { entries: [], errors: errors.length ? errors : [importIssue(language, 0, '(file)', 'empty')] };
  if (raw.length > MAX_RATE_ROWS) return { entries: [], errors: [importIssue(language, 0, '(file)', 'tooManyRows', { max: MAX_RATE_ROWS })] };
  const firstRowOf = new Map<string, number>();
  const entries: RateEntry[] = [];
  for (const { row, currency: given, perUsd } of raw) {
    const currency = given.trim().toUpperCase();
    const known = /^[A-Z]{3}$/.test(currency) && KNOWN_CURRENCIES.has(currency);
    if (!known) errors.push(importIssue(language, row, 'currency', 'unknownCurrency', { value: shownValue(given) }));
    const first = firstRowOf.get(currency);
    if (known && first !== undefined) errors.push(importIssue(language, row, 'currency', 'duplicate', { first }));
    else if (known) firstRowOf.set(currency, row);
    const rateProblem = problemOfRate(perUsd.trim());
    if (rateProblem) errors.push(importIssue(language, row, 'per_usd', rateProblem, { value: shownValue(perUsd), max: RATE_DIGITS }));
    else if (currency === BASE_CURRENCY && plainRate(perUsd) !== '1') errors.push(importIssue(language, row, 'per_usd', 'baseRate', { currency }));
    if (known && !rateProblem) entries.push({ currency, perUsd: plainRate(perUsd) });
  }
  return errors.length ? { entries: [], errors } : { entries, errors };
}

function problemOfRate(text: string): 'notARate' | 'tooManyDigits' | undefined {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return 'notARate';
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > RATE_DIGITS) return 'tooManyDigits';
  if (whole.replace(/^0+/, '').length > RATE_DIGITS || !/[1-9]/.test(whole + fraction)) return 'notARate';
  return undefined;
}

function rawRows(body: Pick<RatesImportBody, 'rates' | 'csv'>, language: Language, errors: PricingImportIssue[]): RawRow[] {
  if ((body.rates === undefined) === (body.csv === undefined)) {
    errors.push(importIssue(language, 0, '(file)', 'missing'));
    return [];
  }
  if (body.rates) return Object.entries(body.rates).map(([currency, perUsd], index) => ({ row: index + 1, currency, perUsd }));
  let records: string[][];
  try {
    records = parseCsv(body.csv!);
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    errors.push(importIssue(language, error.line - 1, '(file)', 'badCsv'));
    return [];
  }
  const [header, ...data] = records;
  if (!header || isBlankRecord(header)) return [];
  if (header.map((cell) => cell.trim().toLowerCase()).join(',') !== RATES_CSV_HEADER.join(',')) {
    errors.push(importIssue(language, 0, '(header)', 'badHeader', { header: RATES_CSV_HEADER.join(',') }));
    return [];
  }
  const rows: RawRow[] = [];
  data.forEach((record, index) => {
    if (isBlankRecord(record)) return;
    if (record.length !== RATES_CSV_HEADER.length) {
      errors.push(importIssue(language, index + 1, '(row)', 'wrongFieldCount', { found: record.length, expected: RATES_CSV_HEADER.length }));
    } else rows.push({ row: index + 1, currency: record[0]!, perUsd: record[1]! });
  });
  return rows;
}
