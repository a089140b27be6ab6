import { DEFAULT_REGION, UNKNOWN_REGION } from '@shop/contract/games';
import type { CartLine } from '../../../shared/cart/cart';

/** Sums in minor units (cents) so the summary never shows 0.30000000000000004. */
export function summaryOf(lines: readonly Pick<CartLine, 'price' | 'discountPrice' | 'quantity'>[]) {
  let items = 0;
  let original = 0;
  let total = 0;
  for (const line of lines) {
    items += line.quantity;
    original += Math.round(line.price * 100) * line.quantity;
    total += Math.round(line.discountPrice * 100) * line.quantity;
  }
  return { items, original: original / 100, total: total / 100, discount: Math.max(0, original - total) / 100 };
}

/** The IP lookup says ZZ when it does not know: the default region then. */
export const regionOf = (code: string | undefined) => (!code || code.toUpperCase() === UNKNOWN_REGION ? DEFAULT_REGION : code.toUpperCase());
