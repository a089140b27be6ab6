/**
 * The cart (spec sections 3 and 5), held on the client like the rest of the spec's client state: a list of lines, each a
 * product with a quantity and a "selected for checkout" flag. Pure functions, so the rules are tested without a browser.
 */
import { chargedAmount, type ChargedAmount, type PricedLine } from '../pricing/charged-price';

/** At most 10 items per transaction: the selected lines' quantities together (spec section 5). */
export const CART_MAX_ITEMS = 10;
/** One line never holds more than one transaction can buy. */
export const LINE_MAX_QUANTITY = CART_MAX_ITEMS;

export interface CartProduct {
  productId: number;
  appId: number;
  productName: string;
  thumbnail: string;
  /** The price in the account's country when it was added (ADR 0050); the settlement asks for today's. */
  price: number;
  discountPrice: number;
  currency: string;
  /** The base price a channel that cannot charge the local currency charges instead (ADR 0053). */
  baseCurrency: string;
  basePrice: number;
  baseDiscountPrice: number;
  goodsType: number;
}

export interface CartLine extends CartProduct {
  quantity: number;
  selected: boolean;
}

export type CartProblem = 'emptySelection' | 'tooMany' | 'badQuantity';

const isQuantity = (value: number) => Number.isInteger(value) && value >= 1 && value <= LINE_MAX_QUANTITY;
const isAmount = (value: unknown) => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/**
 * Only well-formed lines survive a restore from storage (the saved state may come from an older build): a line needs
 * its local and base prices to be totalled as the server charges it.
 */
export function sanitizeCart(value: unknown): CartLine[] {
  if (!Array.isArray(value)) return [];
  return value.filter((item): item is CartLine => {
    if (!item || typeof item !== 'object') return false;
    const line = item as CartLine;
    return (
      Number.isSafeInteger(line.productId) &&
      isQuantity(line.quantity) &&
      typeof line.productName === 'string' &&
      typeof line.currency === 'string' &&
      typeof line.baseCurrency === 'string' &&
      [line.price, line.discountPrice, line.basePrice, line.baseDiscountPrice].every(isAmount)
    );
  });
}

/** Number of items in the cart (the badge's count): the sum of the quantities. */
export const cartCount = (lines: readonly CartLine[]) => lines.reduce((sum, line) => sum + line.quantity, 0);

export const selectedLines = (lines: readonly CartLine[]) => lines.filter((line) => line.selected);

export const selectedCount = (lines: readonly CartLine[]) => cartCount(selectedLines(lines));

/** Adds a product (or more of it); a line never goes above LINE_MAX_QUANTITY. New and topped-up lines are selected. */
export function addLine(
  lines: readonly CartLine[],
  product: CartProduct,
  quantity = 1,
): { lines: CartLine[]; problem?: CartProblem } {
  if (!isQuantity(quantity)) return { lines: [...lines], problem: 'badQuantity' };
  const existing = lines.find((line) => line.productId === product.productId);
  if (!existing) return { lines: [...lines, { ...product, quantity, selected: true }] };
  const next = existing.quantity + quantity;
  if (next > LINE_MAX_QUANTITY) return { lines: [...lines], problem: 'tooMany' };
  return {
    lines: lines.map((line) => (line === existing ? { ...line, ...product, quantity: next, selected: true } : line)),
  };
}

export function removeLine(lines: readonly CartLine[], productId: number): CartLine[] {
  return lines.filter((line) => line.productId !== productId);
}

/** Sets a line's quantity (1..10); anything else is refused and nothing changes. */
export function setQuantity(
  lines: readonly CartLine[],
  productId: number,
  quantity: number,
): { lines: CartLine[]; problem?: CartProblem } {
  if (!isQuantity(quantity)) return { lines: [...lines], problem: quantity > LINE_MAX_QUANTITY ? 'tooMany' : 'badQuantity' };
  return { lines: lines.map((line) => (line.productId === productId ? { ...line, quantity } : line)) };
}

export function setSelected(lines: readonly CartLine[], productId: number, selected: boolean): CartLine[] {
  return lines.map((line) => (line.productId === productId ? { ...line, selected } : line));
}

export function selectAll(lines: readonly CartLine[], selected: boolean): CartLine[] {
  return lines.map((line) => ({ ...line, selected }));
}

/** Whether the selection can be checked out: something selected, and at most 10 items. */
export function checkoutProblem(lines: readonly CartLine[]): CartProblem | undefined {
  const chosen = selectedLines(lines);
  if (chosen.length === 0) return 'emptySelection';
  if (cartCount(chosen) > CART_MAX_ITEMS) return 'tooMany';
  return undefined;
}

/** A cart line as a line of an order: what chargedAmount totals. */
export const pricedCartLine = (line: CartProduct & { quantity: number }): PricedLine => ({
  currency: line.currency,
  price: line.price,
  discountPrice: line.discountPrice,
  baseCurrency: line.baseCurrency,
  basePrice: line.basePrice,
  baseDiscountPrice: line.baseDiscountPrice,
  quantity: line.quantity,
});

/**
 * The selection's total as a channel that charges the local currency would charge it (the channel is picked at the
 * settlement): its lines' local prices when they share one currency, else their base prices; summed in minor units.
 */
export const selectionCharge = (lines: readonly CartLine[]): ChargedAmount => chargedAmount(selectedLines(lines).map(pricedCartLine), true);
