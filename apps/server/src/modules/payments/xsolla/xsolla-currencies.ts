import { minorToMajorNumber } from '../../../shared/money.ts';
import { currencyNotChargeable } from '../provider-error.ts';

/**
 * The currencies Pay Station charges in. Xsolla documents "130+ currencies" (https://developers.xsolla.com/doc/pay-station/)
 * and publishes their codes and digits as github.com/xsolla/currency-format; this is that list without the ISO 4217
 * fund codes (BOV, CHE, CHW, CLF, COU, MXV, USN, UYI, XDR, XSU, XUA), withdrawn currencies (BYR, CUC, EEK, GHC, HRK,
 * LTL, LVL, MRO, RUR, STD, TRL, VEF, ZWD), codes that are not ISO 4217 (GGP, IMP, JEP, BTC, ETH, LTC) and the currencies
 * of sanctioned countries Xsolla does not sell to (CUP, IRR, KPW, SYP). ADR 0054.
 */
export const XSOLLA_CURRENCIES: ReadonlySet<string> = new Set([
  'AED', 'AFN', 'ALL', 'AMD', 'ANG', 'AOA', 'ARS', 'AUD', 'AWG', 'AZN', 'BAM', 'BBD', 'BDT', 'BGN', 'BHD', 'BIF',
  'BMD', 'BND', 'BOB', 'BRL', 'BSD', 'BTN', 'BWP', 'BYN', 'BZD', 'CAD', 'CDF', 'CHF', 'CLP', 'CNY', 'COP', 'CRC',
  'CVE', 'CZK', 'DJF', 'DKK', 'DOP', 'DZD', 'EGP', 'ERN', 'ETB', 'EUR', 'FJD', 'FKP', 'GBP', 'GEL', 'GHS', 'GIP',
  'GMD', 'GNF', 'GTQ', 'GYD', 'HKD', 'HNL', 'HTG', 'HUF', 'IDR', 'ILS', 'INR', 'IQD', 'ISK', 'JMD', 'JOD', 'JPY',
  'KES', 'KGS', 'KHR', 'KMF', 'KRW', 'KWD', 'KYD', 'KZT', 'LAK', 'LBP', 'LKR', 'LRD', 'LSL', 'LYD', 'MAD', 'MDL',
  'MGA', 'MKD', 'MMK', 'MNT', 'MOP', 'MUR', 'MVR', 'MWK', 'MXN', 'MYR', 'MZN', 'NAD', 'NGN', 'NIO', 'NOK', 'NPR',
  'NZD', 'OMR', 'PAB', 'PEN', 'PGK', 'PHP', 'PKR', 'PLN', 'PYG', 'QAR', 'RON', 'RSD', 'RUB', 'RWF', 'SAR', 'SBD',
  'SCR', 'SDG', 'SEK', 'SGD', 'SHP', 'SLL', 'SOS', 'SRD', 'SSP', 'SVC', 'SZL', 'THB', 'TJS', 'TMT', 'TND', 'TOP',
  'TRY', 'TTD', 'TWD', 'TZS', 'UAH', 'UGX', 'USD', 'UYU', 'UZS', 'VES', 'VND', 'VUV', 'WST', 'XAF', 'XCD', 'XOF',
  'XPF', 'YER', 'ZAR', 'ZMW', 'ZWL',
]);

/**
 * `purchase.checkout.amount` as the token API takes it: a JSON number in major units with the currency's digits
 * (1999 JPY -> 1999, 499 EUR -> 4.99, 1490 KWD -> 1.49). A currency Pay Station does not list is refused before the call.
 */
export function xsollaAmount(amountMinor: number, currency: string): number {
  if (!XSOLLA_CURRENCIES.has(currency.toUpperCase())) throw currencyNotChargeable('xsolla', currency);
  return minorToMajorNumber(amountMinor, currency);
}
