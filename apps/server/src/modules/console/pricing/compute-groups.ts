import type { Executor } from '../../../db/client.ts';
import { computePricePoints, type UncomputablePoint } from '../../pricing/price-points.ts';

/**
 * Computes the named points of each product (product id -> its countries) with computePricePoints, one statement per
 * set of countries: the products whose points are due in the same countries are computed together.
 */
export async function computeEachProduct(tx: Executor, due: Map<number, string[]>): Promise<{ written: number; uncomputable: UncomputablePoint[] }> {
  const productsOf = new Map<string, number[]>();
  for (const [productId, regions] of due) {
    const key = [...new Set(regions)].sort().join(',');
    productsOf.set(key, [...(productsOf.get(key) ?? []), productId]);
  }
  let written = 0;
  const uncomputable: UncomputablePoint[] = [];
  for (const [key, productIds] of productsOf) {
    const result = await computePricePoints(tx, { productIds, regionCodes: key.split(',') });
    written += result.written;
    uncomputable.push(...result.uncomputable);
  }
  return { written, uncomputable };
}
