import { and, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ConsoleOrderSummary } from '@shop/contract/console/orders';
import type { PageLinks, PagePosition } from '@shop/contract/console/paging';
import { ThirdChannelName, type ThirdChannelNameValue } from '@shop/contract/orders.schema';
import type { Db } from '../../../db/client.ts';
import { gameAccounts, orders } from '../../../db/schema.ts';
import { gameIdIs, roleIdIs, roleNameStartsWith } from '../role-match.ts';
import { afterCursor, cappedCount, cursorTime, pageOf, readingOrder, type ListOrder } from '../keyset.ts';
import { summariesOf } from './order-views.ts';

export interface OrderSearch {
  q?: string | undefined;
  orderSn?: string | undefined;
  player?: string | undefined;
  role?: string | undefined;
  transactionId?: string | undefined;
  status?: number[] | undefined;
  provider?: ThirdChannelNameValue | undefined;
  appId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  cursor?: PagePosition | undefined;
  pageSize: number;
}

/** A page of a console list: its rows, how many match (counted up to the cap) and the cursors of the pages next to it. */
export interface SearchPage<T> extends PageLinks {
  rows: T[];
  total: number;
  totalCapped: boolean;
  pageSize: number;
}

const providerList = sql.join(
  ThirdChannelName.options.map((provider) => sql`${provider}`),
  sql`, `,
);
const NOTHING = sql`SELECT NULL::bigint WHERE false`;

/**
 * Ids of orders with this number: the full number, or its tail from the 13th character (order-number.ts: 12 digits of
 * time, then the 10 random digits players read out). The tail is compared as `substring(order_sn from 13)`, the
 * expression of the index `orders_sn_tail_idx` (ADR 0027, docs/adr/0027-console-orders-and-queues.md), so it is an index lookup, not a scan.
 */
function orderSnIds(value: string): SQL {
  const sn = value.replace(/\s+/g, '');
  if (!sn) return NOTHING;
  const tail = sql`SELECT id FROM orders WHERE substring(order_sn from 13) = ${sn}`;
  return sn.length >= 13 ? sql`SELECT id FROM orders WHERE order_sn = ${sn} UNION ${tail}` : tail;
}

/**
 * Ids of orders a provider id belongs to: the order's payment session (orders.third_order_id) or the payment that paid it
 * (orders.provider_payment_id), any payment or refund a provider event named (payment_events.payment_id / refund_id), a
 * second payment or its refund, the order's refund. Each branch is an equality on an indexed column.
 */
function transactionOrderIds(value: string): SQL {
  const id = value.trim();
  if (!id) return NOTHING;
  return sql`
    SELECT id FROM orders WHERE third_channel_name IN (${providerList}) AND third_order_id = ${id}
    UNION SELECT id FROM orders WHERE provider_payment_id = ${id}
    UNION SELECT order_id FROM payment_events WHERE payment_id = ${id} AND order_id IS NOT NULL
    UNION SELECT order_id FROM payment_events WHERE refund_id = ${id} AND order_id IS NOT NULL
    UNION SELECT order_id FROM duplicate_payments WHERE provider IN (${providerList}) AND payment_id = ${id}
    UNION SELECT order_id FROM duplicate_payments WHERE provider_refund_id = ${id}
    UNION SELECT order_id FROM refunds WHERE provider_refund_id = ${id}`;
}

/** Ids of the player with this e-mail or phone number (stored lower-cased / in E.164), or nothing if it is neither. */
function playerIds(value: string): SQL | undefined {
  if (value.includes('@')) return sql`SELECT id FROM users WHERE email = ${value.trim().toLowerCase()}`;
  const compact = value.replace(/[\s\-().]/g, '');
  if (!/^(\+|00)?\d{4,20}$/.test(compact)) return undefined;
  return sql`SELECT id FROM users WHERE mobile = ${`+${compact.replace(/^(\+|00)/, '')}`}`;
}

const ordersOfPlayers = (users: SQL) => sql`SELECT id FROM orders WHERE user_id IN (${users})`;

/** The WHERE of a search: every filter given must match. */
export function searchConditions(query: OrderSearch): SQL[] {
  const where: SQL[] = [];
  const idIn = (subquery: SQL) => where.push(sql`${orders.id} IN (${subquery})`);
  if (query.q?.trim()) {
    const q = query.q.trim();
    const branches = [orderSnIds(q), transactionOrderIds(q)];
    const players = playerIds(q);
    if (players) branches.push(ordersOfPlayers(players));
    idIn(sql.join(branches, sql` UNION `));
  }
  if (query.orderSn?.trim()) idIn(orderSnIds(query.orderSn));
  if (query.transactionId?.trim()) idIn(transactionOrderIds(query.transactionId));
  if (query.player?.trim()) where.push(sql`${orders.userId} IN (${playerIds(query.player) ?? NOTHING})`);
  if (query.role?.trim()) {
    const role = query.role.trim();
    const matches = or(roleIdIs(role), gameIdIs(role), roleNameStartsWith(role));
    const inGame = query.appId !== undefined ? eq(gameAccounts.appId, query.appId) : undefined;
    where.push(sql`${orders.gameAccountId} IN (SELECT ${gameAccounts.id} FROM ${gameAccounts} WHERE ${and(matches, inGame)})`);
  }
  if (query.status?.length) where.push(inArray(orders.status, query.status));
  if (query.provider) where.push(eq(orders.thirdChannelName, query.provider));
  if (query.appId !== undefined) where.push(eq(orders.appId, query.appId));
  if (query.from) where.push(gte(orders.createdAt, new Date(query.from)));
  if (query.to) where.push(lte(orders.createdAt, new Date(query.to)));
  return where;
}

/** Newest first by creation time, then id (a total order: equal times never make a page skip or repeat a row). */
const NEWEST_FIRST: ListOrder = { at: sql`${orders.createdAt}`, id: sql`${orders.id}`, newestFirst: true };

/**
 * Orders matching every filter, newest first, a page after or before the cursor. The page's ids are read from orders
 * alone (one index walk in (created_at, id) order: orders_created_idx, or the (status | app_id | provider, created_at,
 * id) index of an equality filter), then joined to players, games and roles for those ids only. The total is counted up
 * to LIST_COUNT_CAP through the same indexes.
 */
export async function searchOrders(db: Db, query: OrderSearch): Promise<SearchPage<ConsoleOrderSummary>> {
  const conditions = searchConditions(query);
  const where = conditions.length ? and(...conditions) : undefined;
  const [read, counted] = await Promise.all([
    db
      .select({ id: orders.id, at: cursorTime(sql`${orders.createdAt}`) })
      .from(orders)
      .where(and(where, afterCursor(NEWEST_FIRST, query.cursor)))
      .orderBy(...readingOrder(NEWEST_FIRST, query.cursor))
      .limit(query.pageSize + 1),
    cappedCount(db, sql`SELECT 1 FROM ${orders} ${where ? sql`WHERE ${where}` : sql``}`),
  ]);
  const page = pageOf(read, query.pageSize, query.cursor, (row) => row);
  const summaries = await summariesOf(
    db,
    page.rows.map((row) => row.id),
  );
  return { ...page, rows: page.rows.flatMap((row) => summaries.get(row.id) ?? []), ...counted, pageSize: query.pageSize };
}
