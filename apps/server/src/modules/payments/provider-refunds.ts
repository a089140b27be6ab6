import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { OrderStatus } from '@shop/contract/orders.schema';
import type { RefundView } from '@shop/contract/ops';
import type { Db } from '../../db/client.ts';
import { orders, refunds, voucherAccounts } from '../../db/schema.ts';
import { conflict, notFound, upstreamFailed } from '../../shared/domain-errors.ts';
import { creditedVouchers } from '../fulfilment/fulfilment.ts';
import type { OrderRow } from '../orders/order-state-machine.ts';
import type { PaymentProviders } from './provider-registry.ts';
import { ProviderError } from './provider-error.ts';
import type { SettlementService } from './settlement.ts';

const S = OrderStatus;
const REFUNDABLE: readonly number[] = [S.PAYMENT_COMPLETE, S.ORDER_COMPLETE, S.DELIVERY_ERROR];

export interface RefundRequestOptions {
  reason?: string;
  /** Refund a voucher order even though part of its vouchers were spent in the game (they cannot be taken back). */
  allowUnrecoveredVouchers?: boolean;
}

/**
 * Operators refund a paid order through its provider's refund API (PAYMENTS.md): PayPal refunds the capture, Xsolla the
 * transaction, PayerMax the trade. The provider's confirmation (PayPal's answer or PAYMENT.CAPTURE.REFUNDED, Xsolla's
 * refund webhook, PayerMax's REFUND notification) completes it through the one settlement, so a refund is applied once
 * whichever confirmation comes first.
 * Lock step: the `refunds` row, unique per order, is claimed with one conditional upsert (new, or failed before): a second
 * operator request gets the refund in progress instead of a second provider call. Provider idempotency keys
 * (PayPal-Request-Id, PayerMax outRefundNo) cover a retry after a timeout.
 */
export class ProviderRefundService {
  constructor(
    private readonly db: Db,
    private readonly providers: PaymentProviders,
    private readonly settlement: SettlementService,
    private readonly log: FastifyBaseLogger,
  ) {}

  async refund(orderId: number, options: RefundRequestOptions = {}): Promise<RefundView> {
    const [order] = await this.db.select().from(orders).where(eq(orders.id, orderId));
    if (!order) throw notFound('orderNotFound');
    const existing = await this.view(order.id);
    if (existing && existing.status !== 'failed') return existing;
    const provider = this.providers.find(order.thirdChannelName);
    if (!REFUNDABLE.includes(order.status) || !provider || order.payAmountMinor <= 0) throw conflict('orderNotRefundable');
    await this.checkVouchers(order, options);

    const [claimed] = await this.db
      .insert(refunds)
      .values({
        orderId: order.id,
        provider: provider.name,
        status: 'pending',
        initiatedBy: 'operator',
        amountMinor: order.payAmountMinor,
        currency: order.currency,
        reason: options.reason ?? null,
      })
      .onConflictDoUpdate({
        target: refunds.orderId,
        set: { status: 'pending', lastError: null, reason: options.reason ?? null, updatedAt: sql`now()` },
        setWhere: sql`${refunds.status} = 'failed'`,
      })
      .returning({ id: refunds.id });
    if (!claimed) return (await this.view(order.id))!;

    try {
      await this.askProvider(order, options.reason ?? 'Refund');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await this.db.update(refunds).set({ status: 'failed', lastError: message, updatedAt: sql`now()` }).where(eq(refunds.id, claimed.id));
      this.log.warn({ err: error, orderSn: order.orderSn }, 'provider refund failed');
      if (error instanceof ProviderError) throw upstreamFailed('refundProviderError');
      throw error;
    }
    return (await this.view(order.id))!;
  }

  async view(orderId: number): Promise<RefundView | undefined> {
    const [row] = await this.db
      .select({ refund: refunds, orderSn: orders.orderSn, orderStatus: orders.status })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(eq(refunds.orderId, orderId));
    if (!row) return undefined;
    const { refund } = row;
    return {
      orderId,
      orderSn: row.orderSn,
      orderStatus: row.orderStatus,
      provider: refund.provider,
      providerRefundId: refund.providerRefundId,
      status: refund.status,
      initiatedBy: refund.initiatedBy,
      amountMinor: refund.amountMinor,
      currency: refund.currency,
      vouchersTakenBack: refund.vouchersTakenBack,
      vouchersUnrecovered: refund.vouchersUnrecovered,
      gameRevokeStatus: refund.gameRevokeStatus,
      lastError: refund.lastError,
    };
  }

  /** A voucher order whose vouchers were partly spent is only refunded when the operator accepts the loss. */
  private async checkVouchers(order: OrderRow, options: RefundRequestOptions): Promise<void> {
    if (order.status !== S.ORDER_COMPLETE || !order.gameAccountId || options.allowUnrecoveredVouchers) return;
    const credited = await creditedVouchers(this.db, order.id);
    if (!credited) return;
    const [account] = await this.db.select({ balance: voucherAccounts.balance }).from(voucherAccounts).where(eq(voucherAccounts.gameAccountId, order.gameAccountId));
    const balance = account?.balance ?? 0;
    if (balance < credited) throw conflict('refundVouchersSpent', { credited, spent: credited - balance });
  }

  /**
   * Asks the order's provider to refund the payment that paid it (orders.provider_payment_id). A provider that confirms
   * at once (PayPal COMPLETED) is settled now; the others confirm by webhook, or reconciliation asks.
   */
  private async askProvider(order: OrderRow, reason: string): Promise<void> {
    const provider = this.providers.get(order.thirdChannelName);
    if (!order.providerPaymentId) throw new Error(`order ${order.orderSn} has no ${provider.name} payment recorded`);
    const started = await provider.refund({
      subject: { kind: 'order', orderSn: order.orderSn },
      orderSn: order.orderSn,
      paymentId: order.providerPaymentId,
      amountMinor: order.payAmountMinor,
      currency: order.currency,
      reason,
    });
    if (started.refundId) await this.db.update(refunds).set({ providerRefundId: started.refundId, updatedAt: sql`now()` }).where(eq(refunds.orderId, order.id));
    await this.settlement.applyAll(provider.name, started.facts);
  }
}
