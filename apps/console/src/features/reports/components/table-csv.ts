/** Characters that make a spreadsheet read a cell as a formula (as the server's CSV: reports/csv.ts). */
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;

/** One RFC 4180 field; a text a spreadsheet would run as a formula gets a leading apostrophe. */
function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (FORMULA_START.test(text) && !NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A table as a CSV file (UTF-8 with BOM, CRLF), made from the same JSON the screen shows, saved by the browser. */
export function saveTableCsv(fileName: string, rows: (string | number | null)[][]): void {
  const text = '\uFEFF' + rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** Minor units as an exact decimal string in major units (the CSV's major columns): 12345 USD -> "123.45". */
export function majorText(minor: number, digits: number): string {
  if (digits === 0) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}
