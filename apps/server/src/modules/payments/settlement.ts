import { and, eq, ne, sql } from 'drizzle-orm';
import { OrderStatus } from '@shop/contract/orders';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { duplicatePayments, orderItems, orders, paymentEvents } from '../../db/schema.ts';
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
  /** The provider's id of this payment (PayPal capture, Xsolla transaction, PayerMax trade token or order number). */
  paymentId: string;
}

export interface RefundEvent extends ProviderEvent {
  amountMinor: number;
  currency: string;
  providerRefundId?: string;
  /** The provider's id of the payment refunded, when the notification names it (PayPal capture, Xsolla transaction). */
  refundedPaymentId?: string;
}

export class UnknownOrderError extends Error {}
export class AmountMismatchError extends Error {}

/**
 * Money for an order another payment already paid, from a caller that asked to refuse it (the Xsolla webhook: refused,
 * Xsolla does not complete the payment and the player is not charged twice). Nothing is recorded.
 */
export class DuplicatePaymentError extends Error {
  constructor(readonly orderSn: string) {
    super(`order ${orderSn} is already paid by another payment`);
  }
}

const PAID_STATUSES: readonly number[] = [
  OrderStatus.PAYMENT_COMPLETE,
  OrderStatus.ORDER_COMPLETE,
  OrderStatus.DELIVERY_ERROR,
  OrderStatus.REFUND_COMPLETE,
  OrderStatus.REFUNDED_AFTER_DELIVERY,
];

/** A confirmed payment for an order that is paid, and not the payment that paid it (other provider or other id). */
function isSecondPayment(order: OrderRow, event: PaidEvent): boolean {
  if (!PAID_STATUSES.includes(order.status)) return false;
  if (order.thirdChannelName !== event.provider) return true;
  return Boolean(event.thirdOrderId && order.thirdOrderId && event.thirdOrderId !== order.thirdOrderId);
}

/**
 * What to do with money for an order that another payment already paid: `record` it as a duplicate payment for an
 * operator's refund (the money has moved: a PayPal capture, a PayerMax trade, a transaction reconciliation found), or
 * `refuse` it so the provider does not complete it (Xsolla's payment webhook).
 */
export type SecondPaymentPolicy = 'record' | 'refuse';

/** `second-payment`: the fact concerns money beyond the order's own payment (recorded in duplicate_payments). */
export type SettleOutcome = 'settled' | 'duplicate' | 'unchanged' | 'second-payment';

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
  confirmPaid(event: PaidEvent, secondPayment: SecondPaymentPolicy = 'record'): Promise<SettleOutcome> {
    return this.withEvent(event, async (tx, order) => {
      if (order.payAmountMinor !== event.amountMinor || order.currency !== event.currency.toUpperCase()) {
        this.log.warn(
          { orderSn: order.orderSn, expected: [order.payAmountMinor, order.currency], got: [event.amountMinor, event.currency] },
          'payment amount or currency does not match the order',
        );
        throw new AmountMismatchError();
      }
      // The provider that was paid is the order's provider from now on (the player may have switched channels and then
      // paid an earlier session): refunds and reconciliation must ask that one.
      const paid = await transition(tx, order.id, 'paymentConfirmed', {
        paidAt: new Date(),
        thirdChannelName: event.provider,
        ...(event.thirdOrderId ? { thirdOrderId: event.thirdOrderId } : {}),
      });
      if (!paid) {
        if (!isSecondPayment(order, event)) return 'unchanged';
        if (secondPayment === 'refuse') throw new DuplicatePaymentError(order.orderSn);
        await this.recordSecondPayment(tx, order, event);
        return 'second-payment';
      }
      if (paid.orderSource === 'voucher') await this.creditVouchers(tx, paid);
      // Goods for the game: the delivery job commits with the payment (outbox), or neither does.
      else await DeliveryService.enqueue(tx, paid.id);
      return 'settled';
    });
  }

  /**
   * The provider sent money back (our refund, or one made in its dashboard). A refund of a second payment only closes
   * that duplicate; a full refund of the order's own payment moves the order to 6 or 9 and takes back what the order
   * credited (RefundsService); a partial one is only recorded, for an operator.
   */
  refunded(event: RefundEvent): Promise<SettleOutcome> {
    return this.withEvent(event, async (tx, order) => {
      if (await this.refundedSecondPayment(tx, order, event)) return 'second-payment';
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

  /** Keeps money beyond the order's own payment for an operator's refund; the event stays recorded so repeats are known. */
  private async recordSecondPayment(tx: Tx, order: OrderRow, event: PaidEvent): Promise<void> {
    await tx
      .insert(duplicatePayments)
      .values({ orderId: order.id, provider: event.provider, paymentId: event.paymentId, amountMinor: event.amountMinor, currency: order.currency })
      .onConflictDoNothing();
    await tx
      .update(paymentEvents)
      .set({ eventType: `second-payment.${event.eventType}` })
      .where(and(eq(paymentEvents.provider, event.provider), eq(paymentEvents.eventKey, event.eventKey)));
    this.log.error({ orderSn: order.orderSn, provider: event.provider, paymentId: event.paymentId }, 'second payment for a paid order: refund it');
  }

  /**
   * A refund belongs to a second payment when it names that payment, or when it comes from a provider that did not pay
   * the order (a PayerMax refund of an order PayPal paid): it closes the duplicate and never touches the order.
   */
  private async refundedSecondPayment(tx: Tx, order: OrderRow, event: RefundEvent): Promise<boolean> {
    const refundedSet = { status: 'refunded' as const, refundedAt: new Date(), providerRefundId: event.providerRefundId ?? null, lastError: null, updatedAt: sql`now()` };
    if (event.refundedPaymentId) {
      const [named] = await tx
        .update(duplicatePayments)
        .set(refundedSet)
        .where(and(eq(duplicatePayments.provider, event.provider), eq(duplicatePayments.paymentId, event.refundedPaymentId)))
        .returning({ id: duplicatePayments.id });
      if (named) return true;
    }
    if (event.provider === order.thirdChannelName) return false;
    const closed = await tx
      .update(duplicatePayments)
      .set(refundedSet)
      .where(and(eq(duplicatePayments.orderId, order.id), eq(duplicatePayments.provider, event.provider), ne(duplicatePayments.status, 'refunded')))
      .returning({ id: duplicatePayments.id });
    this.log.warn({ orderSn: order.orderSn, provider: event.provider, duplicates: closed.length }, 'refund from a provider that did not pay the order');
    return true;
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
      // Lock step: the order row first, so every fact about one order is decided against its current state.
      const [order] = await tx
        .select()
        .from(orders)
        .where('id' in event.order ? eq(orders.id, event.order.id) : eq(orders.orderSn, event.order.orderSn))
        .for('update');
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
