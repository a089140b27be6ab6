import { and, eq, inArray, sql } from 'drizzle-orm';
import { OrderStatus, type OrderStatusCode } from '@shop/contract/orders';
import type { Executor } from '../../db/client.ts';
import { orderStatusHistory, orders } from '../../db/schema.ts';
import { reportOrderMoved } from './order-events.ts';

const S = OrderStatus;

/**
 * The order process: every status change goes through one of these events, and only from the listed statuses.
 * A payment confirmed by the provider is never lost: it settles an order even after expiry (4), a player's cancel (5)
 * or an earlier failure report (7), because the money has moved.
 */
export const ORDER_TRANSITIONS = {
  /** The provider holds the payment but has not confirmed it yet (PayPal capture PENDING, approval seen). */
  paymentPending: { from: [S.AWAITING_PAYMENT], to: S.PAYMENT_PROCESSING },
  /** The provider confirmed the money (webhook, capture, reconciliation). */
  paymentConfirmed: {
    from: [S.AWAITING_PAYMENT, S.PAYMENT_PROCESSING, S.CLOSED, S.CANCELLED, S.TRANSACTION_FAILED],
    to: S.PAYMENT_COMPLETE,
  },
  /** The provider reported the payment failed or was declined. */
  paymentFailed: { from: [S.AWAITING_PAYMENT, S.PAYMENT_PROCESSING], to: S.TRANSACTION_FAILED },
  /** Unpaid for longer than the configured time. */
  expired: { from: [S.AWAITING_PAYMENT], to: S.CLOSED },
  /** A free web-only gift was claimed: nothing to pay, it goes straight to delivery. */
  giftClaimed: { from: [S.AWAITING_PAYMENT], to: S.PAYMENT_COMPLETE },
  /** The purchase page's payment countdown ran out (v1/order/cancel/auto): closed like an expired order. */
  closedByPlayerTimer: { from: [S.AWAITING_PAYMENT], to: S.CLOSED },
  /** The player cancelled before paying. */
  cancelledByPlayer: { from: [S.AWAITING_PAYMENT], to: S.CANCELLED },
  /** Vouchers credited or goods delivered to the game. */
  delivered: { from: [S.PAYMENT_COMPLETE, S.DELIVERY_ERROR], to: S.ORDER_COMPLETE },
  /** Delivery failed after all retries: an operator looks at it, a retry may still complete it. */
  deliveryFailed: { from: [S.PAYMENT_COMPLETE], to: S.DELIVERY_ERROR },
  /** Money returned before anything reached the game. */
  refundedBeforeDelivery: { from: [S.PAYMENT_COMPLETE, S.DELIVERY_ERROR], to: S.REFUND_COMPLETE },
  /** Money returned after delivery; what could be reversed was reversed. */
  refundedAfterDelivery: { from: [S.ORDER_COMPLETE], to: S.REFUNDED_AFTER_DELIVERY },
} as const satisfies Record<string, { from: readonly OrderStatusCode[]; to: OrderStatusCode }>;

export type OrderEvent = keyof typeof ORDER_TRANSITIONS;
export const ORDER_EVENTS = Object.keys(ORDER_TRANSITIONS) as OrderEvent[];

export function canTransition(status: number, event: OrderEvent): boolean {
  return (ORDER_TRANSITIONS[event].from as readonly number[]).includes(status);
}

/** The status after an event, or undefined when the table forbids it. */
export function nextStatus(status: number, event: OrderEvent): OrderStatusCode | undefined {
  return canTransition(status, event) ? ORDER_TRANSITIONS[event].to : undefined;
}

export type OrderRow = typeof orders.$inferSelect;

/**
 * Applies an event with a conditional update (WHERE status IN allowed-from): whoever wins moves the order, everyone
 * else gets undefined and sees it done. Writes the history row in the same transaction, and reports the move to the
 * metrics once that commits (order-events.ts).
 */
export async function transition(
  tx: Executor,
  orderId: number,
  event: OrderEvent,
  changes: Partial<Pick<OrderRow, 'paidAt' | 'thirdOrderId' | 'thirdChannelName' | 'deliveredAt'>> = {},
): Promise<OrderRow | undefined> {
  const { from, to } = ORDER_TRANSITIONS[event];
  const [before] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...from])))
    .for('update');
  if (!before) return undefined;
  const [updated] = await tx
    .update(orders)
    .set({ ...changes, status: to, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId))
    .returning();
  await tx.insert(orderStatusHistory).values({ orderId, fromStatus: before.status, toStatus: to, event });
  reportOrderMoved(tx, updated!, event);
  return updated;
}
