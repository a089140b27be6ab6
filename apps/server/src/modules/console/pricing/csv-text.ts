import { UTF8_BOM } from '../reports/csv.ts';

/** A CSV text the parser could not read: a quote left open. The line it starts on, for the operator. */
export class CsvSyntaxError extends Error {
  constructor(readonly line: number) {
    super(`a quoted field opened on line ${line} is never closed`);
  }
}

/**
 * The records of an RFC 4180 text (what spreadsheets write): fields split on commas, quoted fields may hold commas,
 * doubled quotes and line breaks; lines end in CRLF or LF; a leading UTF-8 BOM and a last empty line are ignored.
 * Fields are answered as written (no trimming): what to accept is the caller's rule.
 */
export function parseCsv(text: string): string[][] {
  const source = text.startsWith(UTF8_BOM) ? text.slice(UTF8_BOM.length) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let quoteLine = 0;
  for (let index = 0; index < source.length; index++) {
    const char = source[index]!;
    if (quoted) {
      if (char === '"' && source[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line++;
        field += char;
      }
    } else if (char === '"' && field === '') {
      quoted = true;
      quoteLine = line;
    } else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n' || (char === '\r' && source[index + 1] === '\n')) {
      if (char === '\r') index++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      line++;
    } else field += char;
  }
  if (quoted) throw new CsvSyntaxError(quoteLine);
  if (field !== '' || record.length) {
    record.push(field);
    records.push(record);
  }
  return records;
}

/** A record that only holds empty fields (a blank line, or `,,,` from a spreadsheet): no data. */
export const isBlankRecord = (record: readonly string[]): boolean => record.every((field) => field.trim() === '');
