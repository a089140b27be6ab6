import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { OrderStatus, type OrderStatusCode } from '@shop/contract/orders.schema';
import type { Executor } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { reportOrderMoved } from './order-events.ts';
import { firstRow, typed } from '../../db/statement.ts';

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

/** What a move may change besides the status. */
export type TransitionChanges = Partial<Pick<OrderRow, 'paidAt' | 'thirdOrderId' | 'thirdChannelName' | 'providerPaymentId' | 'deliveredAt'>>;

/** One move in progress: the transaction it happens in, the order after it, and where it came from. */
export interface TransitionStep {
  tx: Executor;
  order: OrderRow;
  from: number;
  event: OrderEvent;
  /** For effects that move the order further (a voucher order is complete as soon as its vouchers are credited). */
  process: OrderProcess;
}

/** What a refund took back: vouchers from the balance, and what the player had already spent in the game. */
export interface Reversal {
  vouchersTakenBack: number;
  vouchersUnrecovered: number;
  /** Goods were sent (or may be on their way) to the game: an outbox job takes them back there. */
  goodsRevoked: boolean;
}

/**
 * What other modules do when an order moves (fulfilment/ implements it; the wiring hands it in). Each runs inside the
 * transaction of the move, so the move and its consequence commit together or not at all.
 */
export interface OrderEffects {
  /** Paid, or a gift claimed: vouchers are credited, goods are queued for delivery to the game. */
  fulfil(step: TransitionStep): Promise<void>;
  /** Money went back to the player: what the order gave is taken back. */
  reverse(step: TransitionStep): Promise<Reversal>;
}

/** The side effects of the moves that have them; every other move only changes the status. */
const SIDE_EFFECTS = {
  paymentConfirmed: (effects: OrderEffects, step: TransitionStep) => effects.fulfil(step),
  giftClaimed: (effects: OrderEffects, step: TransitionStep) => effects.fulfil(step),
  refundedBeforeDelivery: (effects: OrderEffects, step: TransitionStep) => effects.reverse(step),
  refundedAfterDelivery: (effects: OrderEffects, step: TransitionStep) => effects.reverse(step),
} satisfies { [E in OrderEvent]?: (effects: OrderEffects, step: TransitionStep) => Promise<unknown> };

type EffectOf<E extends OrderEvent> = E extends keyof typeof SIDE_EFFECTS ? Awaited<ReturnType<(typeof SIDE_EFFECTS)[E]>> : undefined;

/** A move that happened: the order as it is now, and what its side effect reported (the refunds' reversal). */
export interface Moved<E extends OrderEvent> {
  order: OrderRow;
  effect: EffectOf<E>;
}

/**
 * Moves orders through the table above, with a conditional update (WHERE status IN allowed-from): whoever wins moves the
 * order, everyone else gets undefined and sees it done. The history row, the side effect and the metrics report (after
 * commit, order-events.ts) belong to the same move.
 */
export class OrderProcess {
  constructor(private readonly effects: OrderEffects) {}

  /**
   * Applies `event` to an order. Given the order's row locked FOR UPDATE in `tx` (settlement, refunds), its status is
   * known and the move is one statement; given only an id, the row is locked first.
   */
  async transition<E extends OrderEvent>(tx: Executor, order: number | OrderRow, event: E, changes: TransitionChanges = {}): Promise<Moved<E> | undefined> {
    const locked = typeof order === 'number' ? await lockIfMovable(tx, order, event) : order;
    if (!locked || !canTransition(locked.status, event)) return undefined;
    const row = await firstRow(tx, typed<Record<string, unknown>>(moveStatement(locked, event, changes)));
    if (!row) return undefined;
    const moved = orderRowOf(row);
    reportOrderMoved(tx, moved, event);
    const sideEffect = (SIDE_EFFECTS as Partial<Record<OrderEvent, (effects: OrderEffects, step: TransitionStep) => Promise<unknown>>>)[event];
    const effect = sideEffect ? await sideEffect(this.effects, { tx, order: moved, from: locked.status, event, process: this }) : undefined;
    return { order: moved, effect: effect as EffectOf<E> };
  }
}

/**
 * One move as one statement: the conditional update of the order (from the status it was locked in) and its history row.
 * Returns the order as it is now, or no row when it is no longer in that status.
 */
export function moveStatement(locked: Pick<OrderRow, 'id' | 'status'>, event: OrderEvent, changes: TransitionChanges = {}): SQL {
  const { to } = ORDER_TRANSITIONS[event];
  const change = <K extends keyof TransitionChanges>(column: string, key: K) =>
    changes[key] !== undefined ? sql`${sql.raw(column)} = ${changes[key]},` : sql``;
  return sql`
    WITH moved AS (
      UPDATE orders SET
        ${change('paid_at', 'paidAt')}
        ${change('delivered_at', 'deliveredAt')}
        ${change('third_order_id', 'thirdOrderId')}
        ${change('third_channel_name', 'thirdChannelName')}
        ${change('provider_payment_id', 'providerPaymentId')}
        status = ${to},
        updated_at = now()
      WHERE id = ${locked.id} AND status = ${locked.status}
      RETURNING *),
    history AS (
      INSERT INTO order_status_history (order_id, from_status, to_status, event)
      SELECT id, ${locked.status}, status, ${event} FROM moved)
    SELECT * FROM moved`;
}

/** Locks the order when the event can apply to its current status; undefined otherwise (nothing to wait for). */
async function lockIfMovable(tx: Executor, orderId: number, event: OrderEvent): Promise<OrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...ORDER_TRANSITIONS[event].from])))
    .for('update');
  return row;
}

const ORDER_COLUMNS = Object.entries(orders).filter(([, column]) => typeof column === 'object' && column !== null && 'name' in column) as [
  keyof OrderRow,
  { name: string; mapFromDriverValue?: (value: unknown) => unknown },
][];

/** An orders row read with raw SQL (snake_case, driver values) as Drizzle would return it. */
export function orderRowOf(row: Record<string, unknown>): OrderRow {
  const order: Record<string, unknown> = {};
  for (const [key, column] of ORDER_COLUMNS) {
    const value = row[column.name];
    order[key] = value === null || value === undefined ? null : column.mapFromDriverValue ? column.mapFromDriverValue(value) : value;
  }
  return order as OrderRow;
}
