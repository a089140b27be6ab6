import { eq, sql } from 'drizzle-orm';
import { OrderStatus } from '@shop/contract/orders';
import type { Db, Executor } from '../../db/client.ts';
import { orderItems, orders, refundRequests, refunds, voucherAccounts } from '../../db/schema.ts';
import { notFound, conflict } from '../../shared/domain-errors.ts';
import { transition, type OrderRow } from '../orders/order-state-machine.ts';
import type { VoucherLedger } from '../vouchers/ledger.ts';
import { DeliveryService } from './delivery.service.ts';

const S = OrderStatus;

/** Who reports the refund and under which id (kept on the `refunds` row). */
export interface RefundFacts {
  provider: string;
  providerRefundId?: string;
  initiatedBy: 'operator' | 'provider';
  reason?: string;
}

export interface RefundResult {
  order: OrderRow;
  /** Vouchers the order had credited that were taken back from the balance. */
  vouchersTakenBack: number;
  /** Vouchers the order had credited that were already spent in the game: they cannot be taken back. */
  vouchersUnrecovered: number;
}

/** Vouchers an order credited (voucher packs; 0 for goods). */
export async function creditedVouchers(executor: Executor, orderId: number): Promise<number> {
  const items = await executor.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  return items.reduce((sum, item) => sum + item.voucherAmount * item.quantity, 0);
}

/**
 * What happens when money goes back to the player, once the provider confirmed the refund (or an operator records one
 * made outside the shop):
 * - 2 or 8 (nothing reached the game) -> 6 (`refundedBeforeDelivery`); a pending delivery job then finds the order no
 *   longer deliverable and does nothing;
 * - 3 -> 9 (`refundedAfterDelivery`): the vouchers the order credited are taken back from the balance (ledger entry
 *   `refund:<orderSn>`, once). When the player has already spent some of them in the game, what is left is taken back
 *   and the rest is recorded as unrecoverable on the refund (the money has gone back, the balance cannot go below zero):
 *   operators see it and decide.
 * - a shop order's gems, VIP days and items are revoked at the game server by an outbox job written here (whether or not
 *   a delivery reached the game: one in flight is refused afterwards); `refunds.game_revoke_status` tracks it.
 * - the player's refund request (if any) becomes `refunded`; the `refunds` row becomes `completed`.
 * Lock step: the order row, then the game account's voucher row (FOR UPDATE), the same order settlement takes them in.
 */
export class RefundsService {
  constructor(
    private readonly db: Db,
    private readonly ledger: VoucherLedger,
  ) {}

  /** An operator records a refund made outside the shop. 409 when the order is not (or no longer) refundable. */
  async complete(orderId: number, facts: RefundFacts = { provider: 'manual', initiatedBy: 'operator' }): Promise<OrderRow> {
    return this.db.transaction(async (tx) => {
      const result = await this.applyInTx(tx, orderId, facts);
      if (!result) throw conflict('orderNotRefundable');
      return result.order;
    });
  }

  /** Applies a confirmed refund inside the caller's transaction; undefined when the order's status does not allow it. */
  async applyInTx(tx: Executor, orderId: number, facts: RefundFacts): Promise<RefundResult | undefined> {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound('orderNotFound');
    let vouchersTakenBack = 0;
    let vouchersUnrecovered = 0;
    let refunded: OrderRow | undefined;
    if (order.status === S.ORDER_COMPLETE) {
      refunded = await transition(tx, order.id, 'refundedAfterDelivery');
      const credited = await creditedVouchers(tx, order.id);
      if (refunded && credited > 0 && order.gameAccountId) {
        const [account] = await tx
          .select({ balance: voucherAccounts.balance })
          .from(voucherAccounts)
          .where(eq(voucherAccounts.gameAccountId, order.gameAccountId))
          .for('update');
        vouchersTakenBack = Math.min(account?.balance ?? 0, credited);
        vouchersUnrecovered = credited - vouchersTakenBack;
        if (vouchersTakenBack > 0) {
          await this.ledger.apply(tx, {
            gameAccountId: order.gameAccountId,
            amount: -vouchersTakenBack,
            kind: 'refund',
            reference: `refund:${order.orderSn}`,
            orderId: order.id,
          });
        }
      }
    } else {
      refunded = await transition(tx, order.id, 'refundedBeforeDelivery');
    }
    if (!refunded) return undefined;
    // Goods sent (or maybe on their way) to the game are taken back there; a voucher order's credit was handled above.
    const revokeGoods = order.orderSource !== 'voucher';
    if (revokeGoods) await DeliveryService.enqueueRevoke(tx, order.id);
    await tx
      .insert(refunds)
      .values({
        orderId: order.id,
        provider: facts.provider,
        providerRefundId: facts.providerRefundId ?? null,
        status: 'completed',
        initiatedBy: facts.initiatedBy,
        amountMinor: order.payAmountMinor,
        currency: order.currency,
        reason: facts.reason ?? null,
        vouchersTakenBack,
        vouchersUnrecovered,
        gameRevokeStatus: revokeGoods ? 'pending' : null,
        completedAt: new Date(),
      })
      .onConflictDoUpdate({
        target: refunds.orderId,
        set: {
          status: 'completed',
          providerRefundId: sql`coalesce(${refunds.providerRefundId}, excluded.provider_refund_id)`,
          vouchersTakenBack,
          vouchersUnrecovered,
          gameRevokeStatus: revokeGoods ? 'pending' : null,
          lastError: null,
          completedAt: new Date(),
          updatedAt: sql`now()`,
        },
      });
    await tx
      .update(refundRequests)
      .set({ status: 'refunded', updatedAt: sql`now()` })
      .where(eq(refundRequests.orderId, order.id));
    return { order: refunded, vouchersTakenBack, vouchersUnrecovered };
  }

  /** Rejects the open refund request of an order (404 when there is none); `executor`: the caller's transaction. */
  async reject(orderId: number, executor: Executor = this.db): Promise<void> {
    const rows = await executor
      .update(refundRequests)
      .set({ status: 'rejected', updatedAt: sql`now()` })
      .where(sql`${refundRequests.orderId} = ${orderId} AND ${refundRequests.status} = 'requested'`)
      .returning({ id: refundRequests.id });
    if (!rows.length) throw notFound('notFound');
  }
}
