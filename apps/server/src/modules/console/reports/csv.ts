import type { RefundReportEntry, RefundTotals, SalesReport } from '@shop/contract/console/reports';
import { BASE_CURRENCY } from '@shop/contract/pricing';
import { minorToDecimalString } from '../../../shared/money.ts';

/** Excel reads a UTF-8 file as UTF-8 only with this byte-order mark. */
export const UTF8_BOM = '\uFEFF';

/** A number we wrote ourselves (an amount, a count): never a formula, even when negative. */
const NUMBER = /^-?\d+(\.\d+)?$/;
/** Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"); tab and CR as well. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One RFC 4180 field: quoted when it holds a comma, a quote or a line break (quotes doubled); a text that a spreadsheet
 * would run as a formula (= + - @ first) gets a leading apostrophe, so a product name like `=HYPERLINK(...)` stays text.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text) && !NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

type Cell = string | number | null | undefined;

/** One line, ending CRLF (RFC 4180): a file written line by line is the same as the whole document. */
export const csvLine = (row: Cell[]): string => row.map(csvCell).join(',') + '\r\n';

/** A whole file: BOM, then lines ending CRLF (RFC 4180). */
export function csvDocument(rows: Cell[][]): string {
  return UTF8_BOM + rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

const major = (minor: number, currency: string) => minorToDecimalString(minor, currency);

/**
 * The sales report as CSV: the table's rows, then a TOTAL row per currency (the summary cards). The last columns are
 * the row's money in the base currency (USD at each order's frozen rate, major units), which add up across currencies.
 */
export function salesCsv(report: SalesReport): string {
  const header = [
    report.groupBy,
    'name',
    'currency',
    'orders',
    'free_orders',
    'quantity',
    'gross_minor',
    'gross',
    'refund_count',
    'refunds_minor',
    'refunds',
    'net_minor',
    'net',
    'vouchers_credited',
    'base_currency',
    'base_gross',
    'base_refunds',
    'base_net',
  ];
  const line = (key: string, label: string, figures: SalesReport['totals'][number]) => [
    key,
    label,
    figures.currency,
    figures.orders,
    figures.freeOrders,
    figures.quantity,
    figures.gross,
    major(figures.gross, figures.currency),
    figures.refundCount,
    figures.refunds,
    major(figures.refunds, figures.currency),
    figures.net,
    major(figures.net, figures.currency),
    figures.vouchersCredited,
    BASE_CURRENCY,
    major(figures.baseGross, BASE_CURRENCY),
    major(figures.baseRefunds, BASE_CURRENCY),
    major(figures.baseNet, BASE_CURRENCY),
  ];
  return csvDocument([header, ...report.rows.map((row) => line(row.key, row.label, row)), ...report.totals.map((totals) => line('TOTAL', '', totals))]);
}

/** The refunds CSV's columns: every refund is a line with count 1, then a TOTAL line per currency and status. */
export const REFUNDS_CSV_HEADER = [
  'refund_id',
  'count',
  'order_sn',
  'game',
  'order_source',
  'provider',
  'provider_refund_id',
  'status',
  'initiated_by',
  'currency',
  'amount_minor',
  'amount',
  'vouchers_taken_back',
  'vouchers_unrecovered',
  'game_revoke_status',
  'reason',
  'created_at',
  'completed_at',
  'base_currency',
  'base_amount',
];

/** One refund's cells. */
export const refundEntryCells = (entry: RefundReportEntry): Cell[] => [
  entry.id,
  1,
  entry.orderSn,
  entry.gameName,
  entry.orderSource,
  entry.provider,
  entry.providerRefundId,
  entry.status,
  entry.initiatedBy,
  entry.currency,
  entry.amount,
  major(entry.amount, entry.currency),
  entry.vouchersTakenBack,
  entry.vouchersUnrecovered,
  entry.gameRevokeStatus,
  entry.reason,
  entry.createdAt,
  entry.completedAt,
  BASE_CURRENCY,
  major(entry.baseAmount, BASE_CURRENCY),
];

/** The TOTAL cells of one currency and status. */
export const refundTotalCells = (total: RefundTotals): Cell[] => [
  'TOTAL',
  total.count,
  '',
  '',
  '',
  '',
  '',
  total.status,
  '',
  total.currency,
  total.amount,
  major(total.amount, total.currency),
  total.vouchersTakenBack,
  total.vouchersUnrecovered,
  '',
  '',
  '',
  '',
  BASE_CURRENCY,
  major(total.baseAmount, BASE_CURRENCY),
];
