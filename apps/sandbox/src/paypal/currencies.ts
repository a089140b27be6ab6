import { fromMinor } from '../shared/money.ts';

/** Currencies PayPal accepts for payments. */
const SUPPORTED = new Set([
  'AUD', 'BRL', 'CAD', 'CHF', 'CNY', 'CZK', 'DKK', 'EUR', 'GBP', 'HKD', 'HUF', 'ILS', 'JPY', 'MXN', 'MYR', 'NOK',
  'NZD', 'PHP', 'PLN', 'SEK', 'SGD', 'THB', 'TWD', 'USD',
]);

/** PayPal takes no decimals for these, although ISO 4217 gives HUF and TWD two. */
const NO_DECIMALS = new Set(['HUF', 'JPY', 'TWD']);

export const isPayPalCurrency = (code: string): boolean => SUPPORTED.has(code);
export const payPalDigits = (code: string): number => (NO_DECIMALS.has(code) ? 0 : 2);
export const zero = (code: string): string => fromMinor(0, payPalDigits(code));
