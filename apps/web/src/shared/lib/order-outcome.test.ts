import { describe, expect, it } from 'vitest';
import { outcomeOf } from './order-outcome';

describe('outcomeOf', () => {
  it('maps every status code', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map(outcomeOf)).toEqual([
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
