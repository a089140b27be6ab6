import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import { OrderStatus } from '@shop/contract/orders.schema';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { duplicatePayments, orders, paymentEvents, refundRequests, refunds, supersededPaymentSessions } from '../../db/schema.ts';
import { orderRowOf, type OrderProcess, type OrderRow, type Reversal } from '../orders/order-state-machine.ts';
import type { ApprovedFact, OrderReference, PaidFact, PaymentFact, ProviderName, RefundedFact, RefundSubject } from './payment-provider.ts';
import type { PaymentProviders } from './provider-registry.ts';
import { rows, typed } from '../../db/statement.ts';

/** `second-payment`: the fact concerns money beyond the order's own payment (recorded in duplicate_payments). */
export type SettleOutcome = 'settled' | 'duplicate' | 'unchanged' | 'second-payment';

export class UnknownOrderError extends Error {}
export class AmountMismatchError extends Error {}

/**
 * Money for an order another payment already paid, from a provider that can still refuse it (Xsolla asks before it takes
 * the money): refused, so the player is not charged twice. Nothing is recorded.
 */
export class DuplicatePaymentError extends Error {
  constructor(readonly orderSn: string) {
    super(`order ${orderSn} is already paid by another payment`);
  }
}

/** Who reports a refund and under which id (kept on the `refunds` row). */
export interface RefundRecord {
  provider: string;
  providerRefundId?: string;
  initiatedBy: 'operator' | 'provider';
  reason?: string;
}

const PAID_STATUSES: readonly number[] = [
  OrderStatus.PAYMENT_COMPLETE,
  OrderStatus.ORDER_COMPLETE,
  OrderStatus.DELIVERY_ERROR,
  OrderStatus.REFUND_COMPLETE,
  OrderStatus.REFUNDED_AFTER_DELIVERY,
];

/** A confirmed payment for an order that is paid, and not the payment that paid it (another provider or payment id). */
function isSecondPayment(order: OrderRow, provider: ProviderName, fact: PaidFact): boolean {
  if (!PAID_STATUSES.includes(order.status)) return false;
  if (order.thirdChannelName !== provider) return true;
  return Boolean(order.providerPaymentId && fact.paymentId !== order.providerPaymentId);
}

/**
 * The one place where provider facts move orders. The return page, every webhook, reconciliation and the providers'
 * answers to our refunds hand it facts; the unique event key, the order row lock and the state machine's conditional
 * update make any number of concurrent or repeated facts act once.
 */
export class SettlementService {
  constructor(
    private readonly db: Db,
    private readonly process: OrderProcess,
    private readonly providers: PaymentProviders,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Applies one fact. Throws UnknownOrderError, AmountMismatchError or DuplicatePaymentError for the provider's reply. */
  async apply(provider: ProviderName, fact: PaymentFact): Promise<SettleOutcome> {
    switch (fact.kind) {
      case 'paid':
        return this.withEvent(provider, fact, { paymentId: fact.paymentId }, (tx, order) => this.confirmPaid(tx, order, provider, fact));
      case 'refunded':
        return this.withEvent(provider, fact, { ...(fact.refundedPaymentId ? { paymentId: fact.refundedPaymentId } : {}), ...(fact.refundId ? { refundId: fact.refundId } : {}) }, (tx, order) =>
          this.refunded(tx, order, provider, fact),
        );
      case 'pending':
        return this.withEvent(provider, fact, {}, async (tx, order) => ((await this.process.transition(tx, order, 'paymentPending')) ? 'settled' : 'unchanged'));
      case 'failed':
        return this.withEvent(provider, fact, {}, async (tx, order) => ((await this.process.transition(tx, order, 'paymentFailed')) ? 'settled' : 'unchanged'));
      case 'noted':
        return this.withEvent(provider, fact, {}, async () => 'unchanged');
      case 'approved':
        return this.approved(provider, fact);
      case 'refund-failed':
        await this.refundFailed(fact.refund, fact.reason);
        return 'settled';
      case 'player-check':
        throw new Error('a player check is answered by the webhook route, not settled');
    }
  }

  /** Applies facts in order (a capture's answer after the approval that asked for it); the first outcome that moved something. */
  /** A payer back from the provider's approval page: the provider's approval fact, settled (captured) like any other. */
  async returnApproved(provider: ProviderName, session: { orderId: number; sessionId: string }): Promise<SettleOutcome> {
    const approval = this.providers.get(provider).returnApproval?.(session);
    if (!approval) throw new Error(`payment provider ${provider} has no approval page`);
    return this.apply(provider, approval);
  }

  async applyAll(provider: ProviderName, facts: PaymentFact[]): Promise<SettleOutcome | undefined> {
    let outcome: SettleOutcome | undefined;
    for (const fact of facts) {
      const result = await this.apply(provider, fact);
      if (outcome === undefined || outcome === 'unchanged' || outcome === 'duplicate') outcome = result;
    }
    return outcome;
  }

  /**
   * A refund made outside the shop, recorded by an operator: the order is refunded as if its provider had confirmed it.
   * Conflict when the order is not (or no longer) refundable.
   */
  async recordRefund(orderId: number, record: RefundRecord): Promise<{ order: OrderRow; reversal: Reversal } | undefined> {
    return this.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      if (!order) throw new UnknownOrderError();
      return this.refundOrder(tx, order, record);
    });
  }

  /** The provider reported that a refund it was asked for failed (the operator may try again). */
  async refundFailed(subject: RefundSubject, reason: string): Promise<void> {
    if (subject.kind === 'second-payment') {
      await this.db
        .update(duplicatePayments)
        .set({ status: 'refund_failed', lastError: reason, updatedAt: sql`now()` })
        .where(and(eq(duplicatePayments.id, subject.id), eq(duplicatePayments.status, 'refund_pending')));
      return;
    }
    await this.db.execute(sql`
      UPDATE refunds SET status = 'failed', last_error = ${reason}, updated_at = now()
       WHERE status = 'pending' AND order_id = (SELECT id FROM orders WHERE order_sn = ${subject.orderSn})`);
  }

  /** Money confirmed by the provider: the order is paid (its fulfilment is the state machine's side effect). */
  private async confirmPaid(tx: Tx, order: OrderRow, provider: ProviderName, fact: PaidFact): Promise<SettleOutcome> {
    if (order.payAmountMinor !== fact.amountMinor || order.currency !== fact.currency.toUpperCase()) {
      this.log.warn({ orderSn: order.orderSn, expected: [order.payAmountMinor, order.currency], got: [fact.amountMinor, fact.currency] }, 'payment amount or currency does not match the order');
      throw new AmountMismatchError();
    }
    // The provider that was paid is the order's provider from now on (the player may have switched channels and then
    // paid an earlier session): refunds and reconciliation must ask that one.
    const paid = await this.process.transition(tx, order, 'paymentConfirmed', {
      paidAt: new Date(),
      thirdChannelName: provider,
      providerPaymentId: fact.paymentId,
      ...(fact.sessionId ? { thirdOrderId: fact.sessionId } : {}),
    });
    if (paid) return 'settled';
    if (!isSecondPayment(order, provider, fact)) return 'unchanged';
    if (fact.secondPayment === 'refuse') throw new DuplicatePaymentError(order.orderSn);
    await tx
      .insert(duplicatePayments)
      .values({ orderId: order.id, provider, paymentId: fact.paymentId, amountMinor: fact.amountMinor, currency: order.currency })
      .onConflictDoNothing();
    await tx
      .update(paymentEvents)
      .set({ eventType: `second-payment.${fact.eventType}` })
      .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventKey, fact.eventKey)));
    this.log.error({ orderSn: order.orderSn, provider, paymentId: fact.paymentId }, 'second payment for a paid order: refund it');
    return 'second-payment';
  }

  /**
   * The provider sent money back (our refund, or one made in its dashboard). A refund of a second payment only closes
   * that duplicate; a full refund of the order's own payment refunds the order; a partial one is only recorded, for an
   * operator.
   */
  private async refunded(tx: Tx, order: OrderRow, provider: ProviderName, fact: RefundedFact): Promise<SettleOutcome> {
    if (await this.refundedSecondPayment(tx, order, provider, fact)) return 'second-payment';
    if (fact.amountMinor !== order.payAmountMinor || fact.currency.toUpperCase() !== order.currency) {
      this.log.warn({ orderSn: order.orderSn, refunded: [fact.amountMinor, fact.currency] }, 'partial refund recorded, order unchanged');
      return 'unchanged';
    }
    const result = await this.refundOrder(tx, order, { provider, ...(fact.refundId ? { providerRefundId: fact.refundId } : {}), initiatedBy: 'provider' });
    if (result?.reversal.vouchersUnrecovered) this.log.warn({ orderSn: order.orderSn, unrecovered: result.reversal.vouchersUnrecovered }, 'refunded vouchers already spent in the game');
    return result ? 'settled' : 'unchanged';
  }

  /**
   * A refund belongs to a second payment when it names that payment (or its refund number does), or when it comes from a
   * provider that did not pay the order (a PayerMax refund of an order PayPal paid): it closes the duplicate and never
   * touches the order.
   */
  private async refundedSecondPayment(tx: Tx, order: OrderRow, provider: ProviderName, fact: RefundedFact): Promise<boolean> {
    const refundedSet = { status: 'refunded' as const, refundedAt: new Date(), providerRefundId: fact.refundId ?? null, lastError: null, updatedAt: sql`now()` };
    const named: SQL | undefined =
      fact.secondPaymentId !== undefined
        ? eq(duplicatePayments.id, fact.secondPaymentId)
        : fact.refundedPaymentId
          ? and(eq(duplicatePayments.provider, provider), eq(duplicatePayments.paymentId, fact.refundedPaymentId))
          : undefined;
    if (named) {
      const [closed] = await tx.update(duplicatePayments).set(refundedSet).where(and(named, eq(duplicatePayments.orderId, order.id))).returning({ id: duplicatePayments.id });
      if (closed) return true;
    }
    if (provider === order.thirdChannelName) return false;
    const closed = await tx
      .update(duplicatePayments)
      .set(refundedSet)
      .where(and(eq(duplicatePayments.orderId, order.id), eq(duplicatePayments.provider, provider), ne(duplicatePayments.status, 'refunded')))
      .returning({ id: duplicatePayments.id });
    this.log.warn({ orderSn: order.orderSn, provider, duplicates: closed.length }, 'refund from a provider that did not pay the order');
    return true;
  }

  /**
   * Money went back for the order (locked by the caller): 2 or 8 -> 6, 3 -> 9, with what the order gave taken back (the
   * state machine's side effect), the refund recorded as completed and the player's refund request answered.
   */
  private async refundOrder(tx: Executor, order: OrderRow, record: RefundRecord): Promise<{ order: OrderRow; reversal: Reversal } | undefined> {
    const moved = await this.process.transition(tx, order, order.status === OrderStatus.ORDER_COMPLETE ? 'refundedAfterDelivery' : 'refundedBeforeDelivery');
    if (!moved) return undefined;
    const reversal = moved.effect;
    const gameRevokeStatus = reversal.goodsRevoked ? ('pending' as const) : null;
    await tx
      .insert(refunds)
      .values({
        orderId: order.id,
        provider: record.provider,
        providerRefundId: record.providerRefundId ?? null,
        status: 'completed',
        initiatedBy: record.initiatedBy,
        amountMinor: order.payAmountMinor,
        currency: order.currency,
        reason: record.reason ?? null,
        vouchersTakenBack: reversal.vouchersTakenBack,
        vouchersUnrecovered: reversal.vouchersUnrecovered,
        gameRevokeStatus,
        completedAt: new Date(),
      })
      .onConflictDoUpdate({
        target: refunds.orderId,
        set: {
          status: 'completed',
          providerRefundId: sql`coalesce(${refunds.providerRefundId}, excluded.provider_refund_id)`,
          vouchersTakenBack: reversal.vouchersTakenBack,
          vouchersUnrecovered: reversal.vouchersUnrecovered,
          gameRevokeStatus,
          lastError: null,
          completedAt: new Date(),
          updatedAt: sql`now()`,
        },
      });
    await tx.update(refundRequests).set({ status: 'refunded', updatedAt: sql`now()` }).where(eq(refundRequests.orderId, order.id));
    return { order: moved.order, reversal };
  }

  /**
   * The payer approved a payment the provider waits for us to take (PayPal). Captured while it is the order's own session
   * and the order still waits for the money; an approval of a session the player left for another channel, or of an order
   * that is gone, lapses uncharged (kept as an event, so repeats are recognised).
   */
  private async approved(provider: ProviderName, fact: ApprovedFact): Promise<SettleOutcome> {
    const order = await this.findOrder(this.db, provider, fact.order);
    const current = order && order.thirdChannelName === provider && order.thirdOrderId === fact.sessionId;
    if (!current) {
      const orderId = order?.id ?? (await this.leftSession(provider, fact.sessionId))?.orderId;
      if (orderId === undefined) throw new UnknownOrderError();
      return this.withEvent(provider, { ...fact, kind: 'noted', order: { orderId } }, {}, async () => 'unchanged');
    }
    const capture = this.providers.get(provider).capture;
    if (order.status > OrderStatus.PAYMENT_PROCESSING || !capture) return 'unchanged';
    const facts = await capture.call(this.providers.get(provider), { orderId: order.id, orderSn: order.orderSn, sessionId: fact.sessionId });
    return (await this.applyAll(provider, facts)) ?? 'unchanged';
  }

  private async leftSession(provider: ProviderName, sessionId: string): Promise<{ orderId: number } | undefined> {
    const [session] = await this.db
      .select({ orderId: supersededPaymentSessions.orderId })
      .from(supersededPaymentSessions)
      .where(and(eq(supersededPaymentSessions.provider, provider), eq(supersededPaymentSessions.thirdOrderId, sessionId)))
      .limit(1);
    return session;
  }

  private async findOrder(executor: Executor, provider: ProviderName, reference: OrderReference): Promise<OrderRow | undefined> {
    const [order] = await executor.select().from(orders).where(orderCondition(provider, reference));
    return order;
  }

  /**
   * One transaction per fact. Lock step: the order row first (FOR UPDATE), so every fact about one order is decided
   * against its current state; the event is recorded in the same statement, under its unique key, so a repeat is seen.
   */
  private async withEvent(
    provider: ProviderName,
    fact: Extract<PaymentFact, { eventKey: string }>,
    ids: { paymentId?: string; refundId?: string },
    act: (tx: Tx, order: OrderRow) => Promise<SettleOutcome>,
  ): Promise<SettleOutcome> {
    return this.db.transaction(async (tx) => {
      const [row] = await rows(tx, typed<Record<string, unknown>>(lockOrderWithEventStatement(provider, fact, ids)));
      if (!row) throw new UnknownOrderError();
      if (row['recorded_event'] === null || row['recorded_event'] === undefined) return 'duplicate';
      return act(tx, orderRowOf(row));
    });
  }
}

/**
 * The first statement of every fact's transaction: the order locked (FOR UPDATE) and the event recorded under its unique
 * key; `recorded_event` is null when the event was recorded before (a repeat).
 */
export function lockOrderWithEventStatement(
  provider: ProviderName,
  fact: Pick<Extract<PaymentFact, { eventKey: string }>, 'order' | 'eventKey' | 'eventType' | 'payload'>,
  ids: { paymentId?: string; refundId?: string },
): SQL {
  return sql`
    WITH locked AS (
      SELECT * FROM orders WHERE ${orderCondition(provider, fact.order)} FOR UPDATE),
    recorded AS (
      INSERT INTO payment_events (provider, event_key, event_type, order_id, payment_id, refund_id, payload)
      SELECT ${provider}, ${fact.eventKey}, ${fact.eventType}, locked.id, ${ids.paymentId ?? null}, ${ids.refundId ?? null},
             ${JSON.stringify(fact.payload ?? {})}::jsonb
        FROM locked
      ON CONFLICT DO NOTHING
      RETURNING id)
    SELECT locked.*, (SELECT id FROM recorded) AS recorded_event FROM locked`;
}

/** The order a reference names (an order number or session that is not ours matches nothing). */
function orderCondition(provider: ProviderName, reference: OrderReference): SQL {
  if ('orderId' in reference) return eq(orders.id, reference.orderId);
  if ('orderSn' in reference) return eq(orders.orderSn, reference.orderSn);
  return and(eq(orders.thirdChannelName, provider), eq(orders.thirdOrderId, reference.sessionId))!;
}
