import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { ORDER_LIST_TYPE_STATUSES, type Order, type OrderListTypeCode } from '@shop/contract/orders.schema';
import type { Language } from '@shop/contract/languages';
import type { Db, Executor } from '../../db/client.ts';
import { orders, refundRequests, refunds } from '../../db/schema.ts';
import { notFound, conflict } from '../../shared/domain-errors.ts';
import { minorToMajorNumber } from '../../shared/money.ts';
import { orderLinesShown, type ShownLine } from './order-lines.ts';
import type { OrderProcess, OrderRow } from './order-state-machine.ts';

export class OrdersService {
  constructor(
    private readonly db: Db,
    private readonly process: OrderProcess,
  ) {}

  async list(userId: number, type: OrderListTypeCode, pageNum: number, pageSize: number, language: Language) {
    const statuses = ORDER_LIST_TYPE_STATUSES[type];
    const where = and(eq(orders.userId, userId), isNull(orders.deletedAt), statuses ? inArray(orders.status, [...statuses]) : undefined);
    const [rows, [{ total } = { total: 0 }]] = await Promise.all([
      this.db
        .select()
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(pageSize)
        .offset((pageNum - 1) * pageSize),
      this.db.select({ total: count() }).from(orders).where(where),
    ]);
    const items = await orderLinesShown(this.db, rows, language);
    return { list: rows.map((row) => toOrder(row, items)), total: Number(total), pageNum, pageSize };
  }

  /** An order of this user; another player's order (or one the player deleted) is simply not found. */
  async findOwned(executor: Executor, userId: number, orderId: number): Promise<OrderRow> {
    const [row] = await executor
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId), isNull(orders.deletedAt)));
    if (!row) throw notFound('orderNotFound');
    return row;
  }

  /** The order whose current payment session at `provider` is `sessionId` (PayPal's return page names its order). */
  async findByProviderSession(provider: string, sessionId: string): Promise<OrderRow | undefined> {
    const [row] = await this.db
      .select()
      .from(orders)
      .where(and(eq(orders.thirdChannelName, provider), eq(orders.thirdOrderId, sessionId)));
    return row;
  }

  async detail(userId: number, orderId: number, language: Language): Promise<Order> {
    const row = await this.findOwned(this.db, userId, orderId);
    const [order, [request], [refund]] = await Promise.all([
      this.view(row, language),
      this.db
        .select({ status: refundRequests.status, createdAt: refundRequests.createdAt })
        .from(refundRequests)
        .where(eq(refundRequests.orderId, row.id)),
      this.db
        .select({ vouchersTakenBack: refunds.vouchersTakenBack, vouchersUnrecovered: refunds.vouchersUnrecovered, completedAt: refunds.completedAt })
        .from(refunds)
        .where(and(eq(refunds.orderId, row.id), eq(refunds.status, 'completed'))),
    ]);
    return {
      ...order,
      refundRequest: request ? { status: request.status, createTime: request.createdAt.toISOString() } : null,
      refund: refund
        ? { vouchersTakenBack: refund.vouchersTakenBack, vouchersUnrecovered: refund.vouchersUnrecovered, completeTime: (refund.completedAt ?? new Date()).toISOString() }
        : null,
    };
  }

  async view(row: OrderRow, language: Language, executor: Executor = this.db): Promise<Order> {
    return toOrder(row, await orderLinesShown(executor, [row], language));
  }

  async cancel(userId: number, orderId: number, orderSn: string | undefined, language: Language): Promise<Order> {
    const row = await this.db.transaction(async (tx) => {
      const order = await this.findOwned(tx, userId, orderId);
      if (orderSn && orderSn !== order.orderSn) throw notFound('orderNotFound');
      const cancelled = await this.process.transition(tx, order.id, 'cancelledByPlayer');
      if (!cancelled) throw conflict('orderNotCancellable');
      return cancelled.order;
    });
    return this.view(row, language);
  }

  /** Expiry job: closes the order if it is still unpaid; a no-op otherwise. */
  async expire(orderId: number): Promise<void> {
    await this.db.transaction((tx) => this.process.transition(tx, orderId, 'expired'));
  }
}

export function toOrder(row: OrderRow, items: ShownLine[]): Order {
  return {
    id: row.id,
    orderSn: row.orderSn,
    status: row.status,
    currency: row.currency,
    payAmount: minorToMajorNumber(row.payAmountMinor, row.currency),
    totalAmount: minorToMajorNumber(row.totalAmountMinor, row.currency),
    orderSource: row.orderSource,
    thirdChannelName: row.thirdChannelName,
    payMethodName: row.payMethodName,
    appId: row.appId,
    createTime: row.createdAt.toISOString(),
    paidTime: row.paidAt?.toISOString() ?? null,
    expireTime: row.expiresAt?.toISOString() ?? null,
    items: items
      .filter((item) => item.orderId === row.id)
      .map((item) => ({
        id: item.id,
        productId: item.productId,
        productName: item.shownName,
        desc: item.desc,
        thumb: item.thumbnail,
        productCategoryId: item.categoryId,
        goodsType: item.goodsType,
        quantity: item.quantity,
        currency: item.currency,
        price: minorToMajorNumber(item.priceMinor, item.currency),
        originalPrice: minorToMajorNumber(item.originalPriceMinor, item.currency),
        voucherAmount: item.voucherAmount,
      })),
  };
}
