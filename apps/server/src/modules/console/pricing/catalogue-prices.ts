import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { CatalogueDocument, ImportIssue } from '@shop/contract/console/catalogue';
import { BASE_CURRENCY } from '@shop/contract/pricing';
import type { Executor } from '../../../db/client.ts';
import { productPrices } from '../../../db/schema.ts';
import { computePricePoints } from '../../pricing/price-points.ts';
import { writeOperatorPrices } from './operator-prices.ts';
import { countryTable } from './product-prices-view.ts';

/**
 * A product's price points in the catalogue document (ADR 0050): exported as they are, imported as the product's
 * whole set (the document is the truth, as for the product's own values). An operator's price is written as given; a
 * computed one is computed again from the base price at the importing shop's rates, never copied.
 */

type DocumentPrice = NonNullable<CatalogueDocument['products'][number]['prices']>[number];

/** Each product's points, by product id, sorted by country. */
export async function documentPricesOf(executor: Executor, productIds: number[]): Promise<Map<number, DocumentPrice[]>> {
  const rows = productIds.length
    ? await executor.select().from(productPrices).where(inArray(productPrices.productId, productIds)).orderBy(asc(productPrices.productId), asc(productPrices.regionCode))
    : [];
  const byProduct = new Map<number, DocumentPrice[]>();
  for (const row of rows) {
    const { regionCode, currency, priceMinor, discountPriceMinor, taxIncluded, override } = row;
    byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), { regionCode, currency, priceMinor, discountPriceMinor, taxIncluded, override }]);
  }
  return byProduct;
}

/** The document's points against the country table: a country it knows, and the country's currency or the base. */
export async function documentPriceIssues(executor: Executor, products: CatalogueDocument['products']): Promise<ImportIssue[]> {
  if (!products.some((product) => product.prices?.length)) return [];
  const countries = await countryTable(executor);
  return products.flatMap((product, index) =>
    (product.prices ?? []).flatMap((price, at): ImportIssue[] => {
      const country = countries.get(price.regionCode);
      const path = `products[${index}].prices[${at}]`;
      if (!country) return [{ path: `${path}.regionCode`, problem: 'unknownCountry', params: { value: price.regionCode } }];
      if (price.currency !== country.currency && price.currency !== BASE_CURRENCY) return [{ path: `${path}.currency`, problem: 'priceCurrency', params: { value: price.currency } }];
      return [];
    }),
  );
}

/** Whether importing `prices` would change the product's points: an operator's price differs, or the set of countries. */
export function pricesDiffer(stored: DocumentPrice[], prices: DocumentPrice[]): boolean {
  if (stored.length !== prices.length) return true;
  const storedIn = new Map(stored.map((point) => [point.regionCode, point]));
  return prices.some((price) => {
    const point = storedIn.get(price.regionCode);
    if (!point || point.override !== price.override) return true;
    return price.override && (point.currency !== price.currency || point.priceMinor !== price.priceMinor || point.discountPriceMinor !== price.discountPriceMinor || point.taxIncluded !== price.taxIncluded);
  });
}

/** Makes the document's points the product's: others go, operators' prices are set, computed ones computed anew. */
export async function importDocumentPrices(tx: Executor, productId: number, prices: DocumentPrice[]): Promise<void> {
  const listed = prices.map((price) => price.regionCode);
  const computed = prices.filter((price) => !price.override).map((price) => price.regionCode);
  const countries = await countryTable(tx);
  await tx
    .delete(productPrices)
    .where(
      and(
        eq(productPrices.productId, productId),
        listed.length ? notInArray(productPrices.regionCode, listed) : undefined,
      ),
    );
  // a computed point that replaces an operator's price: the operator's price goes first, so computing may write it
  if (computed.length) await tx.delete(productPrices).where(and(eq(productPrices.productId, productId), inArray(productPrices.regionCode, computed), eq(productPrices.override, true)));
  await writeOperatorPrices(
    tx,
    prices.filter((price) => price.override).map((price) => ({ productId, ...price })),
    (regionCode) => countries.get(regionCode)?.taxRateBp ?? 0,
  );
  if (computed.length) await computePricePoints(tx, { productIds: [productId], regionCodes: computed });
}
