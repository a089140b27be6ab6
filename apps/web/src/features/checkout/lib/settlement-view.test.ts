import { describe, expect, it } from 'vitest';
import { regionOf, summaryOf } from './settlement-view';

describe('settlement view', () => {
  it('sums items, original price, discount and total in cents', () => {
    expect(
      summaryOf([
        { price: 1.99, discountPrice: 0.99, quantity: 3 },
        { price: 0.1, discountPrice: 0.1, quantity: 2 },
      ]),
    ).toEqual({ items: 5, original: 6.17, total: 3.17, discount: 3 });
  });
  it('treats the unknown region as the default one', () => {
    expect(regionOf('ZZ')).toBe('US');
    expect(regionOf(undefined)).toBe('US');
    expect(regionOf('de')).toBe('DE');
  });
});
