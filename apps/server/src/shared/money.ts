/**
 * Conversions between our integer minor units (what the database stores) and the decimal amounts providers speak.
 * Everything goes through strings and integers, never float arithmetic, so 4.99 can never become 498 or 499.0000001.
 */

/** A decimal amount that does not fit the currency (too many fraction digits, not a number, too large). */
export class MoneyFormatError extends RangeError {
  override readonly name = 'MoneyFormatError';
  constructor(
    readonly value: string | number,
    readonly currency: string,
  ) {
    super(`Invalid ${currency} amount: ${String(value)}`);
  }
}

const digitsCache = new Map<string, number>();

/** ISO 4217 minor digits (USD 2, JPY 0, KWD 3), from the runtime's ICU data; cached because Intl objects are costly. */
export function currencyDigits(currency: string): number {
  const code = currency.toUpperCase();
  let digits = digitsCache.get(code);
  if (digits === undefined) {
    const options = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions();
    // Always set for style 'currency'; the typings merely declare it optional. 2 is ISO 4217's default.
    digits = options.maximumFractionDigits ?? 2;
    digitsCache.set(code, digits);
  }
  return digits;
}

/** 499 USD -> "4.99", 500 JPY -> "500", 1234 KWD -> "1.234": the decimal string PayPal-style APIs expect. */
export function minorToDecimalString(amountMinor: number, currency: string): string {
  if (!Number.isSafeInteger(amountMinor)) throw new MoneyFormatError(amountMinor, currency);
  const digits = currencyDigits(currency);
  const sign = amountMinor < 0 ? '-' : '';
  const text = Math.abs(amountMinor).toString().padStart(digits + 1, '0');
  if (digits === 0) return sign + text;
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** 499 USD -> 4.99 for APIs that take JSON numbers; parsing the exact decimal string gives the nearest double. */
export function minorToMajorNumber(amountMinor: number, currency: string): number {
  return Number(minorToDecimalString(amountMinor, currency));
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * "4.99" or 4.99 USD -> 499, exactly. Throws MoneyFormatError for anything that is not a plain decimal or carries
 * more significant fraction digits than the currency has ("4.999" USD, "1.5" JPY). Trailing zeros beyond the
 * currency's digits ("500.00" JPY) are accepted: they add no precision and some providers always print two decimals.
 */
export function decimalToMinor(value: string | number, currency: string): number {
  // String(number) is the shortest text that round-trips, so 4.99 reads back as "4.99"; exponents (1e21) are refused.
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) throw new MoneyFormatError(value, currency);
  const [, sign = '', whole = '', rawFraction = ''] = match;
  const digits = currencyDigits(currency);
  const fraction = rawFraction.replace(/0+$/, '');
  if (fraction.length > digits) throw new MoneyFormatError(value, currency);
  const minor = Number(whole + fraction.padEnd(digits, '0'));
  if (!Number.isSafeInteger(minor)) throw new MoneyFormatError(value, currency);
  return sign && minor !== 0 ? -minor : minor;
}
