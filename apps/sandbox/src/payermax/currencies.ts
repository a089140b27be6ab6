/**
 * The cashier's ordering currencies for "Global" in PayerMax's "Supported Countries, Currencies and Languages"
 * (Cashier Mode). The stand-in keeps its own copy: it checks the shop's adapter, so it must not read the adapter's list.
 */
const SUPPORTED = new Set([
  'INR', 'PHP', 'MYR', 'THB', 'VND', 'SGD', 'USD', 'HKD', 'TWD', 'KRW', 'JPY', 'AED', 'BHD', 'EGP', 'KWD', 'SAR', 'TRY',
  'MAD', 'JOD', 'OMR', 'QAR', 'AZN', 'BRL', 'CLP', 'COP', 'MXN', 'PEN', 'UYU', 'PYG', 'ZAR', 'CAD', 'AUD', 'GBP', 'EUR',
  'CHF', 'CZK', 'DKK', 'ILS', 'IDR', 'ISK', 'MDL', 'MMK', 'NOK', 'NZD', 'PKR', 'RON', 'BDT', 'BOB', 'DZD',
]);

export const isPayerMaxCurrency = (code: string): boolean => SUPPORTED.has(code);
