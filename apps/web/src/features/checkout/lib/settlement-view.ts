import { DEFAULT_REGION, UNKNOWN_REGION } from '@shop/contract/games';
import type { ShopProduct } from '@shop/contract/products';
import type { CartLine } from '../../../shared/cart/cart';
import { toCartProduct } from '../../../shared/checkout/settlement';

/**
 * The settlement's lines at today's prices in the order's region (ADR 0050, 0052): each line takes its product's
 * current local and base prices from the list; a product no longer on sale keeps what was stored (the order is then
 * refused with "product not found", never charged at a price not shown).
 */
export function repriceLines(lines: readonly CartLine[], products: readonly ShopProduct[]): CartLine[] {
  const byId = new Map(products.map((product) => [product.id, product]));
  return lines.map((line) => {
    const product = byId.get(line.productId);
    return product ? { ...line, ...toCartProduct(product) } : line;
  });
}

/** The IP lookup says ZZ when it does not know: the default region then. */
export const regionOf = (code: string | undefined) => (!code || code.toUpperCase() === UNKNOWN_REGION ? DEFAULT_REGION : code.toUpperCase());
