import type { TaxModel } from '@shop/contract/pricing';
import { computeLocalPrice } from '../../pricing/compute.ts';
import { PriceOutOfRangeError } from '../../pricing/rounding.ts';
import type { BasePrice } from '../../pricing/charged-price.ts';

export interface CountryTerms {
  currency: string;
  taxModel: TaxModel;
  taxRateBp: number;
}

/**
 * What computing a product's point in a country would give now (ADR 0050, rounding ADR 0051), as computePricePoints
 * writes it: null without a rate for the country's currency, or when the price does not fit the currency.
 */
export function computedNow(base: BasePrice, country: CountryTerms, perUsd: string | null | undefined): { currency: string; priceMinor: number; discountPriceMinor: number } | null {
  if (!perUsd) return null;
  const price = (baseMinor: number) =>
    computeLocalPrice({ baseMinor, baseCurrency: base.currency, currency: country.currency, perUsd, taxModel: country.taxModel, taxRateBp: country.taxRateBp });
  try {
    const priceMinor = price(base.priceMinor);
    return { currency: country.currency, priceMinor, discountPriceMinor: Math.min(priceMinor, price(base.discountPriceMinor)) };
  } catch (error) {
    if (error instanceof PriceOutOfRangeError) return null;
    throw error;
  }
}
