import { BASE_CURRENCY, type TaxModel } from '@shop/contract/pricing';
import { taxInside } from './compute.ts';
import { fromBaseRate, toBaseMinor } from './base-amount.ts';

/** A product's base price (the product row: USD). */
export interface BasePrice {
  currency: string;
  priceMinor: number;
  discountPriceMinor: number;
}

/** A product's price point in the order's country (product_prices), with the current rate of its currency. */
export interface LocalPoint extends BasePrice {
  taxIncluded: boolean;
  taxRateBp: number;
  /** The rate a computed point was computed at (units per USD); null for an operator's price. */
  rate: string | null;
  /** The current exchange rate of the point's currency (exchange_rates), null when none was imported. */
  perUsd: string | null;
}

/** The order's country as pricing sees it (country_pricing), null when the country has no row. */
export interface CountryTerms {
  taxModel: TaxModel;
  taxRateBp: number;
}

export interface LineToCharge {
  base: BasePrice;
  local: LocalPoint | null;
  quantity: number;
}

/** What an order is charged and what it freezes (ADR 0050): the charged currency and amounts, the base ones, rate and tax. */
export interface ChargedOrder {
  currency: string;
  /** Each line's unit prices in the charged currency, in the order of the lines given. */
  lines: { priceMinor: number; discountPriceMinor: number }[];
  totalMinor: number;
  payMinor: number;
  baseCurrency: string;
  baseTotalMinor: number;
  basePayMinor: number;
  /** Units of the charged currency per one unit of the base currency the base amounts were converted at ('1' for base). */
  exchangeRate: string;
  taxModel: TaxModel;
  taxRateBp: number;
  /** The tax inside the paid amount (a tax-inclusive price), else 0. */
  taxMinor: number;
}

const sum = (lines: LineToCharge[], price: (line: LineToCharge) => number) => lines.reduce((total, line) => total + price(line) * line.quantity, 0);

/**
 * Prices an order (ADR 0050, ADR 0053): in the country's local prices when every line has a price point in one currency
 * and the channel's provider charges that currency there (`localAllowed`); otherwise in the base price, which every
 * provider charges. A free order (no channel) costs nothing in either.
 */
export function chargeOrder(lines: LineToCharge[], country: CountryTerms | null, options: { localAllowed: boolean; paid: boolean }): ChargedOrder {
  const first = lines[0]?.local;
  const local =
    options.localAllowed && first && lines.every((line) => line.local !== null && line.local.currency === first.currency) ? first : null;
  const paid = options.paid ? 1 : 0;
  const baseCurrency = lines[0]?.base.currency ?? BASE_CURRENCY;
  if (!local) {
    const payMinor = sum(lines, (line) => line.base.discountPriceMinor) * paid;
    const taxModel = country?.taxModel ?? 'none';
    const taxRateBp = taxModel === 'none' ? 0 : (country?.taxRateBp ?? 0);
    return {
      currency: baseCurrency,
      lines: lines.map((line) => ({ priceMinor: line.base.priceMinor * paid, discountPriceMinor: line.base.discountPriceMinor * paid })),
      totalMinor: sum(lines, (line) => line.base.priceMinor) * paid,
      payMinor,
      baseCurrency,
      baseTotalMinor: sum(lines, (line) => line.base.priceMinor) * paid,
      basePayMinor: payMinor,
      exchangeRate: '1',
      taxModel,
      taxRateBp,
      taxMinor: taxModel === 'inclusive' ? taxInside(payMinor, taxRateBp) : 0,
    };
  }
  const points = lines.map((line) => line.local!);
  const totalMinor = sum(lines, (line) => line.local!.priceMinor) * paid;
  const payMinor = sum(lines, (line) => line.local!.discountPriceMinor) * paid;
  // The rate the base amounts are worth at: today's imported rate, else the rate the point was computed at; an
  // operator's price in a currency without any rate is worth what the base price it replaces is.
  const rate = local.perUsd ?? local.rate;
  const baseTotal = sum(lines, (line) => line.base.priceMinor) * paid;
  const basePay = sum(lines, (line) => line.base.discountPriceMinor) * paid;
  return {
    currency: local.currency,
    lines: points.map((point) => ({ priceMinor: point.priceMinor * paid, discountPriceMinor: point.discountPriceMinor * paid })),
    totalMinor,
    payMinor,
    baseCurrency,
    baseTotalMinor: rate ? toBaseMinor(totalMinor, local.currency, rate, baseCurrency) : baseTotal,
    basePayMinor: rate ? toBaseMinor(payMinor, local.currency, rate, baseCurrency) : basePay,
    exchangeRate: rate ?? fromBaseRate(payMinor || totalMinor, local.currency, basePay || baseTotal, baseCurrency),
    // A point that excludes tax in a country that adds it at the till (US, CA) is 'exclusive'; otherwise no tax is in it.
    taxModel: local.taxIncluded ? 'inclusive' : country?.taxModel === 'exclusive' ? 'exclusive' : 'none',
    taxRateBp: local.taxIncluded ? local.taxRateBp : 0,
    taxMinor: local.taxIncluded ? taxInside(payMinor, local.taxRateBp) : 0,
  };
}
