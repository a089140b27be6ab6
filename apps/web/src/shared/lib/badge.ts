/** Spec section 2: the cart badge shows nothing for 0, the count up to 99, and 99+ above that. */
export const BADGE_CAP = 99;

export function badgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  const whole = Math.floor(count);
  if (whole <= 0) return null;
  return whole > BADGE_CAP ? `${BADGE_CAP}+` : String(whole);
}
