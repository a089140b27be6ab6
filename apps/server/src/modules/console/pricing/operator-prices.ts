import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { productPrices } from '../../../db/schema.ts';

/** A price an operator set by hand (bulk edit, prices CSV, catalogue document). */
export interface OperatorPrice {
  productId: number;
  regionCode: string;
  currency: string;
  priceMinor: number;
  discountPriceMinor: number;
  taxIncluded: boolean;
}

/** Rows per INSERT: a prices CSV of every product in every country is written in statements of this size. */
const WRITE_BATCH = 1_000;

/**
 * The one writer of operators' prices: each becomes (or replaces) its country's point as an override, kept when rates
 * or the base price change. An inclusive price holds the country's tax at today's rate (`taxRateOf`); the point keeps
 * the rate it was set at.
 */
export async function writeOperatorPrices(tx: Executor, prices: readonly OperatorPrice[], taxRateOf: (regionCode: string) => number): Promise<void> {
  for (let start = 0; start < prices.length; start += WRITE_BATCH) {
    await tx
      .insert(productPrices)
      .values(
        prices.slice(start, start + WRITE_BATCH).map((price) => ({
          productId: price.productId,
          regionCode: price.regionCode,
          currency: price.currency,
          priceMinor: price.priceMinor,
          discountPriceMinor: price.discountPriceMinor,
          taxIncluded: price.taxIncluded,
          taxRateBp: price.taxIncluded ? taxRateOf(price.regionCode) : 0,
          override: true,
          rate: null,
          computedAt: null,
        })),
      )
      .onConflictDoUpdate({
        target: [productPrices.productId, productPrices.regionCode],
        set: {
          currency: sql`excluded.currency`,
          priceMinor: sql`excluded.price_minor`,
          discountPriceMinor: sql`excluded.discount_price_minor`,
          taxIncluded: sql`excluded.tax_included`,
          taxRateBp: sql`excluded.tax_rate_bp`,
          override: true,
          rate: null,
          computedAt: null,
          updatedAt: sql`now()`,
        },
      });
  }
}
