/**
 * Currency arithmetic on decimal strings, done in integer minor units so refunds and comparisons never meet
 * floating-point rounding.
 */

/** ISO 4217 currencies whose minor unit is not 2 digits. */
const ISO_MINOR_DIGITS: Record<string, number> = {
  BIF: 0, CLP: 0, DJF: 0, GNF: 0, ISK: 0, JPY: 0, KMF: 0, KRW: 0, PYG: 0, RWF: 0, UGX: 0, UYI: 0, VND: 0, VUV: 0,
  XAF: 0, XOF: 0, XPF: 0,
  BHD: 3, IQD: 3, JOD: 3, KWD: 3, LYD: 3, OMR: 3, TND: 3,
};

export function isoMinorDigits(currency: string): number {
  return ISO_MINOR_DIGITS[currency] ?? 2;
}

export function isCurrencyCode(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Z]{3}$/.test(value);
}

const DECIMAL = /^(0|[1-9]\d{0,11})(?:\.(\d{1,6}))?$/;

/** Number of fraction digits of a plain decimal string ("12.50" -> 2), or null when it is not one. */
export function fractionDigits(value: string): number | null {
  const match = DECIMAL.exec(value);
  if (!match) return null;
  return match[2]?.length ?? 0;
}

/** "12.5" with 2 digits -> 1250. The caller has checked the value with fractionDigits first. */
export function toMinor(value: string, digits: number): number {
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/** 1250 with 2 digits -> "12.50". */
export function fromMinor(minor: number, digits: number): string {
  if (digits === 0) return String(minor);
  const text = String(minor).padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/**
 * Reads an amount given as a JSON number or a numeric string (Xsolla and PayerMax take major units either way)
 * and returns it as a canonical decimal string, or null when it is not a positive amount with at most the
 * currency's digits.
 */
export function positiveAmount(value: unknown, digits: number): string | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value <= 0) return null;
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return null;
  }
  const places = fractionDigits(text);
  if (places === null || places > digits) return null;
  const minor = toMinor(text, digits);
  return minor > 0 ? fromMinor(minor, digits) : null;
}

/**
 * An amount as the hosted pages show it to the buyer, in the currency's own symbol and digits: "1999" JPY -> "¥1,999",
 * "1.490" KWD -> "KWD 1.490" (ICU puts a no-break space after a code), "4.99" EUR -> "€4.99". The decimal string is
 * formatted as is, never through a float.
 */
export function displayAmount(value: string, currency: string, digits: number): string {
  const format = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  // Intl formats a numeric string exactly (callers pass canonical decimal strings, checked when they were stored).
  return format.format(value as `${number}`);
}
