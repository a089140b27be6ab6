import { describe, expect, it } from 'vitest';
import { OrderStatus } from '@shop/contract/orders';
import { POLL_INTERVAL_MS } from '../../../shared/lib/poll-status';
import { nextStatusPoll } from './get-order-status';

describe('polling the purchase result', () => {
  it('asks again while the payment is processed and the goods delivered', () => {
    expect(nextStatusPoll(undefined, false)).toBe(POLL_INTERVAL_MS);
    for (const status of [OrderStatus.AWAITING_PAYMENT, OrderStatus.PAYMENT_PROCESSING, OrderStatus.PAYMENT_COMPLETE]) {
      expect(nextStatusPoll(status, false), String(status)).toBe(POLL_INTERVAL_MS);
    }
  });

  it('stops at a final status', () => {
    for (const status of [OrderStatus.ORDER_COMPLETE, OrderStatus.DELIVERY_ERROR, OrderStatus.TRANSACTION_FAILED, OrderStatus.CLOSED, OrderStatus.REFUND_COMPLETE]) {
      expect(nextStatusPoll(status, false), String(status)).toBe(false);
    }
  });

  it('stops when the time is over', () => {
    expect(nextStatusPoll(OrderStatus.PAYMENT_PROCESSING, true)).toBe(false);
  });
});
