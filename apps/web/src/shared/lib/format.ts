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

/** A plain number (diamond amounts, voucher amounts) in the active language. */
export function formatNumber(value: number, language: Language): string {
  return new Intl.NumberFormat(toHttpLanguage(language)).format(value);
}

/** Whether a discounted price differs from the original, so the original is shown struck through. */
export const hasDiscount = (price: number, discountPrice: number) =>
  Number.isFinite(discountPrice) && discountPrice >= 0 && Math.abs(price - discountPrice) >= 0.005;
