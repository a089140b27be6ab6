import { describe, expect, it } from 'vitest';
import { actionsOf, myOrderTab } from './my-order-view';

const order = (status: number, extra: Partial<{ totalAmount: number; refundRequest: unknown }> = {}) => ({
  status,
  totalAmount: 4.99,
  orderSource: 'shop',
  ...extra,
});

describe('my order view', () => {
  it('reads the tab from the query (All by default)', () => {
    expect(myOrderTab('3')).toBe(3);
    expect(myOrderTab('9')).toBe(1);
    expect(myOrderTab(null)).toBe(1);
  });
  it('offers pay and cancel while unpaid, refund when paid, delete when finished, the delivery again after a Delivery Error', () => {
    expect(actionsOf(order(0))).toEqual({ pay: true, cancel: true, refund: false, del: false, retryDelivery: false });
    expect(actionsOf(order(1))).toEqual({ pay: false, cancel: false, refund: false, del: false, retryDelivery: false });
    expect(actionsOf(order(2))).toEqual({ pay: false, cancel: false, refund: true, del: false, retryDelivery: false });
    expect(actionsOf(order(3))).toEqual({ pay: false, cancel: false, refund: true, del: true, retryDelivery: false });
    expect(actionsOf(order(8))).toEqual({ pay: false, cancel: false, refund: true, del: false, retryDelivery: true });
    expect(actionsOf(order(3, { refundRequest: { status: 'requested' } })).refund).toBe(false);
    expect(actionsOf(order(3, { totalAmount: 0 })).refund).toBe(false);
    expect(actionsOf(order(5)).del).toBe(true);
  });
});
