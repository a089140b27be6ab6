import { toMajor, toMinor } from './money';

/**
 * One line as the lists answer it (ADR 0050, LocalPriceFields): its unit price in the player's country, and its base
 * price, which a channel that cannot charge the local currency charges instead (ADR 0053).
 */
export interface PricedLine {
  currency: string;
  price: number;
  discountPrice: number;
  baseCurrency: string;
  basePrice: number;
  baseDiscountPrice: number;
  quantity: number;
}

/** An item of the voucher or product list (both answer LocalPriceFields beside their price) as a line of an order. */
export const pricedLine = (
  item: { currency: string; productPrice: number; productDiscountPrice: number; baseCurrency: string; baseProductPrice: number; baseDiscountPrice: number },
  quantity: number,
): PricedLine => ({
  currency: item.currency,
  price: item.productPrice,
  discountPrice: item.productDiscountPrice,
  baseCurrency: item.baseCurrency,
  basePrice: item.baseProductPrice,
  baseDiscountPrice: item.baseDiscountPrice,
  quantity,
});

/** What the order is charged, in major units of `currency` (what the price formatter takes). */
export interface ChargedAmount {
  currency: string;
  /** Whether the lines' local prices are charged (false: their base prices). */
  local: boolean;
  /** Each line's unit prices in the charged currency, in the order of the lines given. */
  lines: { price: number; discountPrice: number }[];
  /** Before discounts. */
  original: number;
  /** What the player pays. */
  total: number;
  discount: number;
  items: number;
}

const sumMinor = (lines: readonly PricedLine[], unit: (line: PricedLine) => number, currency: string) =>
  lines.reduce((sum, line) => sum + toMinor(unit(line), currency) * line.quantity, 0);

/**
 * The amount an order of these lines is charged through a channel, as the server decides it
 * (apps/server/src/modules/pricing/charged-price.ts chargeOrder): the local prices when every line is in one currency
 * and the channel charges the local currency (`chargesLocalCurrency` of the channel list); otherwise every line at its
 * base price. Sums are made in minor units. A line whose amount its currency cannot hold makes the sums NaN, so the page
 * shows no total rather than a wrong one.
 */
export function chargedAmount(lines: readonly PricedLine[], chargesLocalCurrency: boolean): ChargedAmount {
  const first = lines[0];
  const local = chargesLocalCurrency && first !== undefined && lines.every((line) => line.currency === first.currency);
  const currency = (local ? first.currency : first?.baseCurrency) ?? '';
  const price = (line: PricedLine) => (local ? line.price : line.basePrice);
  const discountPrice = (line: PricedLine) => (local ? line.discountPrice : line.baseDiscountPrice);
  const originalMinor = sumMinor(lines, price, currency);
  const totalMinor = sumMinor(lines, discountPrice, currency);
  return {
    currency,
    local,
    lines: lines.map((line) => ({ price: price(line), discountPrice: discountPrice(line) })),
    original: toMajor(originalMinor, currency),
    total: toMajor(totalMinor, currency),
    discount: toMajor(Math.max(0, originalMinor - totalMinor), currency),
    items: lines.reduce((sum, line) => sum + line.quantity, 0),
  };
}

/** Whether the channel charges another currency than the one shown: the page then says so before the player pays. */
export const chargesOtherCurrency = (shownCurrency: string, charged: ChargedAmount) =>
  charged.currency.toUpperCase() !== shownCurrency.toUpperCase();

