import { describe, expect, it } from 'vitest';
import { displayOrderSn } from '@shop/contract/orders';
import { footerOf, statusKey, tabFromQuery } from './order-view';

describe('order view', () => {
  it('picks the tab from the type parameter', () => {
    expect(tabFromQuery('3')).toBe(3);
    expect(tabFromQuery(null)).toBe(1);
    expect(tabFromQuery('9')).toBe(1);
    expect(tabFromQuery('x')).toBe(1);
  });

  it('footers by status: Order Total while unpaid or never paid, Total Paid when complete, Refund Order when refunded', () => {
    const order = (status: number) => ({ status, payAmount: 0, totalAmount: 4.99 });
    expect([0, 1].map((s) => footerOf(order(s)).footer)).toEqual(['orderTotal', 'orderTotal']);
    expect([2, 3, 8].map((s) => footerOf(order(s)).footer)).toEqual(['totalPaid', 'totalPaid', 'totalPaid']);
    // closed, cancelled and declined orders were never paid: no "Refund Order" as if they had been refunded
    expect([4, 5, 7].map((s) => footerOf(order(s)).footer)).toEqual(['orderTotal', 'orderTotal', 'orderTotal']);
    expect([6, 9].map((s) => footerOf(order(s)).footer)).toEqual(['refundOrder', 'refundOrder']);
    expect(footerOf({ status: 3, payAmount: 4.5, totalAmount: 4.99 }).amount).toBe(4.5);
    expect(footerOf({ status: 0, payAmount: 0, totalAmount: 4.99 }).amount).toBe(4.99);
  });

  it('has a status text key for 0-9 and shows the order number from the 13th character', () => {
    expect(statusKey(7)).toBe('status.7');
    expect(statusKey(12)).toBe('status.unknown');
    expect(displayOrderSn('202501011234V0000001')).toBe('V0000001');
  });
});
