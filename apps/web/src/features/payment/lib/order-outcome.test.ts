import { describe, expect, it } from 'vitest';
import { providerSaysCancelled, providerSaysNotPaid } from './order-outcome';

describe('providerSaysNotPaid', () => {
  it('reads PayerMax non-success statuses as a hint, and nothing else', () => {
    expect(providerSaysNotPaid('payermax', new URLSearchParams('status=CANCEL'))).toBe(true);
    expect(providerSaysNotPaid('payermax', new URLSearchParams('status=failed'))).toBe(true);
    expect(providerSaysNotPaid('payermax', new URLSearchParams('status=SUCCESS'))).toBe(false);
    expect(providerSaysNotPaid('payermax', new URLSearchParams(''))).toBe(false);
    expect(providerSaysNotPaid('paypal', new URLSearchParams('status=CANCEL'))).toBe(false);
  });
});

describe('providerSaysCancelled', () => {
  it('reads only PayerMax CANCEL (any spelling, any case) as the player leaving the checkout', () => {
    for (const status of ['CANCEL', 'cancelled', ' Canceled ']) expect(providerSaysCancelled('payermax', new URLSearchParams({ status }))).toBe(true);
    for (const status of ['FAILED', 'CLOSED', 'SUCCESS', '']) expect(providerSaysCancelled('payermax', new URLSearchParams({ status }))).toBe(false);
    expect(providerSaysCancelled('paypal', new URLSearchParams('status=CANCEL'))).toBe(false);
  });
});
