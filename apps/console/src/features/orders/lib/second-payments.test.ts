import { describe, expect, it } from 'vitest';
import { secondPaymentColor } from './second-payments';

describe('secondPaymentColor', () => {
  it('colours each state of a second payment', () => {
    expect(secondPaymentColor('open')).toBe('orange');
    expect(secondPaymentColor('refund_pending')).toBe('blue');
    expect(secondPaymentColor('refund_failed')).toBe('red');
    expect(secondPaymentColor('refunded')).toBe('green');
  });
});
