import { sql, type SQL } from 'drizzle-orm';
import { OrderStatus } from '@shop/contract/orders.schema';
import { BASE_CURRENCY } from '@shop/contract/pricing';
import {
  baseFiguresOf,
  MAX_REPORT_DAYS,
  reportDays,
  shiftDay,
  type ReportGroupBy,
  type SalesFigures,
  type SalesReport,
  type SalesReportQuery,
  type SalesRow,
} from '@shop/contract/console/reports';
import type { Db, Executor } from '../../../db/client.ts';
import { rows, typed } from '../../../db/statement.ts';
import { invalid } from '../../../shared/domain-errors.ts';
import { currencyDigits } from '../../../shared/money.ts';
import { salesRollupTimeZone } from './sales-rollups.ts';

/**
 * The statuses of an order whose money has moved: paid (2), delivered (3), delivery error (8), refunded before (6) or
 * after (9) delivery. Never 0/1 (unpaid, or the provider has not confirmed), 4 (expired/closed), 5 (cancelled) or 7
 * (payment failed). ADR 0025, docs/adr/0025-console-reports.md.
 */
export const SOLD_STATUSES: readonly number[] = [
  OrderStatus.PAYMENT_COMPLETE,
  OrderStatus.ORDER_COMPLETE,
  OrderStatus.DELIVERY_ERROR,
  OrderStatus.REFUND_COMPLETE,
  OrderStatus.REFUNDED_AFTER_DELIVERY,
];

const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));

/**
 * The range as timestamps: [from 00:00 UTC, the day after `to` 00:00 UTC) (the refunds report's UTC days; the sales report
 * takes its days as they are, local days of the rollups). Refuses a reversed or too long range.
 */
export function reportRange(from: string, to: string): { start: string; end: string } {
  const days = reportDays(from, to);
  if (days < 1) throw invalid('reportRangeReversed');
  if (days > MAX_REPORT_DAYS) throw invalid('reportRangeTooLong', { count: MAX_REPORT_DAYS });
  return { start: `${from}T00:00:00.000Z`, end: new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString() };
}

/** A grouping of the sales queries below: `total` is the whole range (one group per currency). */
type Dimension = ReportGroupBy | 'total';

/** The rollup column of a grouping (alias f: a rollup row or a dated delta); the key is its text ('none' for no provider). */
function keyOf(dimension: Exclude<Dimension, 'total'>): { column: SQL; key: SQL } {
  switch (dimension) {
    case 'day':
      return { column: sql`f.day`, key: sql`to_char(f.day, 'YYYY-MM-DD')` };
    case 'game':
      return { column: sql`f.app_id`, key: sql`f.app_id::text` };
    case 'product':
      return { column: sql`f.product_id`, key: sql`f.product_id::text` };
    case 'provider':
      return { column: sql`f.provider`, key: sql`CASE f.provider WHEN '' THEN 'none' ELSE f.provider END` };
    case 'currency':
      return { column: sql`f.currency`, key: sql`f.currency` };
    case 'country':
      return { column: sql`f.country`, key: sql`f.country` };
    case 'source':
      return { column: sql`f.source`, key: sql`f.source` };
  }
}

/** The report's filters on rollup rows and deltas (alias f): the order's game, provider, currency, source and country. */
function rollupFilters(query: SalesReportQuery): SQL {
  const parts: SQL[] = [sql`true`];
  if (query.appId !== undefined) parts.push(sql`f.app_id = ${query.appId}`);
  if (query.provider !== undefined) parts.push(sql`f.provider = ${query.provider === 'none' ? '' : query.provider}`);
  if (query.currency !== undefined) parts.push(sql`f.currency = ${query.currency}`);
  if (query.source !== undefined) parts.push(sql`f.source = ${query.source}`);
  if (query.country !== undefined) parts.push(sql`f.country = ${query.country}`);
  return sql.join(parts, sql` AND `);
}

/** The first day of the month of `day` (YYYY-MM-DD), moved by `months` months. */
const monthOf = (day: string, months = 0) => {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 + months, 1)).toISOString().slice(0, 10);
};

/**
 * The whole months of [from, to] (both YYYY-MM-DD): the first days of the first and the last, or null when the range
 * holds no whole month. The monthly rollups serve those; the days before and after come from the daily rollups.
 */
export function wholeMonths(from: string, to: string): { first: string; last: string } | null {
  const first = from.endsWith('-01') ? from : monthOf(from, 1);
  const last = shiftDay(to, 1).endsWith('-01') ? monthOf(to) : monthOf(to, -1);
  return first <= last ? { first, last } : null;
}

/**
 * The figures of the range, rollup + the deltas not folded yet, each delta on its local day: the sale (and a refund on
 * the `ordered` basis) on the day of the payment, a refund on the `refunded` basis on the day of its completion. With
 * `byMonth` (any grouping but the day's), the range's whole months are read from the monthly rollups (one row per month
 * instead of one per day; their `day` is the month's first) and only the days around them from the daily ones.
 */
function rangeFacts(query: SalesReportQuery, product: boolean, timeZone: string, byMonth: boolean): SQL {
  const completed = query.refundBasis === 'refunded';
  const filters = rollupFilters(query);
  const productColumn = product ? sql`f.product_id,` : sql``;
  const quantity = product ? sql`f.quantity` : sql`0::int8`;
  const local = (column: SQL) => sql`(${column} AT TIME ZONE ${timeZone})::date`;
  const inRange = (day: SQL) => sql`${day} BETWEEN ${query.from}::date AND ${query.to}::date`;
  const deltas = sql`sales_rollup_deltas f WHERE ${filters} AND f.product_id IS ${product ? sql`NOT NULL` : sql`NULL`}`;
  const figures = sql`f.orders, f.free_orders, f.gross, f.vouchers, ${quantity} AS quantity,
           ${completed ? sql`f.refunds_completed_count` : sql`f.refunds_paid_count`} AS refund_count,
           ${completed ? sql`f.refunds_completed` : sql`f.refunds_paid`} AS refunds,
           f.base_gross, ${completed ? sql`f.base_refunds_completed` : sql`f.base_refunds_paid`} AS base_refunds`;
  const rollupRows = (table: SQL, day: SQL, where: SQL) => sql`
    SELECT ${day} AS day, ${productColumn} f.app_id, f.country, f.source, f.provider, f.currency, ${figures}
      FROM ${table} f WHERE ${filters} AND ${where}`;
  const daily = product ? sql`sales_product_rollup` : sql`sales_rollup`;
  const months = byMonth ? wholeMonths(query.from, query.to) : null;
  const rollups = months
    ? sql`${rollupRows(product ? sql`sales_product_rollup_monthly` : sql`sales_rollup_monthly`, sql`f.month`, sql`f.month BETWEEN ${months.first}::date AND ${months.last}::date`)}
    UNION ALL ${rollupRows(daily, sql`f.day`, sql`f.day >= ${query.from}::date AND f.day < ${months.first}::date`)}
    UNION ALL ${rollupRows(daily, sql`f.day`, sql`f.day >= ${monthOf(months.last, 1)}::date AND f.day <= ${query.to}::date`)}`
    : rollupRows(daily, sql`f.day`, inRange(sql`f.day`));
  return sql`${rollups}
    UNION ALL
    SELECT ${local(sql`f.sold_at`)}, ${productColumn} f.app_id, f.country, f.source, f.provider, f.currency, f.orders, f.free_orders, f.gross,
           f.vouchers, f.quantity, ${completed ? sql`0` : sql`f.refund_count`}, ${completed ? sql`0` : sql`f.refunds`},
           f.base_gross, ${completed ? sql`0` : sql`f.base_refunds`}
      FROM ${deltas} AND f.sold_at IS NOT NULL AND ${inRange(local(sql`f.sold_at`))}
    ${
      completed
        ? sql`UNION ALL
    SELECT ${local(sql`f.refunded_at`)}, ${productColumn} f.app_id, f.country, f.source, f.provider, f.currency, 0, 0, 0, 0, 0, f.refund_count, f.refunds,
           0, f.base_refunds
      FROM ${deltas} AND f.refunded_at IS NOT NULL AND ${inRange(local(sql`f.refunded_at`))}`
        : sql``
    }`;
}

/** A group's sums as the aggregate returns them (sums of bigint come back as numeric: text). */
interface AggregateRow {
  set: unknown;
  key: string;
  currency: string;
  orders: unknown;
  free_orders: unknown;
  gross: unknown;
  vouchers: unknown;
  quantity: unknown;
  refund_count: unknown;
  refunds: unknown;
  base_gross: unknown;
  base_refunds: unknown;
}

/** A key of a grouping and what to show for it. */
interface Label {
  key: string;
  label: string | null;
}

interface Group {
  key: string;
  currency: string;
  figures: SalesFigures;
}

const byKeyThenCurrency = (numeric: boolean) => (a: Group, b: Group) =>
  (numeric ? Number(a.key) - Number(b.key) : a.key < b.key ? -1 : a.key > b.key ? 1 : 0) || (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0);

/** The sales report's filters without its grouping (the dashboard asks several groupings of one range at once). */
export type SalesFilters = Omit<SalesReportQuery, 'groupBy'>;

/** The sales figures of one range in several groupings, read in one snapshot (the dashboard). */
export interface SalesOverview {
  timeZone: string;
  games: SalesReport['games'];
  totals: SalesFigures[];
  daily: SalesReport['daily'];
  groupings: Partial<Record<ReportGroupBy, SalesRow[]>>;
}

/**
 * Reports for the console. The sales report reads only the rollups and the deltas not folded yet (sales-rollups.ts):
 * never rows that grow with the history. The day chart reads the daily rollups; the totals and every other grouping read
 * the range's whole months from the monthly rollups (ADR 0048). The refunds report reads the refunds of its range. Each
 * report is read in one REPEATABLE READ snapshot, so its totals, chart and table agree with each other (and a fold is one
 * transaction, so the snapshot has each delta exactly once, in a rollup or among the deltas); the CSV export calls the
 * same functions, so it has the same numbers as the screen.
 */
export class ReportsService {
  constructor(private readonly db: Db) {}

  async sales(query: SalesReportQuery): Promise<SalesReport> {
    reportRange(query.from, query.to);
    const overview = await this.snapshot((tx, timeZone) => this.overviewIn(tx, timeZone, query, [query.groupBy]));
    const currencies = [...new Set([...overview.totals.map((figures) => figures.currency), BASE_CURRENCY])].sort();
    return {
      from: query.from,
      to: query.to,
      groupBy: query.groupBy,
      refundBasis: query.refundBasis,
      timeZone: overview.timeZone,
      generatedAt: new Date().toISOString(),
      currencyDigits: Object.fromEntries(currencies.map((currency) => [currency, currencyDigits(currency)])),
      games: overview.games,
      orderCount: overview.totals.reduce((sum, figures) => sum + figures.orders, 0),
      totals: overview.totals,
      baseTotals: baseFiguresOf(overview.totals),
      daily: overview.daily,
      rows: overview.groupings[query.groupBy]!,
    };
  }

  /** The range's totals, day chart and the table of each grouping in `groupings`, from one snapshot. */
  async overview(filters: SalesFilters, groupings: readonly ReportGroupBy[]): Promise<SalesOverview> {
    reportRange(filters.from, filters.to);
    return this.snapshot((tx, timeZone) => this.overviewIn(tx, timeZone, { ...filters, groupBy: 'day' }, groupings));
  }

  /** The range's totals per currency only (from whole months where it can: the dashboard's previous period). */
  async totals(filters: SalesFilters): Promise<SalesFigures[]> {
    reportRange(filters.from, filters.to);
    return this.snapshot(async (tx, timeZone) => (await this.aggregate(tx, false, ['total'], { ...filters, groupBy: 'day' }, timeZone)).get('total')!.map((group) => group.figures));
  }

  /** Runs `read` in one read-only REPEATABLE READ snapshot with the rollups' time zone. */
  private snapshot<T>(read: (tx: Executor, timeZone: string) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => read(tx, await salesRollupTimeZone(tx)), { isolationLevel: 'repeatable read', accessMode: 'read only' });
  }

  private async overviewIn(tx: Executor, timeZone: string, query: SalesReportQuery, groupings: readonly ReportGroupBy[]): Promise<SalesOverview> {
    // The day chart from the daily rollups; the totals and the groupings of orders from whole months in one pass; the
    // products from their own rollup. The currency grouping is the totals, each currency its own key.
    const ofOrders = groupings.filter((grouping) => grouping !== 'day' && grouping !== 'currency' && grouping !== 'product');
    const days = (await this.aggregate(tx, false, ['day'], query, timeZone)).get('day')!;
    const grouped = await this.aggregate(tx, false, ['total', ...ofOrders], query, timeZone);
    const products = groupings.includes('product') ? (await this.aggregate(tx, true, ['product'], query, timeZone)).get('product')! : [];
    const totals = grouped.get('total')!;
    const groupsOf = (grouping: ReportGroupBy): Group[] =>
      grouping === 'day' ? days : grouping === 'product' ? products : grouping === 'currency' ? totals.map((group) => ({ ...group, key: group.currency })) : grouped.get(grouping)!;
    const tables: Partial<Record<ReportGroupBy, SalesRow[]>> = {};
    for (const grouping of groupings) {
      const groups = groupsOf(grouping);
      const labels = await this.labels(tx, grouping, groups);
      tables[grouping] = groups.map((group): SalesRow => ({ ...group.figures, key: group.key, label: labels.get(group.key) ?? group.key }));
    }
    const games = await rows(tx, typed<{ app_id: unknown; name: string }>(sql`SELECT app_id, name FROM games ORDER BY app_id`));
    return {
      timeZone,
      games: games.map((game) => ({ appId: num(game.app_id), name: game.name })),
      totals: totals.map((group) => group.figures),
      daily: days.map((group) => ({ ...group.figures, day: group.key })),
      groupings: tables,
    };
  }

  /**
   * Sales and refunds of the range by the groupings `dimensions` (one GROUPING SETS query), each by group and currency.
   * A group is there when it has a sale or a refund (a rollup row whose orders were all moved out again counts neither).
   * The product rollup works on order lines (unit price x quantity); a refund is always of the whole order, so a product's
   * refund is its lines of the refunded order.
   */
  private async aggregate(tx: Executor, product: boolean, dimensions: Dimension[], query: SalesReportQuery, timeZone: string): Promise<Map<Dimension, Group[]>> {
    const keyed = dimensions.filter((dimension): dimension is Exclude<Dimension, 'total'> => dimension !== 'total').map((dimension) => ({ dimension, ...keyOf(dimension) }));
    const sets = sql.join(
      dimensions.map((dimension) => (dimension === 'total' ? sql`(f.currency)` : sql`(${keyOf(dimension).column}, f.currency)`)),
      sql`, `,
    );
    // The set a row belongs to: the keyed column that is not rolled up (0 for the totals).
    const which = keyed.length ? sql`CASE ${sql.join(keyed.map((k, index) => sql`WHEN GROUPING(${k.column}) = 0 THEN ${index + 1}`), sql` `)} ELSE 0 END` : sql`0`;
    const key = keyed.length ? sql`CASE ${sql.join(keyed.map((k) => sql`WHEN GROUPING(${k.column}) = 0 THEN ${k.key}`), sql` `)} ELSE '' END` : sql`''`;
    const result = await rows(tx,
      typed<AggregateRow>(sql`
        SELECT ${which} AS set, ${key} AS key, f.currency, sum(f.orders) AS orders, sum(f.free_orders) AS free_orders, sum(f.gross) AS gross,
               sum(f.vouchers) AS vouchers, sum(f.quantity) AS quantity, sum(f.refund_count) AS refund_count, sum(f.refunds) AS refunds,
               sum(f.base_gross) AS base_gross, sum(f.base_refunds) AS base_refunds
          FROM (${rangeFacts(query, product, timeZone, !dimensions.includes('day'))}) f
         GROUP BY GROUPING SETS (${sets})
        HAVING sum(f.orders) <> 0 OR sum(f.refund_count) <> 0`),
    );
    const groups = new Map<Dimension, Group[]>(dimensions.map((dimension) => [dimension, []]));
    for (const row of result) {
      const set = num(row.set);
      const dimension: Dimension = set === 0 ? 'total' : keyed[set - 1]!.dimension;
      const gross = num(row.gross);
      const refunds = num(row.refunds);
      const baseGross = num(row.base_gross);
      const baseRefunds = num(row.base_refunds);
      groups.get(dimension)!.push({
        key: row.key,
        currency: row.currency,
        figures: {
          currency: row.currency,
          orders: num(row.orders),
          freeOrders: num(row.free_orders),
          gross,
          refundCount: num(row.refund_count),
          refunds,
          net: gross - refunds,
          vouchersCredited: num(row.vouchers),
          quantity: dimension === 'product' ? num(row.quantity) : null,
          baseGross,
          baseRefunds,
          baseNet: baseGross - baseRefunds,
        },
      });
    }
    for (const [dimension, list] of groups) list.sort(byKeyThenCurrency(dimension === 'game' || dimension === 'product'));
    return groups;
  }

  /** Names for the keys of a grouping: games and products (English name), countries. */
  private async labels(tx: Executor, dimension: ReportGroupBy, groups: Group[]): Promise<Map<string, string>> {
    const keys = [...new Set(groups.map((group) => group.key))];
    if (!keys.length) return new Map();
    let labels: Label[] = [];
    const numericKeys = keys.filter((key) => /^\d{1,10}$/.test(key));
    const ids = sql.join(
      numericKeys.map((key) => sql`${Number(key)}`),
      sql`, `,
    );
    if (!numericKeys.length && (dimension === 'game' || dimension === 'product')) return new Map();
    if (dimension === 'game') labels = await rows(tx, typed<Label>(sql`SELECT app_id::text AS key, name AS label FROM games WHERE app_id IN (${ids})`));
    else if (dimension === 'product')
      labels = await rows(tx, typed<Label>(sql`SELECT id::text AS key, coalesce(names->>'en', product_sn) AS label FROM products WHERE id IN (${ids})`));
    else if (dimension === 'country') {
      const codes = keys.filter((key) => key !== '');
      if (codes.length)
        labels = await rows(tx, typed<Label>(
            sql`SELECT region_code::text AS key, region AS label FROM countries WHERE region_code IN (${sql.join(
              codes.map((code) => sql`${code}`),
              sql`, `,
            )})`,
          ),
        );
    }
    return new Map(labels.map((row) => [row.key, row.label ?? row.key]));
  }
}
