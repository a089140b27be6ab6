import { currencyDigits, decimalToMinor } from '../../shared/money.ts';
import { defaultRuleText, PRICE_POINT_FAMILIES, type RuleText } from './rounding-table.ts';

/** A currency's price points, in its minor units: prices are k x step - charm, and a non-free price is at least floor. */
export interface RoundingRule {
  step: number;
  charm: number;
  floor: number;
}

/** An exact amount in minor units (numerator / denominator), as a conversion produces it before rounding. */
export interface Rational {
  numerator: bigint;
  denominator: bigint;
}

/** Orders store amounts as int4. */
export const MAX_PRICE_MINOR = 2_147_483_647;

/** A currency code the runtime's ICU data does not know (a typo, a made-up code, not three letters). */
export class UnknownCurrencyError extends RangeError {
  override readonly name = 'UnknownCurrencyError';
  constructor(readonly currency: string) {
    super(`Unknown currency ${JSON.stringify(currency)}`);
  }
}

/** A price below zero, or above what an order can store. */
export class PriceOutOfRangeError extends RangeError {
  override readonly name = 'PriceOutOfRangeError';
  constructor(
    readonly currency: string,
    readonly amount: string,
  ) {
    super(`A price of ${amount} ${currency} minor units is outside 0..${MAX_PRICE_MINOR}`);
  }
}

const KNOWN_CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

/** The code in upper case, or UnknownCurrencyError: "usd" is USD, "XYZ" is nothing. */
export function knownCurrency(code: string): string {
  const upper = code.toUpperCase();
  if (!KNOWN_CURRENCIES.has(upper)) throw new UnknownCurrencyError(code);
  return upper;
}

function toMinorRule(text: RuleText, currency: string): RoundingRule {
  return {
    step: decimalToMinor(text.step, currency),
    charm: decimalToMinor(text.charm, currency),
    floor: decimalToMinor(text.floor, currency),
  };
}

const RULES = new Map(
  PRICE_POINT_FAMILIES.flatMap(({ step, charm, floors }) =>
    Object.entries(floors).map(([currency, floor]) => [currency, toMinorRule({ step, charm, floor }, currency)] as const),
  ),
);

/** The price points of a currency (the table's family, else the default for its digits). */
export function roundingRuleOf(currency: string): RoundingRule {
  const code = knownCurrency(currency);
  return RULES.get(code) ?? toMinorRule(defaultRuleText(currencyDigits(code)), code);
}

/**
 * The price point nearest to the exact amount (ties round up), never below the floor; 0 stays 0 (free stays free).
 * Price points are k x step - charm, so k is (raw + charm) / step rounded half up.
 */
export function roundToPricePoint(raw: Rational, currency: string): number {
  const { numerator, denominator } = raw;
  if (denominator <= 0n) throw new RangeError(`The denominator of an amount must be positive, got ${denominator}`);
  const code = knownCurrency(currency);
  if (numerator < 0n) throw new PriceOutOfRangeError(code, `${numerator}/${denominator}`);
  if (numerator === 0n) return 0;
  const rule = roundingRuleOf(code);
  const step = BigInt(rule.step);
  const charm = BigInt(rule.charm);
  const k = (2n * (numerator + charm * denominator) + step * denominator) / (2n * step * denominator);
  const nearest = k * step - charm;
  const price = nearest > BigInt(rule.floor) ? nearest : BigInt(rule.floor);
  if (price > BigInt(MAX_PRICE_MINOR)) throw new PriceOutOfRangeError(code, price.toString());
  return Number(price);
}
