import { minorToDecimalString } from '../../../shared/money.ts';
import { currencyNotChargeable, ProviderError } from '../provider-error.ts';

/**
 * The currencies PayPal's REST APIs take a payment in, from PayPal's "Currency codes" reference
 * (https://developer.paypal.com/api/rest/reference/currency-codes/). BRL, CNY and MYR are charged for in-country PayPal
 * accounts only; PayPal still accepts the code, so they stay in the list.
 */
export const PAYPAL_CURRENCIES: ReadonlySet<string> = new Set([
  'AUD', 'BRL', 'CAD', 'CNY', 'CZK', 'DKK', 'EUR', 'HKD', 'HUF', 'ILS', 'JPY', 'MYR', 'MXN', 'TWD', 'NZD', 'NOK', 'PHP',
  'PLN', 'GBP', 'SGD', 'SEK', 'CHF', 'THB', 'USD',
]);

/**
 * "This currency does not support decimals. If you pass a decimal amount, an error occurs." (same page). ISO 4217 and
 * our minor units give TWD two digits, so a TWD amount is sent as whole dollars.
 */
const PAYPAL_NO_DECIMALS: ReadonlySet<string> = new Set(['HUF', 'JPY', 'TWD']);

/**
 * The `value` string PayPal takes for an amount: the currency's own digits ("4.99" EUR), none for HUF, JPY and TWD
 * ("1999" JPY). Refused before asking PayPal: a currency PayPal does not list, and a TWD amount that is not a whole
 * number of dollars (PayPal cannot be asked for NT$100.50; the price must be set in whole dollars).
 */
export function paypalValue(amountMinor: number, currency: string): string {
  const code = currency.toUpperCase();
  if (!PAYPAL_CURRENCIES.has(code)) throw currencyNotChargeable('paypal', currency);
  const value = minorToDecimalString(amountMinor, code);
  if (!PAYPAL_NO_DECIMALS.has(code)) return value;
  const [whole = '', fraction = ''] = value.split('.');
  if (/[1-9]/.test(fraction)) {
    throw new ProviderError('paypal', 'rejected', `PayPal takes no decimals for ${code}: ${value}`, {
      issue: 'DECIMALS_NOT_SUPPORTED',
      detail: { currency: code, value },
    });
  }
  return whole;
}
