import { sql, type SQL } from 'drizzle-orm';
import { OrderStatus } from '@shop/contract/orders.schema';
import type { Executor } from '../../db/client.ts';
import type { OrderEffects, Reversal, TransitionStep } from '../orders/order-state-machine.ts';
import type { VoucherLedger } from '../vouchers/ledger.ts';
import { DeliveryService } from './delivery.service.ts';
import { rows, typed, type Numeric } from '../../db/statement.ts';

/** The vouchers an order's items are worth (voucher packs; 0 for goods). */
export function creditedVouchersStatement(orderId: number): SQL {
  return sql`SELECT coalesce(sum(voucher_amount * quantity), 0) AS vouchers FROM order_items WHERE order_id = ${orderId}`;
}

/** Vouchers an order credited (voucher packs; 0 for goods). */
export async function creditedVouchers(executor: Executor, orderId: number): Promise<number> {
  const [row] = await rows(executor, typed<{ vouchers: Numeric }>(creditedVouchersStatement(orderId)));
  return Number(row?.vouchers ?? 0);
}

/**
 * What an order gives the player, and takes back on a refund, as the side effects of the order process's moves:
 * - paid (or a gift claimed): a voucher pack credits the role's vouchers in the same transaction and is complete at once
 *   (our own ledger cannot fail half-way); goods for the game are queued for delivery (outbox, fulfilment/delivery.service.ts);
 * - refunded: a voucher pack delivered (3 -> 9) gives back its vouchers, as many as are left (ledger entry
 *   `refund:<orderSn>`, once); what the player already spent in the game is reported as unrecoverable (the balance never
 *   goes below zero). Goods are revoked at the game by an outbox job (also when the delivery is still on its way: the
 *   game then refuses it).
 */
export class Fulfilment implements OrderEffects {
  constructor(private readonly ledger: VoucherLedger) {}

  async fulfil({ tx, order, process }: TransitionStep): Promise<void> {
    if (order.orderSource !== 'voucher') {
      await DeliveryService.enqueue(tx, order.id);
      return;
    }
    const vouchers = await creditedVouchers(tx, order.id);
    if (vouchers > 0 && order.gameAccountId) {
      await this.ledger.apply(tx, { gameAccountId: order.gameAccountId, amount: vouchers, kind: 'purchase', reference: `order:${order.orderSn}`, orderId: order.id });
    }
    await process.transition(tx, order, 'delivered');
  }

  async reverse({ tx, order, from }: TransitionStep): Promise<Reversal> {
    if (order.orderSource !== 'voucher') {
      await DeliveryService.enqueueRevoke(tx, order.id);
      return { vouchersTakenBack: 0, vouchersUnrecovered: 0, goodsRevoked: true };
    }
    // Before delivery (2 or 8) a voucher pack credited nothing yet.
    const credited = from === OrderStatus.ORDER_COMPLETE && order.gameAccountId ? await creditedVouchers(tx, order.id) : 0;
    if (!credited) return { vouchersTakenBack: 0, vouchersUnrecovered: 0, goodsRevoked: false };
    const taken = await this.ledger.takeBack(tx, { gameAccountId: order.gameAccountId!, upTo: credited, kind: 'refund', reference: `refund:${order.orderSn}`, orderId: order.id });
    return { vouchersTakenBack: taken, vouchersUnrecovered: credited - taken, goodsRevoked: false };
  }
}
