import { minorToMajorNumber } from '../../../shared/money.ts';
import { currencyNotChargeable } from '../provider-error.ts';

/**
 * The ordering currencies of PayerMax's hosted cashier for "Global" (any country), from "Supported Countries,
 * Currencies and Languages" (https://docs.payermax.com/en/doc-center/acquiring/payment-method-capabilities/supported-countries-currencies-and-languages.html),
 * Cashier Mode. A merchant's contract may open fewer; the country table says which provider charges where (ADR 0050).
 */
export const PAYERMAX_CURRENCIES: ReadonlySet<string> = new Set([
  'INR', 'PHP', 'MYR', 'THB', 'VND', 'SGD', 'USD', 'HKD', 'TWD', 'KRW', 'JPY', 'AED', 'BHD', 'EGP', 'KWD', 'SAR', 'TRY',
  'MAD', 'JOD', 'OMR', 'QAR', 'AZN', 'BRL', 'CLP', 'COP', 'MXN', 'PEN', 'UYU', 'PYG', 'ZAR', 'CAD', 'AUD', 'GBP', 'EUR',
  'CHF', 'CZK', 'DKK', 'ILS', 'IDR', 'ISK', 'MDL', 'MMK', 'NOK', 'NZD', 'PKR', 'RON', 'BDT', 'BOB', 'DZD',
]);

/**
 * `totalAmount` and `refundAmount` as the gateway takes them: a JSON number in major units with the currency's digits
 * (1999 JPY -> 1999, 1490 KWD -> 1.49). A currency the cashier does not list is refused before the call.
 */
export function payermaxAmount(amountMinor: number, currency: string): number {
  if (!PAYERMAX_CURRENCIES.has(currency.toUpperCase())) throw currencyNotChargeable('payermax', currency);
  return minorToMajorNumber(amountMinor, currency);
}
