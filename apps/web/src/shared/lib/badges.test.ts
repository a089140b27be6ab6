import { describe, expect, it } from 'vitest';
import { discountPercent } from './badges';

describe('discountPercent', () => {
  it('is the whole percent saved, rounded down', () => {
    expect(discountPercent(2999, 2699)).toBe(10);
    expect(discountPercent(1000, 500)).toBe(50);
    expect(discountPercent(999, 1)).toBe(99);
  });

  it('has no badge without a real discount', () => {
    expect(discountPercent(999, 999)).toBeUndefined();
    expect(discountPercent(999, 1200)).toBeUndefined();
    expect(discountPercent(10_000, 9_950)).toBeUndefined();
    expect(discountPercent(0, 0)).toBeUndefined();
  });
});
