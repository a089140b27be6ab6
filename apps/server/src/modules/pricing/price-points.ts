import { sql, type SQL } from 'drizzle-orm';
import type { TaxModel } from '@shop/contract/pricing';
import type { Executor } from '../../db/client.ts';
import { rows, typed } from '../../db/statement.ts';
import { computeLocalPrice } from './compute.ts';
import { PriceOutOfRangeError } from './rounding.ts';

/** Which computed price points to (re)compute: some products (all when absent), some countries (all when absent). */
export interface PointsToCompute {
  productIds?: readonly number[];
  regionCodes?: readonly string[];
  /** Only points that do not exist yet (the demo seed, a new product); else computed points are recomputed too. */
  onlyMissing?: boolean;
}

/** A point that could not be computed: its price does not fit the currency (ADR 0051's MAX_PRICE_MINOR). */
export interface UncomputablePoint {
  productId: number;
  regionCode: string;
  currency: string;
}

interface BaseRow {
  id: number;
  currency: string;
  price_minor: number;
  discount_price_minor: number;
}

interface CountryRow {
  region_code: string;
  currency: string;
  tax_model: TaxModel;
  tax_rate_bp: number;
  per_usd: string;
}

const idList = (values: readonly (number | string)[]): SQL => sql.join(values.map((value) => sql`${value}`), sql`, `);

/**
 * Computes price points from the products' base prices at today's rates (ADR 0050, rounding ADR 0051) and writes them
 * in one statement. An operator's price (override) is never replaced; a country whose currency has no imported rate
 * gets no computed point (it sells at the base price until one is imported). Answers how many points were written and
 * the ones whose price does not fit their currency.
 */
export async function computePricePoints(executor: Executor, which: PointsToCompute = {}): Promise<{ written: number; uncomputable: UncomputablePoint[] }> {
  if (which.productIds?.length === 0 || which.regionCodes?.length === 0) return { written: 0, uncomputable: [] };
  const bases = await rows(
    executor,
    typed<BaseRow>(sql`SELECT id, currency, price_minor, discount_price_minor FROM products
                        ${which.productIds ? sql`WHERE id IN (${idList(which.productIds)})` : sql``}`),
  );
  const countries = await rows(
    executor,
    typed<CountryRow>(sql`SELECT c.region_code, c.currency, c.tax_model, c.tax_rate_bp, r.per_usd::text AS per_usd
                            FROM country_pricing c JOIN exchange_rates r ON r.currency = c.currency
                           ${which.regionCodes ? sql`WHERE c.region_code IN (${idList(which.regionCodes)})` : sql``}`),
  );
  const points: Record<string, unknown>[] = [];
  const uncomputable: UncomputablePoint[] = [];
  for (const base of bases) {
    for (const country of countries) {
      const price = (baseMinor: number) =>
        computeLocalPrice({
          baseMinor,
          baseCurrency: base.currency,
          currency: country.currency,
          perUsd: country.per_usd,
          taxModel: country.tax_model,
          taxRateBp: country.tax_rate_bp,
        });
      try {
        const priceMinor = price(base.price_minor);
        points.push({
          product_id: base.id,
          region_code: country.region_code,
          currency: country.currency,
          price_minor: priceMinor,
          // Rounding is monotonic, so the discounted price stays at or below the price; min() keeps the table's check true.
          discount_price_minor: Math.min(priceMinor, price(base.discount_price_minor)),
          tax_included: country.tax_model === 'inclusive',
          tax_rate_bp: country.tax_model === 'inclusive' ? country.tax_rate_bp : 0,
          rate: country.per_usd,
        });
      } catch (error) {
        if (!(error instanceof PriceOutOfRangeError)) throw error;
        uncomputable.push({ productId: base.id, regionCode: country.region_code, currency: country.currency });
      }
    }
  }
  if (!points.length) return { written: 0, uncomputable };
  const conflict = which.onlyMissing
    ? sql`DO NOTHING`
    : sql`DO UPDATE SET currency = excluded.currency, price_minor = excluded.price_minor,
            discount_price_minor = excluded.discount_price_minor, tax_included = excluded.tax_included,
            tax_rate_bp = excluded.tax_rate_bp, rate = excluded.rate, computed_at = excluded.computed_at, updated_at = now()
          WHERE NOT product_prices.override`;
  const written = await rows(
    executor,
    typed<{ product_id: number }>(sql`
      INSERT INTO product_prices (product_id, region_code, currency, price_minor, discount_price_minor, tax_included, tax_rate_bp,
                                  override, rate, computed_at)
      SELECT p.product_id, p.region_code, p.currency, p.price_minor, p.discount_price_minor, p.tax_included, p.tax_rate_bp,
             false, p.rate, now()
        FROM jsonb_to_recordset(${JSON.stringify(points)}::jsonb) AS p(product_id int4, region_code char(2), currency char(3),
             price_minor int4, discount_price_minor int4, tax_included boolean, tax_rate_bp int4, rate numeric)
      ON CONFLICT (product_id, region_code) ${conflict}
      RETURNING product_id`),
  );
  return { written: written.length, uncomputable };
}

/**
 * Computes the price points of every product that has none yet (the demo catalogue on its first start, products
 * loaded before local prices existed), at today's rates; products with points are left alone. Answers how many.
 */
export async function priceUnpricedProducts(executor: Executor): Promise<number> {
  const unpriced = await rows(
    executor,
    typed<{ id: number }>(sql`SELECT id FROM products p WHERE NOT EXISTS (SELECT 1 FROM product_prices pp WHERE pp.product_id = p.id)`),
  );
  if (!unpriced.length) return 0;
  return (await computePricePoints(executor, { productIds: unpriced.map((row) => Number(row.id)), onlyMissing: true })).written;
}
