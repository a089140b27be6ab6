import { eq, sql } from 'drizzle-orm';
import { OrderStatus } from '@shop/contract/orders';
import type { Db } from '../../db/client.ts';
import { orderItems, orders, refundRequests } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { transition, type OrderRow } from '../orders/order-state-machine.ts';
import type { VoucherLedger } from '../vouchers/ledger.ts';

const S = OrderStatus;

/**
 * What happens when money goes back to the player (the provider refund itself is issue 5's; this is the shop's side of it,
 * called once the provider confirmed the refund, or by an operator):
 * - 2 or 8 (nothing reached the game) -> 6 (`refundedBeforeDelivery`); a pending delivery job then finds the order no
 *   longer deliverable and does nothing;
 * - 3 -> 9 (`refundedAfterDelivery`): vouchers credited by the order are reversed in the ledger (reference
 *   `refund:<orderSn>`, once); when the player has already spent them the ledger refuses (balance >= 0) and nothing changes,
 *   so an operator decides. Gems, VIP days and items already in the game cannot be taken back through the game-server API,
 *   which offers no revoke call: they stay, and the order records the refund.
 * - the player's refund request (if any) becomes `refunded`; `reject` marks it `rejected` and moves no status.
 * All in one transaction: the order row is locked by the state machine's conditional update.
 */
export class RefundsService {
  constructor(
    private readonly db: Db,
    private readonly ledger: VoucherLedger,
  ) {}

  async complete(orderId: number): Promise<OrderRow> {
    return this.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      if (!order) throw notFound('orderNotFound');
      let refunded: OrderRow | undefined;
      if (order.status === S.ORDER_COMPLETE) {
        refunded = await transition(tx, order.id, 'refundedAfterDelivery');
        const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
        const vouchers = items.reduce((sum, item) => sum + item.voucherAmount * item.quantity, 0);
        if (vouchers > 0 && order.gameAccountId) {
          await this.ledger.apply(tx, {
            gameAccountId: order.gameAccountId,
            amount: -vouchers,
            kind: 'refund',
            reference: `refund:${order.orderSn}`,
            orderId: order.id,
          });
        }
      } else {
        refunded = await transition(tx, order.id, 'refundedBeforeDelivery');
      }
      if (!refunded) throw conflict('orderNotRefundable');
      await tx
        .update(refundRequests)
        .set({ status: 'refunded', updatedAt: sql`now()` })
        .where(eq(refundRequests.orderId, order.id));
      return refunded;
    });
  }

  async reject(orderId: number): Promise<void> {
    const rows = await this.db
      .update(refundRequests)
      .set({ status: 'rejected', updatedAt: sql`now()` })
      .where(sql`${refundRequests.orderId} = ${orderId} AND ${refundRequests.status} = 'requested'`)
      .returning({ id: refundRequests.id });
    if (!rows.length) throw notFound('notFound');
  }
}
