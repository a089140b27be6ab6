import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, isBlankRecord, parseCsv } from './csv-text.ts';

describe('parseCsv', () => {
  it('reads RFC 4180: CRLF or LF, quoted commas, doubled quotes and line breaks, a BOM and a last line break', () => {
    expect(parseCsv('\uFEFFa,b\r\n1,"x, y"\r\n2,"say ""hi""\nthere"\n')).toEqual([
      ['a', 'b'],
      ['1', 'x, y'],
      ['2', 'say "hi"\nthere'],
    ]);
  });

  it('keeps empty fields and a last line without a break', () => {
    expect(parseCsv('a,,c\n,,')).toEqual([
      ['a', '', 'c'],
      ['', '', ''],
    ]);
    expect(parseCsv('')).toEqual([]);
  });

  it('refuses a quote that is never closed, naming its line', () => {
    expect(() => parseCsv('a,b\n1,"open\n2,3')).toThrow(CsvSyntaxError);
    try {
      parseCsv('a,b\n1,"open\n2,3');
    } catch (error) {
      expect((error as CsvSyntaxError).line).toBe(2);
    }
  });

  it('tells a blank record', () => {
    expect(isBlankRecord(['', ' '])).toBe(true);
    expect(isBlankRecord(['', 'x'])).toBe(false);
  });
});
