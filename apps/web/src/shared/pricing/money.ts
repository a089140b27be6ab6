/**
 * The lists answer prices as decimal numbers in the currency's major unit (4.99 USD, 780 JPY, 1.234 KWD); sums are made
 * in integer minor units, as the server stores them (apps/server/src/shared/money.ts), so no float sum ever shows
 * 0.30000000000000004 or charges a cent more than shown. Conversions go through the number's decimal text, never x100.
 */

const digitsCache = new Map<string, number>();

/** ISO 4217 minor digits from the browser's ICU data, as the server reads them: JPY 0, USD 2, KWD 3. */
export function currencyDigits(currency: string): number {
  const code = currency.toUpperCase();
  let digits = digitsCache.get(code);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      // not a well-formed currency code: ISO 4217's default
      digits = 2;
    }
    digitsCache.set(code, digits);
  }
  return digits;
}

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * 4.99 USD -> 499, 780 JPY -> 780, 1.234 KWD -> 1234. An amount the currency cannot hold (more fraction digits than it
 * has, negative, not finite) is NaN: the caller shows nothing rather than a wrong sum.
 */
export function toMinor(amount: number, currency: string): number {
  // String(number) is the shortest text that reads back as the same number: 4.99 is "4.99", never 4.9899999
  const match = DECIMAL.exec(String(amount));
  if (!match) return Number.NaN;
  const [, whole = '', rawFraction = ''] = match;
  const digits = currencyDigits(currency);
  const fraction = rawFraction.replace(/0+$/, '');
  if (fraction.length > digits) return Number.NaN;
  const minor = Number(whole + fraction.padEnd(digits, '0'));
  return Number.isSafeInteger(minor) ? minor : Number.NaN;
}

/** 499 USD -> 4.99, 780 JPY -> 780, 1234 KWD -> 1.234: the number the price formatter takes. */
export function toMajor(minor: number, currency: string): number {
  if (!Number.isSafeInteger(minor) || minor < 0) return Number.NaN;
  const digits = currencyDigits(currency);
  if (digits === 0) return minor;
  const text = minor.toString().padStart(digits + 1, '0');
  return Number(`${text.slice(0, -digits)}.${text.slice(-digits)}`);
}
