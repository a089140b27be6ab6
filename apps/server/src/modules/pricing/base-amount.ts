import { currencyDigits } from '../../shared/money.ts';
import { parseRate } from './compute.ts';

const RATE_DIGITS = 12;
const pow10 = (digits: number) => 10n ** BigInt(digits);

/** a / b rounded half up, for non-negative a and positive b. */
const divideRounded = (a: bigint, b: bigint) => (2n * a + b) / (2n * b);

/**
 * An amount in `currency` worth in the base currency at `perUsd` (units of `currency` per one base unit), in the base
 * currency's minor units, rounded half up: 4.99 EUR at 0.92 -> 542 USD cents. Exact (bigint), never float.
 */
export function toBaseMinor(amountMinor: number, currency: string, perUsd: string, baseCurrency: string): number {
  const rate = parseRate(perUsd);
  // amount / 10^localDigits / (n / d) * 10^baseDigits
  const numerator = BigInt(amountMinor) * rate.denominator * pow10(currencyDigits(baseCurrency));
  const denominator = rate.numerator * pow10(currencyDigits(currency));
  return Number(divideRounded(numerator, denominator));
}

/**
 * The rate an operator's price implies when its currency has no imported rate: units of `currency` per base unit, as
 * a decimal string with 12 fraction digits ('1' when either amount is 0: nothing to convert).
 */
export function fromBaseRate(localMinor: number, currency: string, baseMinor: number, baseCurrency: string): string {
  if (localMinor <= 0 || baseMinor <= 0) return '1';
  const scaled = divideRounded(
    BigInt(localMinor) * pow10(currencyDigits(baseCurrency)) * pow10(RATE_DIGITS),
    BigInt(baseMinor) * pow10(currencyDigits(currency)),
  );
  const text = scaled.toString().padStart(RATE_DIGITS + 1, '0');
  return `${text.slice(0, -RATE_DIGITS)}.${text.slice(-RATE_DIGITS)}`.replace(/\.?0+$/, '');
}
