import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ORDER_STATUS_CODES, OrderStatus } from '@shop/contract/orders.schema';
import { ORDER_EVENTS, ORDER_TRANSITIONS, canTransition, nextStatus } from './order-state-machine.ts';

const S = OrderStatus;
/** Statuses in which money has been received; from here the order must never look unpaid again. */
const PAID = new Set<number>([S.PAYMENT_COMPLETE, S.ORDER_COMPLETE, S.DELIVERY_ERROR, S.REFUND_COMPLETE, S.REFUNDED_AFTER_DELIVERY]);
const UNPAID = new Set<number>([S.AWAITING_PAYMENT, S.PAYMENT_PROCESSING, S.CLOSED, S.CANCELLED, S.TRANSACTION_FAILED]);

describe('order state machine', () => {
  it('only names real statuses', () => {
    for (const { from, to } of Object.values(ORDER_TRANSITIONS)) {
      for (const status of [...from, to]) expect(ORDER_STATUS_CODES).toContain(status);
    }
  });

  it('never leads from a paid status back to an unpaid one, whatever the events', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ORDER_EVENTS), { maxLength: 40 }), (events) => {
        let status: number = S.AWAITING_PAYMENT;
        let paid = false;
        for (const event of events) {
          const next = nextStatus(status, event);
          if (next === undefined) continue;
          expect(canTransition(status, event)).toBe(true);
          expect((ORDER_TRANSITIONS[event].from as readonly number[]).includes(status)).toBe(true);
          status = next;
          if (PAID.has(status)) paid = true;
          if (paid) expect(UNPAID.has(status)).toBe(false);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('ends refunds for good', () => {
    for (const event of ORDER_EVENTS) {
      expect(nextStatus(S.REFUND_COMPLETE, event)).toBeUndefined();
      expect(nextStatus(S.REFUNDED_AFTER_DELIVERY, event)).toBeUndefined();
    }
  });

  it('lets a confirmed payment settle an expired, cancelled or failed order, so no money is lost', () => {
    for (const status of [S.AWAITING_PAYMENT, S.PAYMENT_PROCESSING, S.CLOSED, S.CANCELLED, S.TRANSACTION_FAILED]) {
      expect(nextStatus(status, 'paymentConfirmed')).toBe(S.PAYMENT_COMPLETE);
    }
    expect(nextStatus(S.ORDER_COMPLETE, 'paymentConfirmed')).toBeUndefined();
  });

  it('only lets players cancel and orders expire while unpaid', () => {
    for (const status of ORDER_STATUS_CODES) {
      expect(canTransition(status, 'cancelledByPlayer')).toBe(status === S.AWAITING_PAYMENT);
      expect(canTransition(status, 'expired')).toBe(status === S.AWAITING_PAYMENT);
      expect(canTransition(status, 'closedByPlayerTimer')).toBe(status === S.AWAITING_PAYMENT);
      expect(canTransition(status, 'giftClaimed')).toBe(status === S.AWAITING_PAYMENT);
    }
    expect(nextStatus(S.AWAITING_PAYMENT, 'closedByPlayerTimer')).toBe(S.CLOSED);
    expect(nextStatus(S.AWAITING_PAYMENT, 'giftClaimed')).toBe(S.PAYMENT_COMPLETE);
  });

  it('delivers from 2 or 8, gives up only from 2, and refunds to 6 before and 9 after delivery', () => {
    for (const status of ORDER_STATUS_CODES) {
      expect(canTransition(status, 'delivered')).toBe(status === S.PAYMENT_COMPLETE || status === S.DELIVERY_ERROR);
      expect(canTransition(status, 'deliveryFailed')).toBe(status === S.PAYMENT_COMPLETE);
    }
    expect(nextStatus(S.DELIVERY_ERROR, 'refundedBeforeDelivery')).toBe(S.REFUND_COMPLETE);
    expect(nextStatus(S.ORDER_COMPLETE, 'refundedAfterDelivery')).toBe(S.REFUNDED_AFTER_DELIVERY);
  });
});
