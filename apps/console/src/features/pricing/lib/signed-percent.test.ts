import { describe, expect, it } from 'vitest';
import { signedPercent } from './signed-percent';

describe('signedPercent', () => {
  it.each([
    [6.2, '+6.20%'],
    [-3.1, '−3.10%'],
    [0, '0.00%'],
    [-0.001, '0.00%'],
    [0.004, '0.00%'],
    [12.346, '+12.35%'],
  ])('%d is %s', (percent, text) => {
    expect(signedPercent(percent)).toBe(text);
  });

  it('keeps no move (an operator price, a new currency) as null', () => {
    expect(signedPercent(null)).toBeNull();
  });
});
