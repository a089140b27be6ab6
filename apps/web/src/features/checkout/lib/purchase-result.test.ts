import { describe, expect, it } from 'vitest';
import { isFinalResult, purchaseResultOf } from './purchase-result';

describe('the purchase result', () => {
  it('reads paid (2) as being delivered, and only Order Complete (3) as success', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map(purchaseResultOf)).toEqual([
      'pending',
      'pending',
      'delivering',
      'success',
      'closed',
      'closed',
      'refunded',
      'failed',
      'deliveryError',
      'refunded',
    ]);
  });

  it('keeps asking while the payment is processed or the goods are on their way, and stops at 3, 8 and every failure', () => {
    expect([0, 1, 2].map(isFinalResult)).toEqual([false, false, false]);
    expect([3, 4, 5, 6, 7, 8, 9].every(isFinalResult)).toBe(true);
  });
});
