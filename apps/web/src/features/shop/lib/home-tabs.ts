import { CategoryId, GoodsType } from '@shop/contract/catalog';

/** The shop's tabs (spec section 2: vouchers, gems, VIP, other) with their goods types and category ids (section 3). */
export const HOME_TABS = [
  { key: 'voucher', goodsType: GoodsType.VOUCHER, categoryId: null },
  { key: 'gems', goodsType: GoodsType.DIAMOND, categoryId: CategoryId.DIAMOND },
  { key: 'vip', goodsType: GoodsType.VIP, categoryId: CategoryId.VIP },
  { key: 'other', goodsType: GoodsType.OTHER, categoryId: null },
] as const;
export type HomeTabKey = (typeof HOME_TABS)[number]['key'];

/** Gems is the main category the shop opens on. */
export const DEFAULT_TAB: HomeTabKey = 'gems';

export function tabFromQuery(value: string | null): HomeTabKey {
  return HOME_TABS.find((tab) => tab.key === value)?.key ?? DEFAULT_TAB;
}

export const tabOf = (key: HomeTabKey) => HOME_TABS.find((tab) => tab.key === key)!;

/** A product's own page: free gifts have the claim page, vouchers are bought on the voucher page. */
export function productPath(product: { id: number; goodsType: number }): string {
  if (product.goodsType === GoodsType.FREE) return `/home/freeGiftDetail?id=${product.id}`;
  return `/home/goodsDetail?id=${product.id}`;
}

/**
 * Vouchers are bought on the voucher page, which keeps the shop's session and buys for its game account: the page is
 * opened without the game's launch parameters, so it never logs anybody else in (ADR 0035, docs/adr/0035-player-pages-sessions.md).
 */
export const VOUCHER_PAGE_PATH = '/voucher';

/** Quantity picker bounds (contract: 1..10 per line). */
export function clampQuantity(value: number, max = 10): number {
  if (!Number.isFinite(value)) return 1;
  return Math.min(max, Math.max(1, Math.trunc(value)));
}
