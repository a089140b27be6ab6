import { and, count, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { ORDER_SEARCH_MAX_ROWS, type ConsoleOrderSummary } from '@shop/contract/console/orders';
import { ThirdChannelName, type ThirdChannelNameValue } from '@shop/contract/orders.schema';
import type { Db } from '../../../db/client.ts';
import { gameAccounts, orders } from '../../../db/schema.ts';
import { gameIdIs, roleIdIs, roleNameStartsWith } from '../role-match.ts';
import { selectSummaries, toSummary } from './order-views.ts';

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
  page: number;
  pageSize: number;
}

export interface SearchPage<T> {
  rows: T[];
  total: number;
  totalCapped: boolean;
  page: number;
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
 * expression of the index `orders_sn_tail_idx` (docs/decisions.md), so it is an index lookup, not a scan.
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
    UNION SELECT order_id FROM duplicate_payments WHERE (provider IN (${providerList}) AND payment_id = ${id}) OR provider_refund_id = ${id}
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

/**
 * Orders matching every filter, newest first (by id: ids grow with creation, and the order is total, so pages never
 * overlap or skip). Offset paging, capped at ORDER_SEARCH_MAX_ROWS rows deep (the contract refuses deeper pages); the
 * total is counted up to the cap.
 */
export async function searchOrders(db: Db, query: OrderSearch): Promise<SearchPage<ConsoleOrderSummary>> {
  const conditions = searchConditions(query);
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [counted]] = await Promise.all([
    selectSummaries(db)
      .where(where)
      .orderBy(desc(orders.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: count() })
      .from(
        db
          .select({ id: orders.id })
          .from(orders)
          .where(where)
          .limit(ORDER_SEARCH_MAX_ROWS + 1)
          .as('matching'),
      ),
  ]);
  const total = Number(counted?.n ?? 0);
  return {
    rows: rows.map(toSummary),
    total: Math.min(total, ORDER_SEARCH_MAX_ROWS),
    totalCapped: total > ORDER_SEARCH_MAX_ROWS,
    page: query.page,
    pageSize: query.pageSize,
  };
}
