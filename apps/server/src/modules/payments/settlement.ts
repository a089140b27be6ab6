import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { orderItems, orders, paymentEvents } from '../../db/schema.ts';
import { transition, type OrderRow } from '../orders/order-state-machine.ts';
import type { VoucherLedger } from '../vouchers/ledger.ts';
import { DeliveryService } from '../shop/delivery.service.ts';
import type { RefundsService } from '../shop/refunds.service.ts';

export type Provider = 'paypal' | 'xsolla' | 'payermax';

export interface ProviderEvent {
  provider: Provider;
  /** Unique per provider for this fact (capture id, transaction id ...): the same fact is applied once. */
  eventKey: string;
  eventType: string;
  /** Our order, by id or by order number (the reference we gave the provider). */
  order: { id: number } | { orderSn: string };
  payload: unknown;
}

export interface PaidEvent extends ProviderEvent {
  amountMinor: number;
  currency: string;
  thirdOrderId?: string;
}

export interface RefundEvent extends ProviderEvent {
  amountMinor: number;
  currency: string;
  providerRefundId?: string;
}

export class UnknownOrderError extends Error {}
export class AmountMismatchError extends Error {}

export type SettleOutcome = 'settled' | 'duplicate' | 'unchanged';

/**
 * The one place where provider facts move orders. The return page, every webhook and the reconciliation job call it;
 * the unique event key, the order row lock and the state machine's conditional update make any number of concurrent
 * or repeated calls act once.
 */
export class SettlementService {
  constructor(
    private readonly db: Db,
    private readonly ledger: VoucherLedger,
    private readonly refunds: RefundsService,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Money confirmed by the provider: the order is paid, and a voucher order is credited at once. */
  confirmPaid(event: PaidEvent): Promise<SettleOutcome> {
    return this.withEvent(event, async (tx, order) => {
      if (order.payAmountMinor !== event.amountMinor || order.currency !== event.currency.toUpperCase()) {
        this.log.warn(
          { orderSn: order.orderSn, expected: [order.payAmountMinor, order.currency], got: [event.amountMinor, event.currency] },
          'payment amount or currency does not match the order',
        );
        throw new AmountMismatchError();
      }
      const paid = await transition(tx, order.id, 'paymentConfirmed', {
        paidAt: new Date(),
        ...(event.thirdOrderId ? { thirdOrderId: event.thirdOrderId } : {}),
      });
      if (!paid) return 'unchanged';
      if (paid.orderSource === 'voucher') await this.creditVouchers(tx, paid);
      // Goods for the game: the delivery job commits with the payment (outbox), or neither does.
      else await DeliveryService.enqueue(tx, paid.id);
      return 'settled';
    });
  }

  /**
   * The provider sent money back (our refund, or one made in its dashboard). A full refund moves the order to 6 or 9
   * and takes back what the order credited (RefundsService); a partial one is only recorded, for an operator.
   */
  refunded(event: RefundEvent): Promise<SettleOutcome> {
    return this.withEvent(event, async (tx, order) => {
      if (event.amountMinor !== order.payAmountMinor || event.currency.toUpperCase() !== order.currency) {
        this.log.warn({ orderSn: order.orderSn, refunded: [event.amountMinor, event.currency] }, 'partial refund recorded, order unchanged');
        return 'unchanged';
      }
      const result = await this.refunds.applyInTx(tx, order.id, {
        provider: event.provider,
        providerRefundId: event.providerRefundId,
        initiatedBy: 'provider',
      });
      if (result?.vouchersUnrecovered) {
        this.log.warn({ orderSn: order.orderSn, unrecovered: result.vouchersUnrecovered }, 'refunded vouchers already spent in the game');
      }
      return result ? 'settled' : 'unchanged';
    });
  }

  /** The provider reported a failed or declined payment. */
  paymentFailed(event: ProviderEvent): Promise<SettleOutcome> {
    return this.withEvent(event, async (tx, order) => ((await transition(tx, order.id, 'paymentFailed')) ? 'settled' : 'unchanged'));
  }

  /** The provider holds the payment but has not confirmed it. */
  paymentPending(event: ProviderEvent): Promise<SettleOutcome> {
    return this.withEvent(event, async (tx, order) => ((await transition(tx, order.id, 'paymentPending')) ? 'settled' : 'unchanged'));
  }

  /** Records an event we acknowledge but that moves nothing (yet), so repeats are recognised. */
  record(event: ProviderEvent): Promise<SettleOutcome> {
    return this.withEvent(event, async () => 'unchanged');
  }

  private async creditVouchers(tx: Tx, order: OrderRow): Promise<void> {
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const vouchers = items.reduce((sum, item) => sum + item.voucherAmount * item.quantity, 0);
    if (vouchers > 0 && order.gameAccountId) {
      await this.ledger.apply(tx, {
        gameAccountId: order.gameAccountId,
        amount: vouchers,
        kind: 'purchase',
        reference: `order:${order.orderSn}`,
        orderId: order.id,
      });
    }
    await transition(tx, order.id, 'delivered');
  }

  private async withEvent(event: ProviderEvent, apply: (tx: Tx, order: OrderRow) => Promise<SettleOutcome>): Promise<SettleOutcome> {
    return this.db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(orders)
        .where('id' in event.order ? eq(orders.id, event.order.id) : eq(orders.orderSn, event.order.orderSn));
      if (!order) throw new UnknownOrderError();
      const [recorded] = await tx
        .insert(paymentEvents)
        .values({
          provider: event.provider,
          eventKey: event.eventKey,
          eventType: event.eventType,
          orderId: order.id,
          payload: event.payload ?? {},
        })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      if (!recorded) return 'duplicate';
      return apply(tx, order);
    });
  }
}
