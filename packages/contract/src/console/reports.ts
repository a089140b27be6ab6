import { z } from 'zod';
import { currencyCode, int4Id, plainString, regionCode } from '../fields.ts';
import { BASE_CURRENCY } from '../pricing.ts';
import { defineRoute } from '../route.ts';
import { RefundStatus } from '../ops.ts';
import { Permission } from './access.ts';
import { cursorPaging, pageLinks, TimedCursor } from './paging.ts';

/**
 * The console's reports (finance): sales over a range of days in the publisher's time zone (REPORT_TIME_ZONE, named in
 * the answer), refunds over a range of UTC days. Money is integer minor units per
 * currency: amounts of different currencies are never added together (one figure per currency); beside them, the same
 * money in the base currency (USD, BASE_CURRENCY) at each order's frozen rate (ADR 0050), which may be added up. The CSV
 * exports answer the same numbers from the same query as the JSON routes. What counts as a sale: ADR 0025, docs/adr/0025-console-reports.md.
 */

/** The longest range a report covers (inclusive days); a longer one is refused. */
export const MAX_REPORT_DAYS = 400;

/** `YYYY-MM-DD`, a real calendar day between 2000 and 2999 (of the report's time zone). */
export const reportDay = plainString()
  .regex(/^2\d{3}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'a day as YYYY-MM-DD')
  .refine((day) => {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    const time = new Date(Date.UTC(year, month - 1, date));
    return time.getUTCMonth() === month - 1 && time.getUTCDate() === date;
  }, 'not a calendar day');

/** Inclusive days from `from` to `to` (both YYYY-MM-DD): 1 for a single day, 0 or less when `to` is before `from`. */
export const reportDays = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** `day` (YYYY-MM-DD) moved by `days` calendar days. */
export const shiftDay = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** How the sales report's table is grouped (every grouping is also split by currency). */
export const ReportGroupBy = z.enum(['day', 'game', 'product', 'provider', 'currency', 'country', 'source']);
export type ReportGroupBy = z.infer<typeof ReportGroupBy>;

/** voucher: voucher packs; shop: goods of the shop (gems, VIP, items); gift: free web-only gifts (zero money). */
export const ReportOrderSource = z.enum(['voucher', 'shop', 'gift']);
export type ReportOrderSource = z.infer<typeof ReportOrderSource>;

/** The order's payment provider; `none` for orders nobody paid through a provider (free gifts). */
export const ReportProvider = z.enum(['xsolla', 'paypal', 'payermax', 'none']);
export type ReportProvider = z.infer<typeof ReportProvider>;

/**
 * Which refunds the sales report subtracts: `refunded`, those completed in the range (dated by the refund's completion:
 * money that went back in the period); `ordered`, the completed refunds (so far) of the orders paid in the range (what
 * the period's sales finally kept).
 */
export const RefundBasis = z.enum(['refunded', 'ordered']);
export type RefundBasis = z.infer<typeof RefundBasis>;

export const salesReportQuery = z.object({
  /** First day, included: a day of the report's time zone (REPORT_TIME_ZONE; the answer's `timeZone`). */
  from: reportDay,
  /** Last day, included. */
  to: reportDay,
  groupBy: ReportGroupBy.default('day'),
  refundBasis: RefundBasis.default('refunded'),
  appId: int4Id.optional(),
  provider: ReportProvider.optional(),
  currency: currencyCode.optional(),
  source: ReportOrderSource.optional(),
  /** The country the order was sold in (orders.country_code; for an order before local prices, orders.region_code). */
  country: regionCode.optional(),
});
export type SalesReportQuery = z.infer<typeof salesReportQuery>;

/** One group's figures in one currency. Money in minor units of `currency`. */
export const SalesFigures = z.object({
  currency: z.string(),
  /** Paid orders (free gifts included). In the product grouping: orders that contain the product. */
  orders: z.number().int(),
  /** Of those, orders of zero money (free gifts). */
  freeOrders: z.number().int(),
  /** Sum of what the orders paid (for a product: its lines, unit price x quantity). */
  gross: z.number().int(),
  /** Completed refunds (see refundBasis) and their amount. */
  refundCount: z.number().int(),
  refunds: z.number().int(),
  /** gross - refunds (may be negative: a refund of an earlier period's order). */
  net: z.number().int(),
  /** Vouchers the orders credited (the ledger's purchase entries). */
  vouchersCredited: z.number().int(),
  /** Units sold (product grouping only; null otherwise). */
  quantity: z.number().int().nullable(),
  /** gross, refunds and net in the base currency's minor units (USD cents) at each order's frozen rate. */
  baseGross: z.number().int(),
  baseRefunds: z.number().int(),
  baseNet: z.number().int(),
});
export type SalesFigures = z.infer<typeof SalesFigures>;

/** Money of every currency in the base currency (USD cents, at each order's frozen rate): one figure that adds up. */
export const BaseFigures = z.object({
  currency: z.literal(BASE_CURRENCY),
  gross: z.number().int(),
  refunds: z.number().int(),
  net: z.number().int(),
});
export type BaseFigures = z.infer<typeof BaseFigures>;

/** The base figures of per-currency figures: their sums. */
export const baseFiguresOf = (figures: readonly Pick<SalesFigures, 'baseGross' | 'baseRefunds' | 'baseNet'>[]): BaseFigures => ({
  currency: BASE_CURRENCY,
  gross: figures.reduce((sum, entry) => sum + entry.baseGross, 0),
  refunds: figures.reduce((sum, entry) => sum + entry.baseRefunds, 0),
  net: figures.reduce((sum, entry) => sum + entry.baseNet, 0),
});

export const SalesRow = SalesFigures.extend({
  /** The group: a day (YYYY-MM-DD), an app id, a product id, a provider, a currency, a country code ('' when unknown), a source. */
  key: z.string(),
  /** What to show for the key: the game's or product's name, the country's name; the key itself otherwise. */
  label: z.string(),
});
export type SalesRow = z.infer<typeof SalesRow>;

export const SalesReport = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: ReportGroupBy,
  refundBasis: RefundBasis,
  /** The IANA time zone the days (from, to, the chart's and the table's days) are in, e.g. UTC or Asia/Shanghai. */
  timeZone: z.string(),
  generatedAt: z.string(),
  /** Minor-unit digits of each currency in the report (USD 2, JPY 0), to show major units exactly as the CSV does. */
  currencyDigits: z.record(z.string(), z.number().int()),
  /** Every game (the game filter's choices). */
  games: z.array(z.object({ appId: z.number().int(), name: z.string() })),
  /** Paid orders of all currencies (a count, so it may be added up). */
  orderCount: z.number().int(),
  /** One entry per currency: the whole range. */
  totals: z.array(SalesFigures),
  /** The whole range in the base currency, all currencies together (the sums of the totals' base figures). */
  baseTotals: BaseFigures,
  /** One entry per day (of `timeZone`) and currency with sales or refunds (for the chart). */
  daily: z.array(SalesFigures.extend({ day: z.string() })),
  /** The table: one entry per group and currency. */
  rows: z.array(SalesRow),
});
export type SalesReport = z.infer<typeof SalesReport>;

export const consoleSalesReport = defineRoute({
  method: 'GET',
  path: '/console/v1/reports/sales',
  auth: 'operator',
  permission: Permission.REPORTS_READ,
  summary:
    "Sales over a range of days (at most 400) in the publisher's time zone (REPORT_TIME_ZONE, named in the answer), " +
    'grouped by day, game, product, provider, currency, country or order source, in minor units per currency: orders, gross, completed refunds, net, vouchers credited. Paid orders only ' +
    '(statuses 2, 3, 6, 8, 9), dated by payment.',
  query: salesReportQuery,
  data: SalesReport,
});

/**
 * The same report as CSV (same query, same numbers): a header row, one row per group and currency, then one TOTAL row
 * per currency; amounts in minor units and in major units. UTF-8 with BOM, RFC 4180. Errors answer the JSON envelope.
 */
export const consoleSalesReportCsv = defineRoute({
  method: 'GET',
  path: '/console/v1/reports/sales.csv',
  auth: 'operator',
  permission: Permission.REPORTS_READ,
  summary: 'The sales report as a CSV file (the same numbers as /console/v1/reports/sales)',
  query: salesReportQuery,
  data: z.string(),
});

// --- refunds ------------------------------------------------------------------------------------------------------------

/** The ops routes' refund status (ops.ts): the report filters and shows the same refunds. */
export { RefundStatus };
export const RefundInitiator = z.enum(['operator', 'provider']);
/** A refund's provider: the payment provider asked, or `manual` (recorded by an operator, made outside the shop). */
export const RefundProvider = z.enum(['xsolla', 'paypal', 'payermax', 'manual']);

const refundFilters = {
  /** First UTC day, included: a refund's day is its completion (completed) or its start (pending, failed). */
  from: reportDay,
  to: reportDay,
  status: RefundStatus.optional(),
  provider: RefundProvider.optional(),
  initiatedBy: RefundInitiator.optional(),
  appId: int4Id.optional(),
  currency: currencyCode.optional(),
};

export const refundsReportQuery = z.object({
  ...refundFilters,
  ...cursorPaging(TimedCursor, 200, 50),
});
export type RefundsReportQuery = z.infer<typeof refundsReportQuery>;
/** The query as sent (the cursor still its text). */
export type RefundsReportRequest = z.input<typeof refundsReportQuery>;

export const refundsReportCsvQuery = z.object(refundFilters);
export type RefundsReportCsvQuery = z.infer<typeof refundsReportCsvQuery>;

export const RefundReportEntry = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  orderSn: z.string(),
  appId: z.number().int(),
  gameName: z.string(),
  orderSource: z.string(),
  provider: z.string(),
  providerRefundId: z.string().nullable(),
  status: RefundStatus,
  initiatedBy: RefundInitiator,
  amount: z.number().int(),
  currency: z.string(),
  /** The amount in the base currency's minor units (USD cents) at the order's frozen rate (ADR 0050). */
  baseAmount: z.number().int(),
  reason: z.string().nullable(),
  vouchersTakenBack: z.number().int(),
  vouchersUnrecovered: z.number().int(),
  gameRevokeStatus: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type RefundReportEntry = z.infer<typeof RefundReportEntry>;

/** Totals of one currency and status. */
export const RefundTotals = z.object({
  currency: z.string(),
  status: RefundStatus,
  count: z.number().int(),
  amount: z.number().int(),
  /** The amounts in the base currency's minor units (USD cents) at their orders' frozen rates. */
  baseAmount: z.number().int(),
  vouchersTakenBack: z.number().int(),
  vouchersUnrecovered: z.number().int(),
});
export type RefundTotals = z.infer<typeof RefundTotals>;

export const RefundsReport = z.object({
  from: z.string(),
  to: z.string(),
  generatedAt: z.string(),
  currencyDigits: z.record(z.string(), z.number().int()),
  totals: z.array(RefundTotals),
  /** The base currency (USD) the refunds' baseAmount is in. */
  baseCurrency: z.literal(BASE_CURRENCY),
  /** Refunds matching the filters (all pages). */
  total: z.number().int(),
  pageSize: z.number().int(),
  /** This page, newest first (by the refund's day: its completion, else its start; then the id). */
  entries: z.array(RefundReportEntry),
  ...pageLinks,
});
export type RefundsReport = z.infer<typeof RefundsReport>;

export const consoleRefundsReport = defineRoute({
  method: 'GET',
  path: '/console/v1/reports/refunds',
  auth: 'operator',
  permission: Permission.REPORTS_READ,
  summary:
    'Refunds over a range of UTC days (at most 400): totals per currency and status (amount, vouchers taken back and ' +
    'unrecovered) and the list, newest first, a page at a time',
  query: refundsReportQuery,
  data: RefundsReport,
});

export const consoleRefundsReportCsv = defineRoute({
  method: 'GET',
  path: '/console/v1/reports/refunds.csv',
  auth: 'operator',
  permission: Permission.REPORTS_READ,
  summary: 'Every refund of the range as a CSV file, then TOTAL rows per currency and status (the numbers of /console/v1/reports/refunds)',
  query: refundsReportCsvQuery,
  data: z.string(),
});
