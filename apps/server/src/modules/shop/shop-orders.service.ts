import { pricingCountryOf } from '@shop/contract/pricing';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { GoodsType } from '@shop/contract/catalog.schema';
import type { DevicePlatform } from '@shop/contract/channels.schema';
import type { CreateOrderResult } from '@shop/contract/checkout.schema';
import { DEFAULT_REGION } from '@shop/contract/games';
import type { Language } from '@shop/contract/languages';
import { OrderStatus } from '@shop/contract/orders.schema';
import { MAX_ITEMS_PER_ORDER, PayType, type OrderItemDetail, type RefundRequestInfo } from '@shop/contract/shop-orders';
import type { Db, Executor } from '../../db/client.ts';
import { orders, refundRequests } from '../../db/schema.ts';
import { conflict, invalid, notFound } from '../../shared/domain-errors.ts';
import { minorToMajorNumber } from '../../shared/money.ts';
import type { SessionUser } from '../auth/tokens.ts';
import type { ChannelsService } from '../channels/channels.service.ts';
import type { DeliveryService } from '../fulfilment/delivery.service.ts';
import type { GamesService } from '../games/games.service.ts';
import { orderLinesShown } from '../orders/order-lines.ts';
import type { OrderPayments } from '../orders/order-payments.ts';
import { createOrderResult, type OrderKind, type OrderPlacement } from '../orders/order-placement.ts';
import { canTransition, type OrderProcess } from '../orders/order-state-machine.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { AnswerRecorder } from '../orders/ports.ts';
import type { RolesService } from '../roles/roles.service.ts';
import { rows, typedSql } from '../../db/statement.ts';

const S = OrderStatus;
/** Final states a player may remove from My Orders. */
export const DELETABLE_STATUSES = [S.ORDER_COMPLETE, S.CLOSED, S.CANCELLED, S.REFUND_COMPLETE, S.TRANSACTION_FAILED, S.REFUNDED_AFTER_DELIVERY];
/** Paid states in which a refund can be requested. */
export const REFUNDABLE_STATUSES = [S.PAYMENT_COMPLETE, S.ORDER_COMPLETE, S.DELIVERY_ERROR];

/** Gems, VIP passes and other items: never free gifts (claimed) or voucher packs (the voucher page). */
const SHOP_ORDER: OrderKind = {
  source: 'shop',
  refuse: (product) => (product.goodsType === GoodsType.FREE || product.goodsType === GoodsType.VOUCHER ? invalid('productNotForSale') : undefined),
  roleMissing: () => notFound('gameAccountNotFound'),
  roleOfAnotherGame: 'gameAccountOfAnotherGame',
};

/** PayType (the spec's payType map) to the provider it names. */
const PAY_TYPE_PROVIDERS: Partial<Record<number, string>> = { [PayType.PAYPAL]: 'paypal' };

export interface OrderDraftInput {
  appId: number;
  gameAccountId: number;
  lines: { productId: number; quantity: number }[];
  payMethodId: string;
  thirdChannelId: string;
  regionCode?: string;
  selectedRegionCode?: string;
  /** Single-product orders: the unit price the client showed. */
  productPrice?: number;
  currency?: string;
  /** The caller's device: a channel its device rules hide is not offered. */
  platform?: DevicePlatform;
}

type RefundRow = typeof refundRequests.$inferSelect;
const toRefundInfo = (row: RefundRow): RefundRequestInfo => ({
  id: row.id,
  status: row.status,
  reason: row.reason,
  createTime: row.createdAt.toISOString(),
});

/**
 * Orders of the shop (gems, VIP, other items) and the My Orders actions. Checks that need no write come first, so a
 * refused request writes nothing; every status change goes through the state machine's conditional update.
 */
export class ShopOrdersService {
  constructor(
    private readonly db: Db,
    private readonly games: GamesService,
    private readonly channels: ChannelsService,
    private readonly roles: RolesService,
    private readonly orders: OrdersService,
    private readonly placement: OrderPlacement,
    private readonly payments: OrderPayments,
    private readonly process: OrderProcess,
    private readonly delivery: DeliveryService,
  ) {}

  /** A cart or a single item of the shop, placed through the one order flow (orders/order-placement.ts). */
  async create(user: SessionUser, input: OrderDraftInput, language: Language, answer?: AnswerRecorder): Promise<CreateOrderResult> {
    await this.games.requireGame(input.appId);
    const ids = input.lines.map((line) => line.productId);
    if (new Set(ids).size !== ids.length) throw invalid('duplicateCartLine');
    const units = input.lines.reduce((sum, line) => sum + line.quantity, 0);
    if (units > MAX_ITEMS_PER_ORDER) throw invalid('tooManyItems', { count: MAX_ITEMS_PER_ORDER });
    const regionCode = input.regionCode ?? DEFAULT_REGION;
    const selectedRegionCode = input.selectedRegionCode ?? regionCode;
    const channel = await this.channels.offered(input.appId, selectedRegionCode, input, input.platform);
    if (!channel) throw invalid('channelNotOffered');
    const { result } = await this.placement.place({
      kind: SHOP_ORDER,
      userId: user.userId,
      appId: input.appId,
      role: { gameAccountId: input.gameAccountId },
      lines: input.lines,
      channel,
      regionCode,
      selectedRegionCode,
      country: pricingCountryOf(selectedRegionCode),
      ...(input.lines.length === 1 ? { shown: { unitPrice: input.productPrice, currency: input.currency } } : {}),
      language,
      ...(answer ? { recordAnswer: (tx, order) => answer.complete(tx, createOrderResult(order, order.thirdPayResponse ?? '')) } : {}),
    });
    return result;
  }

  async itemDetail(userId: number, orderId: number, language: Language): Promise<OrderItemDetail> {
    const order = await this.orders.findOwned(this.db, userId, orderId);
    const [items, [refund], account] = await Promise.all([
      orderLinesShown(this.db, [order], language),
      this.db.select().from(refundRequests).where(eq(refundRequests.orderId, order.id)),
      order.gameAccountId ? this.roles.owned(this.db, userId, order.gameAccountId).catch(() => undefined) : undefined,
    ]);
    const role = account ? await this.games.describe(account) : undefined;
    return {
      orderId: order.id,
      orderSn: order.orderSn,
      status: order.status,
      orderSource: order.orderSource,
      currency: order.currency,
      payAmount: minorToMajorNumber(order.payAmountMinor, order.currency),
      goods: items.map((item) => ({
        productId: item.productId,
        productName: item.shownName,
        productDesc: item.desc,
        productThumbnail: item.thumbnail,
        num: item.quantity,
        goodsType: item.goodsType,
        productCategoryId: item.categoryId,
        currency: item.currency,
        price: minorToMajorNumber(item.priceMinor, item.currency),
        originalPrice: minorToMajorNumber(item.originalPriceMinor, item.currency),
      })),
      gameAccount:
        account && role
          ? { id: account.id, gameId: account.accountId, roleId: account.roleId, roleName: account.roleName, serverName: role.serverName, gameName: role.gameName }
          : null,
      refundRequest: refund ? toRefundInfo(refund) : null,
      deliveredTime: order.deliveredAt?.toISOString() ?? null,
      actions: {
        pay: order.status === S.AWAITING_PAYMENT,
        cancel: canTransition(order.status, 'cancelledByPlayer'),
        refund: !refund && order.payAmountMinor > 0 && (REFUNDABLE_STATUSES as number[]).includes(order.status),
        del: (DELETABLE_STATUSES as number[]).includes(order.status),
        retryDelivery: order.status === S.DELIVERY_ERROR,
      },
    };
  }

  /** The client's payment countdown ran out: 0 -> 4 through the state machine (row locked, conditional). */
  async cancelAuto(userId: number, orderId: number) {
    return this.db.transaction(async (tx) => {
      const order = await this.orders.findOwned(tx, userId, orderId);
      const closed = await this.process.transition(tx, order, 'closedByPlayerTimer');
      if (!closed) throw conflict('orderNotCancellable');
      return { orderId: closed.order.id, orderSn: closed.order.orderSn, status: closed.order.status };
    });
  }

  /** Statuses of the caller's orders; with `retryDelivery` an order in 8 (Delivery Error) gets another delivery attempt. */
  async confirm(userId: number, ids: number[], retryDelivery = false) {
    const unique = [...new Set(ids)];
    const rows = await this.db
      .select()
      .from(orders)
      .where(and(inArray(orders.id, unique), eq(orders.userId, userId), isNull(orders.deletedAt)));
    if (rows.length !== unique.length) throw notFound('orderNotFound');
    if (retryDelivery) for (const row of rows) if (row.status === S.DELIVERY_ERROR) await this.delivery.retry(this.db, row.id);
    return unique.map((id) => {
      const row = rows.find((r) => r.id === id)!;
      return { orderId: row.id, orderSn: row.orderSn, status: row.status };
    });
  }

  /** Soft delete with one conditional UPDATE (owner, final status, not yet deleted); the row stays for accounting. */
  async del(userId: number, orderId: number) {
    const [deleted] = await this.db
      .update(orders)
      .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId), isNull(orders.deletedAt), inArray(orders.status, DELETABLE_STATUSES)))
      .returning({ id: orders.id });
    if (deleted) return { orderId: deleted.id };
    await this.orders.findOwned(this.db, userId, orderId);
    throw conflict('orderNotDeletable');
  }

  /** Opens the payment of an unpaid order again (v1/order/pay), optionally with another channel (orders/order-payments.ts). */
  async pay(
    user: SessionUser,
    body: { ids: number[]; payType?: number; payMethodId?: string; thirdChannelId?: string; selectedRegionCode?: string },
    language: Language,
    platform: DevicePlatform = 'other',
  ): Promise<CreateOrderResult> {
    if (body.ids.length !== 1) throw invalid('payOneOrder');
    const provider = body.payType === undefined ? undefined : PAY_TYPE_PROVIDERS[body.payType];
    const { result } = await this.payments.payAgain(user.userId, body.ids[0]!, {
      language,
      platform,
      ...(body.payMethodId && body.thirdChannelId ? { channel: { payMethodId: body.payMethodId, thirdChannelId: body.thirdChannelId } } : provider ? { provider } : {}),
      ...(body.selectedRegionCode ? { region: body.selectedRegionCode } : {}),
    });
    return result;
  }

  /**
   * Records a refund request once per order (unique key on order_id) for a paid order of the caller: one conditional
   * INSERT ... SELECT checks owner, status and amount; the status itself moves only when the refund is made (issue 5).
   */
  async refund(userId: number, orderId: number, reason: string | undefined): Promise<RefundRequestInfo> {
    const statuses = sql.join(REFUNDABLE_STATUSES.map((s) => sql`${s}`), sql`, `);
    const [inserted] = await rows(this.db, typedSql<{ id: number | string }>()`
      INSERT INTO refund_requests (order_id, user_id, reason, order_status)
      SELECT id, user_id, ${reason || null}, status FROM orders
      WHERE id = ${orderId} AND user_id = ${userId} AND deleted_at IS NULL AND pay_amount_minor > 0 AND status IN (${statuses})
      ON CONFLICT (order_id) DO NOTHING
      RETURNING id`);
    if (inserted) {
      const [row] = await this.db.select().from(refundRequests).where(eq(refundRequests.id, Number(inserted.id)));
      return toRefundInfo(row!);
    }
    await this.orders.findOwned(this.db, userId, orderId);
    const [existing] = await this.db.select({ id: refundRequests.id }).from(refundRequests).where(eq(refundRequests.orderId, orderId));
    if (existing) throw conflict('refundAlreadyRequested');
    throw conflict('orderNotRefundable');
  }

  /** Rejects the open refund request of an order (404 when there is none); `executor`: the caller's transaction. */
  async rejectRefundRequest(orderId: number, executor: Executor = this.db): Promise<void> {
    const rows = await executor
      .update(refundRequests)
      .set({ status: 'rejected', updatedAt: sql`now()` })
      .where(sql`${refundRequests.orderId} = ${orderId} AND ${refundRequests.status} = 'requested'`)
      .returning({ id: refundRequests.id });
    if (!rows.length) throw notFound('notFound');
  }

  /** The refund request of an order, for order detail. */
  async refundOf(executor: Executor, orderId: number): Promise<RefundRow | undefined> {
    const [row] = await executor.select().from(refundRequests).where(eq(refundRequests.orderId, orderId));
    return row;
  }
}
