import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument } from './csv.ts';

describe('report CSV cells', () => {
  it('quotes commas, quotes and line breaks (RFC 4180), and nothing else', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rlf')).toBe('"cr\rlf"');
    expect(csvCell('中文 名称')).toBe('中文 名称');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(0)).toBe('0');
  });

  it('keeps a spreadsheet from running a text as a formula, but leaves our numbers numbers', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+49 30 1234')).toBe("'+49 30 1234");
    expect(csvCell('-cmd')).toBe("'-cmd");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tTAB')).toBe("'\tTAB");
    expect(csvCell('=HYPERLINK("http://x","a,b")')).toBe(`"'=HYPERLINK(""http://x"",""a,b"")"`);
    expect(csvCell(-1500)).toBe('-1500');
    expect(csvCell('-15.00')).toBe('-15.00');
    expect(csvCell('-1e5')).toBe("'-1e5");
  });

  it('writes a BOM and CRLF line ends', () => {
    expect(csvDocument([['a', 'b'], [1, 2]])).toBe('\uFEFFa,b\r\n1,2\r\n');
  });
});
