import { describe, expect, it } from 'vitest';
import { regionOf, resultOf, summaryOf } from './settlement-view';

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
  it('reads order statuses as results', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map(resultOf)).toEqual([
      'pending',
      'pending',
      'success',
      'success',
      'closed',
      'closed',
      'refunded',
      'failed',
      'deliveryError',
      'refunded',
    ]);
  });
});
