import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { conflict } from '../../http/errors.ts';

/** Advisory lock namespace of a player's unpaid-order count. */
const LOCK_UNPAID_ORDERS = 727_401;

/**
 * Refuses a new payable order while the player already holds `max` open ones: awaiting payment (0, not yet past its
 * expiry) or with a payment in progress at the provider (1). Every open order holds a payment session at a provider.
 */
export async function checkUnpaidOrders(executor: Executor, userId: number, max: number): Promise<void> {
  // Statuses as literals (0 awaiting payment, 1 payment processing), so that the partial index orders_user_open_idx
  // applies; counted up to max only.
  const result = await executor.execute(sql`
    SELECT count(*) AS open FROM (
      SELECT 1 FROM orders
       WHERE user_id = ${userId} AND status IN (0, 1) AND (status = 1 OR expires_at > now())
       LIMIT ${max}) AS open_orders`);
  const open = Number((result as unknown as { rows: { open: number | string }[] }).rows[0]!.open);
  if (open >= max) throw conflict('tooManyUnpaidOrders', { count: max });
}

/**
 * The same check inside the transaction that inserts the order, made atomic with it.
 * Lock step: a per-player advisory lock (LOCK_UNPAID_ORDERS, held until the transaction ends) serialises the
 * count-then-insert of parallel order creations of one player, on any number of instances: the n-th parallel request
 * sees the n-1 orders committed before it and is refused once `max` are open.
 */
export async function reserveUnpaidOrderSlot(tx: Executor, userId: number, max: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_UNPAID_ORDERS}, hashtext(${String(userId)}))`);
  await checkUnpaidOrders(tx, userId, max);
}
