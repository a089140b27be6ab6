import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { GoodsType } from '@shop/contract/catalog';
import type { DevicePlatform } from '@shop/contract/channels';
import type { CreateOrderResult } from '@shop/contract/checkout';
import { DEFAULT_REGION } from '@shop/contract/games';
import type { Language } from '@shop/contract/languages';
import { OrderStatus } from '@shop/contract/orders';
import { MAX_ITEMS_PER_ORDER, PayType, type OrderItemDetail, type RefundRequestInfo } from '@shop/contract/shop-orders';
import type { AppConfig } from '../../config.ts';
import type { Db, Executor } from '../../db/client.ts';
import { orderItems, orders, products, refundRequests, supersededPaymentSessions } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { pickLocalized } from '../../shared/localized.ts';
import type { SessionUser } from '../auth/tokens.ts';
import { onSaleNow } from '../catalog/catalog.service.ts';
import type { ChannelsService } from '../channels/channels.service.ts';
import type { GamesService } from '../games/games.service.ts';
import { newOrderSn } from '../orders/order-number.ts';
import { canTransition, transition } from '../orders/order-state-machine.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { createOrderResult, enqueueExpiry, nextOrderId } from '../orders/order-creation.ts';
import { reportOrderCreated } from '../orders/order-events.ts';
import { checkUnpaidOrders, reserveUnpaidOrderSlot } from '../orders/unpaid-orders.ts';
import type { IdempotencyClaim } from '../../http/idempotency.ts';
import { minorToMajorNumber } from '../payments/money.ts';
import type { PaymentGateway } from '../payments/payment-gateway.ts';
import type { RolesService } from '../roles/roles.service.ts';
import type { DeliveryService } from './delivery.service.ts';

const S = OrderStatus;
/** Final states a player may remove from My Orders. */
export const DELETABLE_STATUSES = [S.ORDER_COMPLETE, S.CLOSED, S.CANCELLED, S.REFUND_COMPLETE, S.TRANSACTION_FAILED, S.REFUNDED_AFTER_DELIVERY];
/** Paid states in which a refund can be requested. */
export const REFUNDABLE_STATUSES = [S.PAYMENT_COMPLETE, S.ORDER_COMPLETE, S.DELIVERY_ERROR];

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
    private readonly config: AppConfig,
    private readonly games: GamesService,
    private readonly channels: ChannelsService,
    private readonly roles: RolesService,
    private readonly orders: OrdersService,
    private readonly gateway: PaymentGateway,
    private readonly delivery: DeliveryService,
  ) {}

  /**
   * Prices the lines from a fresh read of the catalogue, asks the provider to open the payment (idempotency key from
   * the order number), then writes order, items, the provider's answer and the expiry job in one transaction. The
   * unpaid-order cap and the Idempotency-Key's answer as in CheckoutService.createVoucherOrder.
   */
  async create(user: SessionUser, input: OrderDraftInput, language: Language, idempotency?: IdempotencyClaim): Promise<CreateOrderResult> {
    await this.games.requireGame(input.appId);
    const ids = input.lines.map((line) => line.productId);
    if (new Set(ids).size !== ids.length) throw badRequest('duplicateCartLine');
    const units = input.lines.reduce((sum, line) => sum + line.quantity, 0);
    if (units > MAX_ITEMS_PER_ORDER) throw badRequest('tooManyItems', { count: MAX_ITEMS_PER_ORDER });

    const [account, rows] = await Promise.all([
      this.roles.owned(this.db, user.userId, input.gameAccountId),
      this.db
        .select()
        .from(products)
        .where(and(inArray(products.id, ids), onSaleNow())),
    ]);
    if (account.appId !== input.appId) throw badRequest('gameAccountOfAnotherGame');
    const byId = new Map(rows.map((row) => [row.id, row]));
    const lines = input.lines.map((line) => {
      const product = byId.get(line.productId);
      if (!product) throw notFound('productNotFound');
      if (product.goodsType === GoodsType.FREE || product.goodsType === GoodsType.VOUCHER) throw badRequest('productNotForSale');
      if (product.appId !== input.appId) throw badRequest('productOfAnotherGame');
      return { product, quantity: line.quantity };
    });
    const currency = lines[0]!.product.currency;
    if (lines.some((line) => line.product.currency !== currency)) throw badRequest('mixedCurrencies');
    if (
      (input.productPrice !== undefined && input.productPrice !== minorToMajorNumber(lines[0]!.product.discountPriceMinor, currency)) ||
      (input.currency !== undefined && input.currency !== currency)
    )
      throw conflict('productChanged');
    const payAmountMinor = lines.reduce((sum, line) => sum + line.product.discountPriceMinor * line.quantity, 0);
    const totalAmountMinor = lines.reduce((sum, line) => sum + line.product.priceMinor * line.quantity, 0);

    const regionCode = input.regionCode ?? DEFAULT_REGION;
    const selectedRegionCode = input.selectedRegionCode ?? regionCode;
    const channel = await this.channels.offered(input.appId, selectedRegionCode, input, input.platform);
    if (!channel) throw badRequest('channelNotOffered');
    await checkUnpaidOrders(this.db, user.userId, this.config.unpaidOrdersPerPlayer);

    const draft = {
      id: await nextOrderId(this.db),
      orderSn: newOrderSn(),
      userId: user.userId,
      thirdChannelName: channel.thirdChannelName,
      currency,
      payAmountMinor,
    };
    const description = lines.map((line) => `${pickLocalized(line.product.names, language)} x${line.quantity}`).join(', ').slice(0, 250);
    const payment = await this.gateway.request(draft, { language, description, from: 'shop', userCountry: selectedRegionCode });

    const order = await this.db.transaction(async (tx) => {
      await reserveUnpaidOrderSlot(tx, user.userId, this.config.unpaidOrdersPerPlayer);
      const [created] = await tx
        .insert(orders)
        .values({
          ...draft,
          appId: input.appId,
          gameAccountId: account.id,
          orderSource: 'shop',
          totalAmountMinor,
          regionCode,
          selectedRegionCode,
          payChannelId: channel.id,
          payMethodName: channel.payMethodName,
          payMethodId: channel.payMethodId,
          thirdPayResponse: payment.body,
          thirdOrderId: payment.thirdOrderId ?? null,
          expiresAt: sql`now() + make_interval(secs => ${this.config.orderExpiryMs / 1000})`,
        })
        .returning();
      await tx.insert(orderItems).values(
        lines.map(({ product, quantity }) => ({
          orderId: created!.id,
          productId: product.id,
          names: product.names,
          descs: product.descs,
          thumb: product.thumbnail,
          categoryId: product.categoryId,
          goodsType: product.goodsType,
          quantity,
          currency,
          priceMinor: product.discountPriceMinor,
          originalPriceMinor: product.priceMinor,
          voucherAmount: 0,
        })),
      );
      await enqueueExpiry(tx, created!);
      reportOrderCreated(tx, created!);
      await idempotency?.complete(tx, createOrderResult(created!, payment.body));
      return created!;
    });
    return createOrderResult(order, payment.body);
  }

  async itemDetail(userId: number, orderId: number, language: Language): Promise<OrderItemDetail> {
    const order = await this.orders.findOwned(this.db, userId, orderId);
    const [items, [refund], account] = await Promise.all([
      this.db.select().from(orderItems).where(eq(orderItems.orderId, order.id)),
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
        productName: pickLocalized(item.names, language),
        productDesc: pickLocalized(item.descs, language),
        productThumbnail: item.thumb,
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
      const closed = await transition(tx, order.id, 'closedByPlayerTimer');
      if (!closed) throw conflict('orderNotCancellable');
      return { orderId: closed.id, orderSn: closed.orderSn, status: closed.status };
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

  /**
   * Opens the payment of an unpaid order again, optionally with another channel (the order row is locked while its
   * channel changes; the provider is asked after that commits, under the same order number).
   */
  async pay(
    user: SessionUser,
    body: { ids: number[]; payType?: number; payMethodId?: string; thirdChannelId?: string; selectedRegionCode?: string },
    language: Language,
    platform: DevicePlatform = 'other',
  ): Promise<CreateOrderResult> {
    if (body.ids.length !== 1) throw badRequest('payOneOrder');
    let order = await this.orders.findOwned(this.db, user.userId, body.ids[0]!);
    if (order.status !== S.AWAITING_PAYMENT) throw conflict('orderNotPayable');
    const region = body.selectedRegionCode ?? order.selectedRegionCode ?? DEFAULT_REGION;
    let channel;
    if (body.payMethodId && body.thirdChannelId) {
      channel = await this.channels.offered(order.appId, region, { payMethodId: body.payMethodId, thirdChannelId: body.thirdChannelId }, platform);
      if (!channel) throw badRequest('channelNotOffered');
    } else if (body.payType === PayType.PAYPAL && order.thirdChannelName !== 'paypal') {
      channel = (await this.channels.forRegion(order.appId, region, platform)).find((row) => row.thirdChannelName === 'paypal');
      if (!channel) throw badRequest('channelNotOffered');
    }
    if (channel && channel.id !== order.payChannelId) {
      const left = order;
      const picked = channel;
      order = await this.db.transaction(async (tx) => {
        const [updated] = await tx
          .update(orders)
          .set({
            payChannelId: picked.id,
            payMethodName: picked.payMethodName,
            payMethodId: picked.payMethodId,
            thirdChannelName: picked.thirdChannelName,
            thirdOrderId: null,
            selectedRegionCode: region,
            updatedAt: sql`now()`,
          })
          .where(and(eq(orders.id, left.id), eq(orders.status, S.AWAITING_PAYMENT)))
          .returning();
        if (!updated) throw conflict('orderNotPayable');
        // The player may still pay the session left behind (a tab kept open): reconciliation keeps asking its provider.
        if (left.thirdChannelName) {
          await tx.insert(supersededPaymentSessions).values({ orderId: left.id, provider: left.thirdChannelName, thirdOrderId: left.thirdOrderId });
        }
        return updated;
      });
    }
    const [item] = await this.db.select({ names: orderItems.names }).from(orderItems).where(eq(orderItems.orderId, order.id)).limit(1);
    const body2 = await this.gateway.reopen(order, {
      language,
      description: item ? pickLocalized(item.names, language) : order.orderSn,
      from: order.orderSource === 'voucher' ? 'voucher' : 'shop',
      userCountry: order.selectedRegionCode ?? DEFAULT_REGION,
    });
    return createOrderResult(order, body2);
  }

  /**
   * Records a refund request once per order (unique key on order_id) for a paid order of the caller: one conditional
   * INSERT ... SELECT checks owner, status and amount; the status itself moves only when the refund is made (issue 5).
   */
  async refund(userId: number, orderId: number, reason: string | undefined): Promise<RefundRequestInfo> {
    const statuses = sql.join(REFUNDABLE_STATUSES.map((s) => sql`${s}`), sql`, `);
    const result = await this.db.execute(sql`
      INSERT INTO refund_requests (order_id, user_id, reason, order_status)
      SELECT id, user_id, ${reason || null}, status FROM orders
      WHERE id = ${orderId} AND user_id = ${userId} AND deleted_at IS NULL AND pay_amount_minor > 0 AND status IN (${statuses})
      ON CONFLICT (order_id) DO NOTHING
      RETURNING id`);
    const inserted = (result as unknown as { rows: { id: number | string }[] }).rows[0];
    if (inserted) {
      const [row] = await this.db.select().from(refundRequests).where(eq(refundRequests.id, Number(inserted.id)));
      return toRefundInfo(row!);
    }
    await this.orders.findOwned(this.db, userId, orderId);
    const [existing] = await this.db.select({ id: refundRequests.id }).from(refundRequests).where(eq(refundRequests.orderId, orderId));
    if (existing) throw conflict('refundAlreadyRequested');
    throw conflict('orderNotRefundable');
  }

  /** The refund request of an order, for order detail. */
  async refundOf(executor: Executor, orderId: number): Promise<RefundRow | undefined> {
    const [row] = await executor.select().from(refundRequests).where(eq(refundRequests.orderId, orderId));
    return row;
  }
}
