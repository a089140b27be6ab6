/**
 * A move in percent, signed with two decimals ("+6.20%", "−3.10%", "0.00%"): how far a rate moved since a price was
 * computed, or how far an import moves it. null (an operator's price, a currency without a rate before) stays null.
 * A percentage, not money: formatting the float is fine here.
 */
export function signedPercent(percent: number | null): string | null {
  if (percent === null) return null;
  const rounded = Math.abs(percent).toFixed(2);
  if (rounded === '0.00') return '0.00%';
  return `${percent > 0 ? '+' : '−'}${rounded}%`;
}
