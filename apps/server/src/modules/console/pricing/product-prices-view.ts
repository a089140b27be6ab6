import { asc, eq } from 'drizzle-orm';
import type { PricePointView, ProductPricesView } from '@shop/contract/console/pricing';
import { BASE_CURRENCY } from '@shop/contract/pricing';
import type { Executor } from '../../../db/client.ts';
import { countries, countryPricing, exchangeRates, productPrices, products } from '../../../db/schema.ts';
import { notFound } from '../../../shared/domain-errors.ts';
import { computedNow, type CountryTerms } from './computed-now.ts';
import { beyondDrift, movePercent, plainRate } from './drift.ts';

export type ProductRow = typeof products.$inferSelect;
export type PointRow = typeof productPrices.$inferSelect;
export type CountryRow = CountryTerms & { regionCode: string; region: string };

/** The product (404 when there is none), locked against a concurrent edit when `lock` (a write reads it first). */
export async function requireProduct(executor: Executor, productId: number, lock = false): Promise<ProductRow> {
  const query = executor.select().from(products).where(eq(products.id, productId));
  const [row] = lock ? await query.for('no key update') : await query;
  if (!row) throw notFound('catalogueProductNotFound');
  return row;
}

/** The country table, by region code (the countries the shop prices in). */
export async function countryTable(executor: Executor): Promise<Map<string, CountryRow>> {
  const rows = await executor
    .select({ regionCode: countryPricing.regionCode, region: countries.region, currency: countryPricing.currency, taxModel: countryPricing.taxModel, taxRateBp: countryPricing.taxRateBp })
    .from(countryPricing)
    .innerJoin(countries, eq(countries.regionCode, countryPricing.regionCode))
    .orderBy(asc(countryPricing.regionCode));
  return new Map(rows.map((row) => [row.regionCode, row]));
}

export async function currentRates(executor: Executor): Promise<Map<string, string>> {
  return new Map((await executor.select({ currency: exchangeRates.currency, perUsd: exchangeRates.perUsd }).from(exchangeRates)).map((row) => [row.currency, row.perUsd]));
}

/**
 * Whether a point no longer matches its country: a computed point in another currency or tax model than the country's,
 * an operator's point in a currency that is neither the country's nor the base, or a tax-inclusive point at another rate.
 */
export function isStale(point: PointRow, country: CountryTerms): boolean {
  const currencyAllowed = point.currency === country.currency || (point.override && point.currency === BASE_CURRENCY);
  const taxModelMatches = point.override || point.taxIncluded === (country.taxModel === 'inclusive');
  return !currencyAllowed || !taxModelMatches || (point.taxIncluded && point.taxRateBp !== country.taxRateBp);
}

/** One country's row of a product's price table. */
export function pointView(product: ProductRow, country: CountryRow, point: PointRow | undefined, rates: Map<string, string>, driftPercent: number): PricePointView {
  const pointRate = point && !point.override ? point.rate : null;
  const rateNow = pointRate ? rates.get(point!.currency) : undefined;
  return {
    regionCode: country.regionCode,
    region: country.region,
    currency: point?.currency ?? null,
    priceMinor: point?.priceMinor ?? null,
    discountPriceMinor: point?.discountPriceMinor ?? null,
    taxIncluded: point?.taxIncluded ?? null,
    taxRateBp: point?.taxRateBp ?? null,
    override: point?.override ?? false,
    rate: pointRate ? plainRate(pointRate) : null,
    computedAt: point?.computedAt?.toISOString() ?? null,
    driftPercent: pointRate && rateNow ? movePercent(rateNow, pointRate) : null,
    drifted: pointRate && rateNow ? beyondDrift(rateNow, pointRate, driftPercent) : false,
    stale: point ? isStale(point, country) : false,
    computedNow: computedNow(
      { currency: product.currency, priceMinor: product.priceMinor, discountPriceMinor: product.discountPriceMinor },
      country,
      rates.get(country.currency),
    ),
  };
}

/** A product's price point in every country of the country table, sorted by region code. */
export async function productPricesView(executor: Executor, productId: number, driftPercent: number): Promise<ProductPricesView> {
  const product = await requireProduct(executor, productId);
  const [table, rates, points] = await Promise.all([
    countryTable(executor),
    currentRates(executor),
    executor.select().from(productPrices).where(eq(productPrices.productId, productId)),
  ]);
  const pointOf = new Map(points.map((point) => [point.regionCode, point]));
  return {
    product: {
      id: product.id,
      appId: product.appId,
      productSn: product.productSn,
      name: product.names.en ?? product.productSn,
      currency: product.currency,
      priceMinor: product.priceMinor,
      discountPriceMinor: product.discountPriceMinor,
    },
    driftPercent,
    points: [...table.values()].map((country) => pointView(product, country, pointOf.get(country.regionCode), rates, driftPercent)),
  };
}
