/**
 * The discount a badge shows, in whole percent of the original price (rounded down, so a badge never promises more
 * than the price gives); undefined when there is none worth a badge (under 1 %).
 */
export function discountPercent(priceMinor: number, discountPriceMinor: number): number | undefined {
  if (priceMinor <= 0 || discountPriceMinor < 0 || discountPriceMinor >= priceMinor) return undefined;
  const percent = Math.floor(((priceMinor - discountPriceMinor) * 100) / priceMinor);
  return percent >= 1 ? percent : undefined;
}
