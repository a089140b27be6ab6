import { eq, inArray } from 'drizzle-orm';
import { OrderStatus } from '@shop/contract/orders.schema';
import type { ConsoleOrderSummary, ConsoleVoucherPosition } from '@shop/contract/console/orders';
import type { Executor } from '../../../db/client.ts';
import { gameAccounts, games, orderItems, orders, users, voucherAccounts } from '../../../db/schema.ts';

/** The columns of an order's summary line: the order with its player, role and game. */
export const summaryColumns = {
  id: orders.id,
  orderSn: orders.orderSn,
  status: orders.status,
  orderSource: orders.orderSource,
  appId: orders.appId,
  gameName: games.name,
  currency: orders.currency,
  totalAmountMinor: orders.totalAmountMinor,
  payAmountMinor: orders.payAmountMinor,
  provider: orders.thirdChannelName,
  payMethodName: orders.payMethodName,
  userId: orders.userId,
  playerEmail: users.email,
  playerMobile: users.mobile,
  gameAccountId: gameAccounts.id,
  serverId: gameAccounts.serverId,
  roleId: gameAccounts.roleId,
  roleName: gameAccounts.roleName,
  accountId: gameAccounts.accountId,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
};

/** A row selected with `summaryColumns` (the joined tables are left joins). */
export interface SummaryRow {
  id: number;
  orderSn: string;
  status: number;
  orderSource: string;
  appId: number;
  gameName: string | null;
  currency: string;
  totalAmountMinor: number;
  payAmountMinor: number;
  provider: string | null;
  payMethodName: string | null;
  userId: number;
  playerEmail: string | null;
  playerMobile: string | null;
  gameAccountId: number | null;
  serverId: string | null;
  roleId: string | null;
  roleName: string | null;
  accountId: string | null;
  createdAt: Date;
  paidAt: Date | null;
}

/** Selects summary lines of orders; the caller filters, orders and pages. */
export function selectSummaries(executor: Executor) {
  return executor
    .select(summaryColumns)
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(games, eq(games.appId, orders.appId))
    .leftJoin(gameAccounts, eq(gameAccounts.id, orders.gameAccountId))
    .$dynamic();
}

/** The summaries of these orders, by id (for queues that pick their orders first). */
export async function summariesOf(executor: Executor, ids: readonly number[]): Promise<Map<number, ConsoleOrderSummary>> {
  if (!ids.length) return new Map();
  const rows = await selectSummaries(executor).where(inArray(orders.id, [...ids]));
  return new Map(rows.map((row) => [row.id, toSummary(row)]));
}

export const iso = (value: Date | string | null | undefined): string | null => (value === null || value === undefined ? null : new Date(value).toISOString());

export function toSummary(row: SummaryRow): ConsoleOrderSummary {
  return {
    id: row.id,
    orderSn: row.orderSn,
    status: row.status,
    orderSource: row.orderSource,
    appId: row.appId,
    gameName: row.gameName,
    currency: row.currency,
    totalAmountMinor: row.totalAmountMinor,
    payAmountMinor: row.payAmountMinor,
    provider: row.provider,
    payMethodName: row.payMethodName,
    userId: row.userId,
    playerEmail: row.playerEmail,
    playerMobile: row.playerMobile,
    role:
      row.gameAccountId === null
        ? null
        : { gameAccountId: row.gameAccountId, serverId: row.serverId ?? '', roleId: row.roleId ?? '', roleName: row.roleName ?? '', accountId: row.accountId ?? '' },
    createdAt: iso(row.createdAt)!,
    paidAt: iso(row.paidAt),
  };
}

const REFUNDABLE: readonly number[] = [OrderStatus.PAYMENT_COMPLETE, OrderStatus.ORDER_COMPLETE, OrderStatus.DELIVERY_ERROR];

/** Whether the provider refund accepts the order in this state (provider-refunds.ts), a refund under way aside. */
export const refundableState = (order: { status: number; provider: string | null; payAmountMinor: number }) =>
  REFUNDABLE.includes(order.status) && order.provider !== null && order.payAmountMinor > 0;

/**
 * The vouchers each order credited and its role's balance now; `spent` is what a refund of a complete voucher order
 * could not take back (provider-refunds.ts refuses it unless the operator accepts the loss).
 */
export async function voucherPositions(
  executor: Executor,
  list: readonly { id: number; status: number; gameAccountId: number | null }[],
): Promise<Map<number, ConsoleVoucherPosition>> {
  const positions = new Map<number, ConsoleVoucherPosition>();
  if (!list.length) return positions;
  const ids = list.map((order) => order.id);
  const accountIds = [...new Set(list.map((order) => order.gameAccountId).filter((id): id is number => id !== null))];
  const [items, balances] = await Promise.all([
    executor.select({ orderId: orderItems.orderId, voucherAmount: orderItems.voucherAmount, quantity: orderItems.quantity }).from(orderItems).where(inArray(orderItems.orderId, ids)),
    accountIds.length
      ? executor.select({ id: voucherAccounts.gameAccountId, balance: voucherAccounts.balance }).from(voucherAccounts).where(inArray(voucherAccounts.gameAccountId, accountIds))
      : Promise.resolve([]),
  ]);
  const balanceOf = new Map(balances.map((row) => [Number(row.id), Number(row.balance)]));
  for (const order of list) {
    const credited = items.filter((item) => item.orderId === order.id).reduce((sum, item) => sum + item.voucherAmount * item.quantity, 0);
    const balance = order.gameAccountId === null ? null : (balanceOf.get(order.gameAccountId) ?? 0);
    const spent = order.status === OrderStatus.ORDER_COMPLETE && credited > 0 && balance !== null ? Math.max(0, credited - balance) : 0;
    positions.set(order.id, { credited, balance, spent });
  }
  return positions;
}
