import { DEFAULT_CURRENCY } from '@shop/contract/games';
import { toHttpLanguage, type Language } from '@shop/contract/languages';

const formatters = new Map<string, Intl.NumberFormat>();

/** An amount with its currency symbol, in the active language (e.g. "$4.99", "4,99 $"). */
export function formatPrice(amount: number, currency: string, language: Language): string {
  const code = (currency || 'USD').toUpperCase();
  const key = `${language}|${code}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat(toHttpLanguage(language), { style: 'currency', currency: code });
    } catch {
      // not a well-formed currency code: show the number with the code after it
      const number = new Intl.NumberFormat(toHttpLanguage(language), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      return `${number.format(amount)} ${code}`;
    }
    formatters.set(key, formatter);
  }
  return formatter.format(amount);
}

const numberFormatters = new Map<string, Intl.NumberFormat>();

/** A plain number (diamond amounts, voucher amounts) in the active language. */
export function formatNumber(value: number, language: Language): string {
  let formatter = numberFormatters.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(toHttpLanguage(language));
    numberFormatters.set(language, formatter);
  }
  return formatter.format(value);
}

const percentFormatters = new Map<string, Intl.NumberFormat>();

/** A tax rate in basis points as a percentage in the active language: 1900 is "19%" in English, "19 %" in German. */
export function formatTaxRate(rateBp: number, language: Language): string {
  let formatter = percentFormatters.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(toHttpLanguage(language), { style: 'percent', maximumFractionDigits: 2 });
    percentFormatters.set(language, formatter);
  }
  // a display value, never summed: 1950 bp / 10000 is 0.195, shown as 19.5%
  return formatter.format(rateBp / 10_000);
}

/**
 * Builds the price formatter before the prices are rendered: the first currency formatter of a language loads its
 * locale data, which takes tens of milliseconds on a slow phone. Called while the first calls are in flight.
 */
export function warmPriceFormat(language: Language, currency: string = DEFAULT_CURRENCY): void {
  formatPrice(0, currency, language);
}

/** Whether a discounted price differs from the original, so the original is shown struck through. */
export const hasDiscount = (price: number, discountPrice: number) =>
  Number.isFinite(discountPrice) && discountPrice >= 0 && Math.abs(price - discountPrice) >= 0.005;
