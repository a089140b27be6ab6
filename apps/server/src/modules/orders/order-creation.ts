import { sql } from 'drizzle-orm';
import type { CreateOrderResult } from '@shop/contract/checkout';
import type { ThirdChannelNameValue } from '@shop/contract/orders';
import type { Db, Executor } from '../../db/client.ts';
import { enqueue } from '../../jobs/outbox.ts';
import { minorToMajorNumber } from '../payments/money.ts';
import type { OrderRow } from './order-state-machine.ts';

/** The outbox job that closes an unpaid order (0 -> 4) at its `expires_at`. */
export const EXPIRE_ORDER_JOB = 'order.expire';

/** Order ids are taken before the order is written: the provider is asked first and its return URLs carry them. */
export async function nextOrderId(db: Db): Promise<number> {
  const result = await db.execute(sql`SELECT nextval(pg_get_serial_sequence('orders', 'id'))::int8 AS id`);
  return Number((result as unknown as { rows: { id: number | string }[] }).rows[0]!.id);
}

/** Written in the transaction that creates the order, so an order never exists without its expiry. */
export function enqueueExpiry(tx: Executor, order: Pick<OrderRow, 'id' | 'expiresAt'>): Promise<void> {
  return enqueue(tx, { kind: EXPIRE_ORDER_JOB, payload: { orderId: order.id }, runAt: order.expiresAt!, dedupeKey: `expire:${order.id}` });
}

/** The create-order answer of spec section 3 (voucher and shop orders alike). */
export function createOrderResult(order: OrderRow, thirdPayResponse: string): CreateOrderResult {
  return {
    thirdChannelName: order.thirdChannelName as ThirdChannelNameValue,
    thirdPayResponse,
    ptOrderId: order.orderSn,
    orderId: order.id,
    orderSn: order.orderSn,
    totalAmount: minorToMajorNumber(order.payAmountMinor, order.currency),
    currency: order.currency,
  };
}
