import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PricePointEdit, ProductPricesView } from '@shop/contract/console/pricing';
import { BASE_CURRENCY } from '@shop/contract/pricing';
import type { Db, Executor } from '../../../db/client.ts';
import { productPrices } from '../../../db/schema.ts';
import { rows, typed } from '../../../db/statement.ts';
import type { StateChange } from '../../../shared/audit.ts';
import { invalid } from '../../../shared/domain-errors.ts';
import { computePricePoints, type UncomputablePoint } from '../../pricing/price-points.ts';
import { MAX_PRICE_MINOR } from '../../pricing/rounding.ts';
import { computeEachProduct } from './compute-groups.ts';
import { writeOperatorPrices } from './operator-prices.ts';
import { countryTable, productPricesView, requireProduct, type CountryRow, type PointRow } from './product-prices-view.ts';

/** A product's points in some countries as an audit entry keeps them: region code -> the point (null: none). */
type PointsState = Record<string, Omit<PointRow, 'productId' | 'regionCode' | 'updatedAt'> | null>;

async function pointsState(tx: Executor, productId: number, regionCodes: string[]): Promise<PointsState> {
  const found = await tx
    .select()
    .from(productPrices)
    .where(and(eq(productPrices.productId, productId), inArray(productPrices.regionCode, regionCodes)));
  const byRegion = new Map(found.map(({ productId: _p, regionCode, updatedAt: _u, ...point }) => [regionCode, point]));
  return Object.fromEntries(regionCodes.map((regionCode) => [regionCode, byRegion.get(regionCode) ?? null]));
}

/** The countries named, each once and known to the country table (400 unknownCountry, pricingDuplicateCountry). */
function requireCountries(table: Map<string, CountryRow>, regionCodes: readonly string[]): CountryRow[] {
  const seen = new Set<string>();
  return regionCodes.map((regionCode) => {
    const country = table.get(regionCode);
    if (!country) throw invalid('unknownCountry');
    if (seen.has(regionCode)) throw invalid('pricingDuplicateCountry', { regionCode });
    seen.add(regionCode);
    return country;
  });
}

/** An operator's price, checked for its country and currency (the amounts are the currency's minor units). */
function checkEdit(edit: PricePointEdit, country: CountryRow): void {
  const { regionCode } = edit;
  if (edit.currency !== country.currency && edit.currency !== BASE_CURRENCY) {
    throw invalid('pricingWrongCurrency', { regionCode, currency: country.currency, base: BASE_CURRENCY });
  }
  if (edit.priceMinor < 0 || edit.discountPriceMinor < 0) throw invalid('pricingBelowZero', { regionCode });
  if (edit.discountPriceMinor > edit.priceMinor) throw invalid('pricingDiscountAbovePrice', { regionCode });
  if (edit.priceMinor > MAX_PRICE_MINOR) throw invalid('pricingTooBig', { regionCode });
}

/**
 * Changes of a product's price points (ADR 0050): prices set by hand (overrides, kept when rates or the base price
 * change), reset to computed, and recomputing computed points on request. Each runs in the caller's transaction with
 * the product row locked, and answers what its audit entry keeps.
 */
export class ProductPricesAdmin {
  constructor(
    private readonly db: Db,
    private readonly driftPercent: number,
  ) {}

  view(productId: number): Promise<ProductPricesView> {
    return productPricesView(this.db, productId, this.driftPercent);
  }

  /** Sets prices by hand, all or nothing: one bad point refuses the whole edit. */
  async set(tx: Executor, productId: number, edits: PricePointEdit[]): Promise<StateChange<PointsState, PointsState>> {
    await requireProduct(tx, productId, true);
    const countries = requireCountries(await countryTable(tx), edits.map((edit) => edit.regionCode));
    edits.forEach((edit, index) => checkEdit(edit, countries[index]!));
    const regionCodes = edits.map((edit) => edit.regionCode);
    const before = await pointsState(tx, productId, regionCodes);
    // An inclusive price holds the country's tax at today's rate; the point keeps the rate it was set at.
    const taxRates = new Map(countries.map((country, index) => [edits[index]!.regionCode, country.taxRateBp]));
    await writeOperatorPrices(
      tx,
      edits.map((edit) => ({ productId, ...edit })),
      (regionCode) => taxRates.get(regionCode) ?? 0,
    );
    return { before, after: await pointsState(tx, productId, regionCodes) };
  }

  /**
   * Drops the operator's prices in these countries and computes them anew from the base price at today's rates; a
   * country whose currency has no rate (or whose price would not fit the currency) is then sold at the base price.
   */
  async reset(tx: Executor, productId: number, regionCodes: string[]): Promise<StateChange<PointsState, PointsState>> {
    await requireProduct(tx, productId, true);
    requireCountries(await countryTable(tx), regionCodes);
    const before = await pointsState(tx, productId, regionCodes);
    await tx.delete(productPrices).where(and(eq(productPrices.productId, productId), inArray(productPrices.regionCode, regionCodes)));
    await computePricePoints(tx, { productIds: [productId], regionCodes });
    return { before, after: await pointsState(tx, productId, regionCodes) };
  }

  /**
   * Recomputes computed points at today's rates (operators' prices are never touched): all of them, or only those whose
   * rate drifted beyond the drift or that no longer match their country's currency or tax (`onlyDrifted`).
   */
  async recompute(
    tx: Executor,
    which: { onlyDrifted: boolean; productIds?: number[] | undefined; regionCodes?: string[] | undefined },
  ): Promise<{ recomputed: number; uncomputable: UncomputablePoint[] }> {
    if (which.productIds?.length === 0 || which.regionCodes?.length === 0) return { recomputed: 0, uncomputable: [] };
    if (which.regionCodes) requireCountries(await countryTable(tx), which.regionCodes);
    if (!which.onlyDrifted) return this.written(await computePricePoints(tx, { productIds: which.productIds, regionCodes: which.regionCodes }));
    return this.written(await computeEachProduct(tx, await this.driftedOrStale(tx, which)));
  }

  private written(result: { written: number; uncomputable: UncomputablePoint[] }) {
    return { recomputed: result.written, uncomputable: result.uncomputable };
  }

  /** Computed points due for recomputing, by product: their rate moved beyond the drift, or their country changed. */
  private async driftedOrStale(tx: Executor, which: { productIds?: number[] | undefined; regionCodes?: string[] | undefined }): Promise<Map<number, string[]>> {
    const list = (values: readonly (number | string)[]) => sql.join(values.map((value) => sql`${value}`), sql`, `);
    const found = await rows(
      tx,
      typed<{ product_id: number; region_code: string }>(sql`
        SELECT pp.product_id, pp.region_code
          FROM product_prices pp
          JOIN country_pricing c ON c.region_code = pp.region_code
          LEFT JOIN exchange_rates r ON r.currency = pp.currency
         WHERE NOT pp.override
           ${which.productIds?.length ? sql`AND pp.product_id IN (${list(which.productIds)})` : sql``}
           ${which.regionCodes?.length ? sql`AND pp.region_code IN (${list(which.regionCodes)})` : sql``}
           AND (abs(r.per_usd - pp.rate) * 100 > ${String(this.driftPercent)}::numeric * pp.rate
                OR pp.currency <> c.currency
                OR pp.tax_included <> (c.tax_model = 'inclusive')
                OR (pp.tax_included AND pp.tax_rate_bp <> c.tax_rate_bp))`),
    );
    const due = new Map<number, string[]>();
    for (const row of found) due.set(Number(row.product_id), [...(due.get(Number(row.product_id)) ?? []), row.region_code]);
    return due;
  }
}
