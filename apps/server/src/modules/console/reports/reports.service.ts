import { sql, type SQL } from 'drizzle-orm';
import { OrderStatus } from '@shop/contract/orders.schema';
import {
  MAX_REPORT_DAYS,
  reportDays,
  type ReportGroupBy,
  type SalesFigures,
  type SalesReport,
  type SalesReportQuery,
  type SalesRow,
} from '@shop/contract/console/reports';
import type { Db, Executor } from '../../../db/client.ts';
import { invalid } from '../../../shared/domain-errors.ts';
import { currencyDigits } from '../../../shared/money.ts';

/**
 * The statuses of an order whose money has moved: paid (2), delivered (3), delivery error (8), refunded before (6) or
 * after (9) delivery. Never 0/1 (unpaid, or the provider has not confirmed), 4 (expired/closed), 5 (cancelled) or 7
 * (payment failed). docs/decisions.md "Reports".
 */
export const SOLD_STATUSES: readonly number[] = [
  OrderStatus.PAYMENT_COMPLETE,
  OrderStatus.ORDER_COMPLETE,
  OrderStatus.DELIVERY_ERROR,
  OrderStatus.REFUND_COMPLETE,
  OrderStatus.REFUNDED_AFTER_DELIVERY,
];

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;
const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));

/** The range as timestamps: [from 00:00 UTC, the day after `to` 00:00 UTC). Refuses a reversed or too long range. */
export function reportRange(from: string, to: string): { start: string; end: string } {
  const days = reportDays(from, to);
  if (days < 1) throw invalid('reportRangeReversed');
  if (days > MAX_REPORT_DAYS) throw invalid('reportRangeTooLong', { count: MAX_REPORT_DAYS });
  return { start: `${from}T00:00:00.000Z`, end: new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString() };
}

/** A grouping of the queries below: `total` is the whole range (one group per currency). */
type Dimension = ReportGroupBy | 'total';

/** The group key of an order (alias o) or of one of its items (alias i: product only); `dated` is the day's timestamp. */
function keyOf(dimension: Dimension, dated: SQL): SQL {
  switch (dimension) {
    case 'day':
      return sql`to_char(${dated} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
    case 'game':
      return sql`o.app_id::text`;
    case 'product':
      return sql`i.product_id::text`;
    case 'provider':
      return sql`coalesce(o.third_channel_name, 'none')`;
    case 'currency':
      return sql`o.currency::text`;
    case 'country':
      return sql`coalesce(o.region_code::text, '')`;
    case 'source':
      return sql`o.order_source`;
    case 'total':
      return sql`''`;
  }
}

/**
 * The day an order counts as sold: its payment. Every transition into 2 (paymentConfirmed, giftClaimed) sets paid_at,
 * and the sold statuses are only reached through 2, so a sold order always has it (and an index on it can serve).
 */
const PAID_AT = sql`o.paid_at`;
const soldStatuses = sql.join(
  SOLD_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

/** The filters on the order (alias o) shared by sales and refunds. */
function orderFilters(query: SalesReportQuery): SQL {
  const parts: SQL[] = [sql`o.status IN (${soldStatuses})`];
  if (query.appId !== undefined) parts.push(sql`o.app_id = ${query.appId}`);
  if (query.provider === 'none') parts.push(sql`o.third_channel_name IS NULL`);
  else if (query.provider !== undefined) parts.push(sql`o.third_channel_name = ${query.provider}`);
  if (query.currency !== undefined) parts.push(sql`o.currency = ${query.currency}`);
  if (query.source !== undefined) parts.push(sql`o.order_source = ${query.source}`);
  if (query.country !== undefined) parts.push(sql`o.region_code = ${query.country}`);
  return sql.join(parts, sql` AND `);
}

interface Group {
  key: string;
  currency: string;
  figures: SalesFigures;
}

const emptyFigures = (currency: string, product: boolean): SalesFigures => ({
  currency,
  orders: 0,
  freeOrders: 0,
  gross: 0,
  refundCount: 0,
  refunds: 0,
  net: 0,
  vouchersCredited: 0,
  quantity: product ? 0 : null,
});

/**
 * Reports for the console: read-only queries over orders, order_items, refunds and the voucher ledger. Each report is
 * read in one REPEATABLE READ snapshot, so its totals, chart and table agree with each other; the CSV export calls the
 * same functions, so it has the same numbers as the screen.
 */
export class ReportsService {
  constructor(private readonly db: Db) {}

  async sales(query: SalesReportQuery): Promise<SalesReport> {
    const range = reportRange(query.from, query.to);
    return this.db.transaction(
      async (tx) => {
        const totals = await this.aggregate(tx, 'total', query, range);
        const daily = query.groupBy === 'day' ? undefined : await this.aggregate(tx, 'day', query, range);
        const rows = await this.aggregate(tx, query.groupBy, query, range);
        const labels = await this.labels(tx, query.groupBy, rows);
        const currencies = [...new Set(totals.map((group) => group.currency))].sort();
        const games = rowsOf<{ app_id: unknown; name: string }>(await tx.execute(sql`SELECT app_id, name FROM games ORDER BY app_id`));
        return {
          from: query.from,
          to: query.to,
          groupBy: query.groupBy,
          refundBasis: query.refundBasis,
          generatedAt: new Date().toISOString(),
          currencyDigits: Object.fromEntries(currencies.map((currency) => [currency, currencyDigits(currency)])),
          games: games.map((game) => ({ appId: num(game.app_id), name: game.name })),
          orderCount: totals.reduce((sum, group) => sum + group.figures.orders, 0),
          totals: totals.map((group) => group.figures),
          daily: (daily ?? rows).map((group) => ({ ...group.figures, day: group.key })),
          rows: rows.map((group): SalesRow => ({ ...group.figures, key: group.key, label: labels.get(group.key) ?? group.key })),
        };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  /**
   * Sales and refunds of one grouping, by group and currency. Sales: paid orders dated by payment. Refunds: completed
   * refunds of such orders, dated by completion (`refunded`) or by the order's payment (`ordered`). The product grouping
   * works on order lines (unit price x quantity: an order's lines add up to what it paid); a refund is always of the
   * whole order (refunds.amount_minor = orders.pay_amount_minor), so a product's refund is its lines of refunded orders.
   */
  private async aggregate(tx: Executor, dimension: Dimension, query: SalesReportQuery, range: { start: string; end: string }): Promise<Group[]> {
    const product = dimension === 'product';
    const filters = orderFilters(query);
    const start = sql`${range.start}::timestamptz`;
    const end = sql`${range.end}::timestamptz`;
    const items = product ? sql`JOIN order_items i ON i.order_id = o.id` : sql``;
    // One purchase entry per voucher order (reference order:<sn>); summed per order so that a join never multiplies rows.
    const credited = sql`LEFT JOIN (SELECT order_id, sum(amount) AS credited FROM voucher_ledger WHERE kind = 'purchase' AND order_id IS NOT NULL GROUP BY order_id) v ON v.order_id = o.id`;

    const salesKey = keyOf(dimension, PAID_AT);
    const sales = rowsOf<{ key: string; currency: string; orders: unknown; free_orders: unknown; gross: unknown; vouchers: unknown; quantity: unknown }>(
      await tx.execute(sql`
        SELECT ${salesKey} AS key, o.currency::text AS currency,
               count(DISTINCT o.id) AS orders,
               count(DISTINCT o.id) FILTER (WHERE o.pay_amount_minor = 0) AS free_orders,
               coalesce(sum(${product ? sql`i.price_minor::int8 * i.quantity` : sql`o.pay_amount_minor::int8`}), 0) AS gross,
               coalesce(sum(${product ? sql`CASE WHEN v.credited IS NULL THEN 0 ELSE i.voucher_amount::int8 * i.quantity END` : sql`coalesce(v.credited, 0)`}), 0) AS vouchers,
               ${product ? sql`coalesce(sum(i.quantity), 0)` : sql`NULL`} AS quantity
          FROM orders o ${items} ${credited}
         WHERE ${filters} AND ${PAID_AT} >= ${start} AND ${PAID_AT} < ${end}
         GROUP BY 1, 2`),
    );

    const refundDated = query.refundBasis === 'ordered' ? PAID_AT : sql`r.completed_at`;
    const refundKey = keyOf(dimension, refundDated);
    const refunds = rowsOf<{ key: string; currency: string; refund_count: unknown; refunds: unknown }>(
      await tx.execute(sql`
        SELECT ${refundKey} AS key, o.currency::text AS currency,
               count(DISTINCT r.id) AS refund_count,
               coalesce(sum(${product ? sql`i.price_minor::int8 * i.quantity` : sql`r.amount_minor::int8`}), 0) AS refunds
          FROM refunds r JOIN orders o ON o.id = r.order_id ${items}
         WHERE r.status = 'completed' AND ${filters} AND ${refundDated} >= ${start} AND ${refundDated} < ${end}
         GROUP BY 1, 2`),
    );

    const groups = new Map<string, Group>();
    const groupOf = (key: string, currency: string) => {
      const id = `${key}\u0000${currency}`;
      let group = groups.get(id);
      if (!group) groups.set(id, (group = { key, currency, figures: emptyFigures(currency, product) }));
      return group.figures;
    };
    for (const row of sales) {
      const figures = groupOf(row.key, row.currency);
      figures.orders = num(row.orders);
      figures.freeOrders = num(row.free_orders);
      figures.gross = num(row.gross);
      figures.vouchersCredited = num(row.vouchers);
      if (product) figures.quantity = num(row.quantity);
    }
    for (const row of refunds) {
      const figures = groupOf(row.key, row.currency);
      figures.refundCount = num(row.refund_count);
      figures.refunds = num(row.refunds);
    }
    for (const group of groups.values()) group.figures.net = group.figures.gross - group.figures.refunds;
    const numeric = dimension === 'game' || dimension === 'product';
    return [...groups.values()].sort(
      (a, b) => (numeric ? Number(a.key) - Number(b.key) : a.key < b.key ? -1 : a.key > b.key ? 1 : 0) || (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0),
    );
  }

  /** Names for the keys of a grouping: games and products (English name), countries. */
  private async labels(tx: Executor, dimension: ReportGroupBy, groups: Group[]): Promise<Map<string, string>> {
    const keys = [...new Set(groups.map((group) => group.key))];
    if (!keys.length) return new Map();
    let rows: { key: string; label: string | null }[] = [];
    const numericKeys = keys.filter((key) => /^\d{1,10}$/.test(key));
    const ids = sql.join(
      numericKeys.map((key) => sql`${Number(key)}`),
      sql`, `,
    );
    if (!numericKeys.length && (dimension === 'game' || dimension === 'product')) return new Map();
    if (dimension === 'game') rows = rowsOf(await tx.execute(sql`SELECT app_id::text AS key, name AS label FROM games WHERE app_id IN (${ids})`));
    else if (dimension === 'product')
      rows = rowsOf(await tx.execute(sql`SELECT id::text AS key, coalesce(names->>'en', product_sn) AS label FROM products WHERE id IN (${ids})`));
    else if (dimension === 'country') {
      const codes = keys.filter((key) => key !== '');
      if (codes.length)
        rows = rowsOf(
          await tx.execute(
            sql`SELECT region_code::text AS key, region AS label FROM countries WHERE region_code IN (${sql.join(
              codes.map((code) => sql`${code}`),
              sql`, `,
            )})`,
          ),
        );
    }
    return new Map(rows.map((row) => [row.key, row.label ?? row.key]));
  }
}
