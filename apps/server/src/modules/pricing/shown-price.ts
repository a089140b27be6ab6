import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { LocalPriceFields } from '@shop/contract/pricing';
import type { z } from 'zod';
import { productPrices, products } from '../../db/schema.ts';
import { minorToMajorNumber } from '../../shared/money.ts';

export type PricePointRow = typeof productPrices.$inferSelect;

/**
 * The join of a product list to the products' price points in one country (ADR 0050); without a country (base prices)
 * a constant false, which PostgreSQL answers without looking up any point.
 */
export const pricePointIn = (country: string | null): SQL =>
  country === null ? sql`false` : and(eq(productPrices.productId, products.id), eq(productPrices.regionCode, country))!;

/** A list item's price as the player sees it: the country's price point when it has one, else the base price. */
export interface ShownPrice {
  currency: string;
  priceMinor: number;
  discountPriceMinor: number;
  /** What a list item answers beside its price (LocalPriceFields). */
  extra: { [K in keyof typeof LocalPriceFields]: z.infer<(typeof LocalPriceFields)[K]> };
}

export function shownPrice(base: { currency: string; priceMinor: number; discountPriceMinor: number }, point: PricePointRow | null | undefined): ShownPrice {
  const extra = {
    baseCurrency: base.currency,
    baseProductPrice: minorToMajorNumber(base.priceMinor, base.currency),
    baseDiscountPrice: minorToMajorNumber(base.discountPriceMinor, base.currency),
    taxIncluded: point?.taxIncluded ?? false,
    taxRateBp: point?.taxIncluded ? point.taxRateBp : 0,
  };
  if (!point) return { currency: base.currency, priceMinor: base.priceMinor, discountPriceMinor: base.discountPriceMinor, extra };
  return { currency: point.currency, priceMinor: point.priceMinor, discountPriceMinor: point.discountPriceMinor, extra };
}
