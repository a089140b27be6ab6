/**
 * How far an exchange rate moved since a price point was computed at it (ADR 0050), exactly: rates are decimal texts
 * (units per US dollar, at most 12 fraction digits) and are compared as scaled integers, never as floats.
 */

const RATE_DIGITS = 12;
const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** '0.92' -> 920000000000n (the rate times 10^12); the database's numeric(24,12) text has at most 12 fraction digits. */
export function scaledRate(text: string): bigint {
  const match = DECIMAL.exec(text.trim());
  if (!match) throw new RangeError(`not a rate: ${text}`);
  const [, whole = '', fraction = ''] = match;
  return BigInt(whole + fraction.slice(0, RATE_DIGITS).padEnd(RATE_DIGITS, '0'));
}

/** a / b rounded half away from zero, for a positive b. */
function divideRounded(a: bigint, b: bigint): bigint {
  const sign = a < 0n ? -1n : 1n;
  return (sign * (2n * sign * a + b)) / (2n * b);
}

/** The signed move of `current` since `computedAt`, in percent with two decimals: 0.92 -> 0.966 is 5. */
export function movePercent(current: string, computedAt: string): number {
  const now = scaledRate(current);
  const then = scaledRate(computedAt);
  if (then === 0n) throw new RangeError('a rate of zero');
  return Number(divideRounded((now - then) * 10_000n, then)) / 100;
}

/** Whether the rate moved strictly more than `limitPercent` (the configured drift; two decimals count) since. */
export function beyondDrift(current: string, computedAt: string, limitPercent: number): boolean {
  const now = scaledRate(current);
  const then = scaledRate(computedAt);
  const limitHundredths = BigInt(Math.round(limitPercent * 100));
  const moved = now > then ? now - then : then - now;
  return moved * 10_000n > limitHundredths * then;
}

/** A rate as people read it: '0.920000000000' -> '0.92', '0150' -> '150'. */
export const plainRate = (text: string): string => {
  const scaled = scaledRate(text).toString().padStart(RATE_DIGITS + 1, '0');
  const fraction = scaled.slice(-RATE_DIGITS).replace(/0+$/, '');
  const whole = scaled.slice(0, -RATE_DIGITS);
  return fraction ? `${whole}.${fraction}` : whole;
};
