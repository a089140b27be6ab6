import { TAX_MODELS, type TaxModel } from '@shop/contract/pricing';
import { currencyDigits } from '../../shared/money.ts';
import { knownCurrency, MAX_PRICE_MINOR, roundToPricePoint, type Rational } from './rounding.ts';

export interface LocalPriceInput {
  /** Minor units of baseCurrency. */
  baseMinor: number;
  baseCurrency: string;
  currency: string;
  /** Units of `currency` per 1 USD, a decimal string ("156.2345"). */
  perUsd: string;
  /** Units of `baseCurrency` per 1 USD; needed unless the base currency is USD. */
  baseCurrencyPerUsd?: string;
  taxModel: TaxModel;
  /** Basis points: 1900 is 19 %. */
  taxRateBp: number;
}

/** An exchange rate that is not a positive plain decimal with at most 12 digits on either side of the point. */
export class InvalidRateError extends RangeError {
  override readonly name = 'InvalidRateError';
  constructor(readonly text: string) {
    super(`Invalid exchange rate ${JSON.stringify(String(text).slice(0, 40))}: expected a positive decimal like "156.2345"`);
  }
}

/** A pricing input out of its domain: a base amount, tax rate or tax model no price can be computed from. */
export class InvalidPriceInputError extends RangeError {
  override readonly name = 'InvalidPriceInputError';
  constructor(
    readonly field: keyof LocalPriceInput | 'amountMinor',
    readonly value: unknown,
  ) {
    super(`Invalid ${field}: ${typeof value === 'string' ? JSON.stringify(value) : String(value)}`);
  }
}

const BASIS_POINTS = 10_000n;
const MAX_TAX_RATE_BP = 10_000;
const KNOWN_TAX_MODELS: ReadonlySet<string> = new Set<TaxModel>(TAX_MODELS);
// 12 digits a side: no currency is near a trillion per dollar or needs finer than 1e-12, and hostile text stays small.
const RATE = /^(\d{1,12})(?:\.(\d{1,12}))?$/;

function greatestCommonDivisor(a: bigint, b: bigint): bigint {
  return b === 0n ? a : greatestCommonDivisor(b, a % b);
}

/** "156.2345" -> 312469/2000, exactly and in lowest terms; InvalidRateError for anything else (sign, exponent, 0). */
export function parseRate(text: string): Rational {
  const match = typeof text === 'string' ? RATE.exec(text) : null;
  if (!match) throw new InvalidRateError(text);
  const [, whole = '', fraction = ''] = match;
  const numerator = BigInt(whole + fraction);
  if (numerator === 0n) throw new InvalidRateError(text);
  const denominator = 10n ** BigInt(fraction.length);
  const divisor = greatestCommonDivisor(numerator, denominator);
  return { numerator: numerator / divisor, denominator: denominator / divisor };
}

function checkAmount(field: 'baseMinor' | 'amountMinor', amount: number): bigint {
  if (!Number.isSafeInteger(amount) || amount < 0 || amount > MAX_PRICE_MINOR) throw new InvalidPriceInputError(field, amount);
  return BigInt(amount);
}

function checkTaxRate(taxRateBp: number): bigint {
  if (!Number.isSafeInteger(taxRateBp) || taxRateBp < 0 || taxRateBp > MAX_TAX_RATE_BP) {
    throw new InvalidPriceInputError('taxRateBp', taxRateBp);
  }
  return BigInt(taxRateBp);
}

/** The base currency's units per USD: given, or 1 for USD (where a given rate must be 1 too). */
function baseRateOf(baseCurrency: string, baseCurrencyPerUsd: string | undefined): Rational {
  if (baseCurrencyPerUsd === undefined) {
    if (baseCurrency === 'USD') return { numerator: 1n, denominator: 1n };
    throw new InvalidPriceInputError('baseCurrencyPerUsd', baseCurrencyPerUsd);
  }
  const rate = parseRate(baseCurrencyPerUsd);
  if (baseCurrency === 'USD' && rate.numerator !== rate.denominator) {
    throw new InvalidPriceInputError('baseCurrencyPerUsd', baseCurrencyPerUsd);
  }
  return rate;
}

/**
 * The computed local price in minor units of `currency`: base x rate, plus tax where the shown price includes it,
 * rounded to the currency's price points. The same currency without tax to add is the base amount itself, unrounded:
 * the publisher chose it.
 */
export function computeLocalPrice(input: LocalPriceInput): number {
  const baseCurrency = knownCurrency(input.baseCurrency);
  const currency = knownCurrency(input.currency);
  const base = checkAmount('baseMinor', input.baseMinor);
  if (!KNOWN_TAX_MODELS.has(input.taxModel)) throw new InvalidPriceInputError('taxModel', input.taxModel);
  const taxRate = checkTaxRate(input.taxRateBp);
  const rate = parseRate(input.perUsd);
  const baseRate = baseRateOf(baseCurrency, input.baseCurrencyPerUsd);

  const withTax = input.taxModel === 'inclusive' ? BASIS_POINTS + taxRate : BASIS_POINTS;
  if (currency === baseCurrency && withTax === BASIS_POINTS) return input.baseMinor;
  const exchange = currency === baseCurrency ? { numerator: 1n, denominator: 1n } : {
    numerator: rate.numerator * baseRate.denominator,
    denominator: rate.denominator * baseRate.numerator,
  };
  const digitShift = currencyDigits(currency) - currencyDigits(baseCurrency);
  const numerator = base * exchange.numerator * withTax * 10n ** BigInt(Math.max(digitShift, 0));
  const denominator = exchange.denominator * BASIS_POINTS * 10n ** BigInt(Math.max(-digitShift, 0));
  return roundToPricePoint({ numerator, denominator }, currency);
}

/** The tax contained in a tax-inclusive price, rounded half up: amount x rate / (10000 + rate). */
export function taxInside(amountMinor: number, taxRateBp: number): number {
  const amount = checkAmount('amountMinor', amountMinor);
  const rate = checkTaxRate(taxRateBp);
  const gross = BASIS_POINTS + rate;
  return Number((2n * amount * rate + gross) / (2n * gross));
}
