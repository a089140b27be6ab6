import { routeTable } from './route.ts';
import type * as schema from './catalog.schema.ts';

export type { VoucherGoods } from './catalog.schema.ts';

/** Goods types and category ids of spec section 3. */
export const GoodsType = { DIAMOND: 1, VIP: 2, OTHER: 3, FREE: 4, VOUCHER: 5 } as const;
/**
 * Free 1, VIP 15 and diamond 17 are the spec's; the spec names no category for other items and voucher packs, so ours
 * are 20 and 30. (The spec's "category-to-type 1 to 3" contradicts "free 1"; the mapping, free = category 1, wins.)
 */
export const CategoryId = { FREE: 1, VIP: 15, DIAMOND: 17, OTHER: 20, VOUCHER: 30 } as const;
/** Product 9521 is never shown (spec section 9). */
export const EXCLUDED_PRODUCT_ID = 9521;

export const voucherList = routeTable<typeof schema.voucherListSchemas>()({
  method: 'POST',
  path: '/v1/voucher/list/:appId',
  auth: 'none',
  summary: "The game's voucher packs, names and descriptions in the request's language",
});

/** Reads a positive amount (`diamond`, `bonus`) from a product's configJson, if any. */
function configAmountOf(configJson: string, field: 'diamond' | 'bonus'): number | undefined {
  try {
    const parsed: unknown = JSON.parse(configJson);
    if (parsed && typeof parsed === 'object' && field in parsed) {
      const value = Number((parsed as Record<string, unknown>)[field]);
      return Number.isFinite(value) && value > 0 ? value : undefined;
    }
  } catch {
    // configJson is free text from the catalogue; anything unparsable simply has no amount
  }
  return undefined;
}

/** Reads the diamond amount from a product's configJson, if any. */
export const diamondAmountOf = (configJson: string): number | undefined => configAmountOf(configJson, 'diamond');

/** Reads the bonus part of the diamond amount (shown as "+N bonus") from a product's configJson, if any. */
export const bonusAmountOf = (configJson: string): number | undefined => configAmountOf(configJson, 'bonus');
