import { PassThrough, type Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import type { PagePosition } from '@shop/contract/console/paging';
import type { RefundReportEntry, RefundsReport, RefundsReportCsvQuery, RefundsReportQuery, RefundTotals } from '@shop/contract/console/reports';
import { BASE_CURRENCY } from '@shop/contract/pricing';
import type { Db, Executor } from '../../../db/client.ts';
import { rows, typed, type Numeric } from '../../../db/statement.ts';
import { currencyDigits } from '../../../shared/money.ts';
import { afterCursor, cursorTime, pageOf, readingOrder, type ListOrder } from '../keyset.ts';
import { csvLine, refundEntryCells, refundTotalCells, REFUNDS_CSV_HEADER, UTF8_BOM } from './csv.ts';
import { reportRange } from './reports.service.ts';

/** Refunds read per statement while the CSV is written: the memory a download holds, whatever its range. */
const CSV_BATCH = 1000;

const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));
const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/** A refund of the report as its statement returns it (amounts may come back as text: numeric). */
interface RefundRow {
  id: Numeric;
  order_id: Numeric;
  order_sn: string;
  app_id: Numeric;
  game_name: string;
  order_source: string;
  provider: string;
  provider_refund_id: string | null;
  status: RefundReportEntry['status'];
  initiated_by: RefundReportEntry['initiatedBy'];
  amount_minor: Numeric;
  currency: string;
  base_amount: Numeric;
  reason: string | null;
  vouchers_taken_back: Numeric | null;
  vouchers_unrecovered: Numeric | null;
  game_revoke_status: string | null;
  created_at: string | Date;
  completed_at: string | Date | null;
  reported_at: string;
}

/**
 * A refund's day: its completion when completed, else when it was started (pending, failed). Written as the expression
 * of the index refunds_reported_idx ((coalesce(completed_at, created_at), id)), which serves the range, the order and
 * the cursor together.
 */
const REPORTED_AT = sql`coalesce(r.completed_at, r.created_at)`;
const NEWEST_FIRST: ListOrder = { at: REPORTED_AT, id: sql`r.id`, newestFirst: true };

/**
 * A refund's amount in the base currency (migration 0026's refund_base_minor, as the sales rollups count it): the
 * order's frozen base payment for a refund of the whole payment, else the amount at the order's frozen rate; an order
 * before local prices (no rate) was in USD, its amount is its base.
 */
const BASE_AMOUNT = sql`refund_base_minor(r.amount_minor, o.pay_amount_minor, o.base_pay_minor, o.currency::text, o.exchange_rate)`;

/** The filters of the report on refunds (alias r) and on their orders (alias o). */
function refundFilters(query: RefundsReportCsvQuery): SQL {
  const range = reportRange(query.from, query.to);
  const parts: SQL[] = [sql`${REPORTED_AT} >= ${range.start}::timestamptz`, sql`${REPORTED_AT} < ${range.end}::timestamptz`];
  if (query.status !== undefined) parts.push(sql`r.status = ${query.status}`);
  if (query.provider !== undefined) parts.push(sql`r.provider = ${query.provider}`);
  if (query.initiatedBy !== undefined) parts.push(sql`r.initiated_by = ${query.initiatedBy}`);
  if (query.appId !== undefined) parts.push(sql`o.app_id = ${query.appId}`);
  if (query.currency !== undefined) parts.push(sql`r.currency = ${query.currency}`);
  return sql.join(parts, sql` AND `);
}

/** Totals sorted by currency, then status, in code-point order (the order the CSV has always had). */
const byCurrencyAndStatus = (a: RefundTotals, b: RefundTotals) =>
  a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : a.status < b.status ? -1 : a.status > b.status ? 1 : 0;

const digitsOf = (totals: { currency: string }[]) => Object.fromEntries([...new Set(totals.map((row) => row.currency))].map((currency) => [currency, currencyDigits(currency)]));

/** The client went away while the CSV was written: the download ends, the snapshot's transaction with it. */
class DownloadAbandoned extends Error {}

/** Writes a chunk, waiting while the client is slower than the database (the stream's buffer stays bounded). */
async function send(stream: PassThrough, chunk: string): Promise<void> {
  if (stream.destroyed) throw new DownloadAbandoned();
  if (stream.write(chunk)) return;
  await new Promise<void>((resolve, reject) => {
    const drained = () => {
      stream.off('close', gone);
      resolve();
    };
    const gone = () => {
      stream.off('drain', drained);
      reject(new DownloadAbandoned());
    };
    stream.once('drain', drained);
    stream.once('close', gone);
  });
}

/**
 * The refunds report of the console (screen and CSV), apart from the sales report: refunds over a range of UTC days by
 * the refund's day, totals per currency and status from one aggregate, and the list newest first by keyset. Each answer
 * reads one REPEATABLE READ snapshot, so the list and its totals agree.
 */
export class RefundsReportService {
  constructor(private readonly db: Db) {}

  async report(query: RefundsReportQuery): Promise<RefundsReport> {
    const where = refundFilters(query);
    return this.db.transaction(
      async (tx) => {
        const totals = await this.totals(tx, query, where);
        const read = await this.entries(tx, query, where, query.cursor, query.pageSize + 1);
        const page = pageOf(read, query.pageSize, query.cursor, (entry) => ({ at: entry.reportedAt, id: entry.id }));
        return {
          from: query.from,
          to: query.to,
          generatedAt: new Date().toISOString(),
          currencyDigits: digitsOf([...totals, { currency: BASE_CURRENCY }]),
          totals,
          baseCurrency: BASE_CURRENCY,
          total: totals.reduce((sum, row) => sum + row.count, 0),
          pageSize: query.pageSize,
          entries: page.rows.map(({ reportedAt: _reportedAt, ...entry }) => entry),
          nextCursor: page.nextCursor,
          prevCursor: page.prevCursor,
        };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  /**
   * Every refund of the range as CSV (UTF-8 with BOM, CRLF): the header, the refunds newest first, then a TOTAL line per
   * currency and status. Answers the stream once the totals are read (a refused range or an unreachable database still
   * answers the error envelope); the refunds follow in batches read by keyset in the same snapshot, each written when
   * the client has taken the one before.
   */
  async csv(query: RefundsReportCsvQuery): Promise<Readable> {
    const where = refundFilters(query);
    const stream = new PassThrough();
    let started: (value: void) => void = () => undefined;
    const ready = new Promise<void>((resolve) => (started = resolve));
    const written = this.db.transaction(
      async (tx) => {
        const totals = await this.totals(tx, query, where);
        started();
        await send(stream, UTF8_BOM + csvLine(REFUNDS_CSV_HEADER));
        let cursor: PagePosition | undefined;
        for (;;) {
          const batch = await this.entries(tx, query, where, cursor, CSV_BATCH);
          if (batch.length) await send(stream, batch.map((entry) => csvLine(refundEntryCells(entry))).join(''));
          const last = batch.at(-1);
          if (!last || batch.length < CSV_BATCH) break;
          cursor = { direction: 'next', at: last.reportedAt, id: last.id };
        }
        await send(stream, totals.map((total) => csvLine(refundTotalCells(total))).join(''));
        stream.end();
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    // Before the first byte an error is the answer; after it, the download breaks off (the client sees a cut file).
    await Promise.race([ready, written]);
    written.catch((error: unknown) => stream.destroy(error instanceof DownloadAbandoned ? undefined : (error as Error)));
    return stream;
  }

  private async totals(tx: Executor, query: RefundsReportCsvQuery, where: SQL): Promise<RefundTotals[]> {
    const found = await rows(
      tx,
      typed<{ currency: string; status: RefundTotals['status']; count: unknown; amount: unknown; base_amount: unknown; taken: unknown; unrecovered: unknown }>(sql`
        SELECT r.currency::text AS currency, r.status, count(*) AS count, coalesce(sum(r.amount_minor::int8), 0) AS amount,
               coalesce(sum(${BASE_AMOUNT}), 0) AS base_amount,
               coalesce(sum(r.vouchers_taken_back), 0) AS taken, coalesce(sum(r.vouchers_unrecovered), 0) AS unrecovered
          FROM refunds r JOIN orders o ON o.id = r.order_id
         WHERE ${where}
         GROUP BY 1, 2`),
    );
    return found
      .map(
        (row): RefundTotals => ({
          currency: row.currency,
          status: row.status,
          count: num(row.count),
          amount: num(row.amount),
          baseAmount: num(row.base_amount),
          vouchersTakenBack: num(row.taken),
          vouchersUnrecovered: num(row.unrecovered),
        }),
      )
      .sort(byCurrencyAndStatus);
  }

  /** Up to `limit` refunds after or before the cursor, in the reading order, each with its day as the cursor carries it. */
  private async entries(
    tx: Executor,
    query: RefundsReportCsvQuery,
    where: SQL,
    cursor: PagePosition | undefined,
    limit: number,
  ): Promise<(RefundReportEntry & { reportedAt: string })[]> {
    const after = afterCursor(NEWEST_FIRST, cursor);
    const found = await rows(
      tx,
      typed<RefundRow>(sql`
        SELECT r.id, r.order_id, o.order_sn, o.app_id, g.name AS game_name, o.order_source, r.provider, r.provider_refund_id,
               r.status, r.initiated_by, r.amount_minor, r.currency::text AS currency, ${BASE_AMOUNT} AS base_amount, r.reason, r.vouchers_taken_back,
               r.vouchers_unrecovered, r.game_revoke_status, r.created_at, r.completed_at, ${cursorTime(REPORTED_AT)} AS reported_at
          FROM refunds r JOIN orders o ON o.id = r.order_id JOIN games g ON g.app_id = o.app_id
         WHERE ${where} ${after ? sql`AND ${after}` : sql``}
         ORDER BY ${sql.join(readingOrder(NEWEST_FIRST, cursor), sql`, `)}
         LIMIT ${limit}`),
    );
    return found.map((row) => ({
      id: num(row.id),
      orderId: num(row.order_id),
      orderSn: row.order_sn,
      appId: num(row.app_id),
      gameName: row.game_name,
      orderSource: row.order_source,
      provider: row.provider,
      providerRefundId: row.provider_refund_id ?? null,
      status: row.status,
      initiatedBy: row.initiated_by,
      amount: num(row.amount_minor),
      currency: row.currency,
      baseAmount: num(row.base_amount),
      reason: row.reason ?? null,
      vouchersTakenBack: num(row.vouchers_taken_back),
      vouchersUnrecovered: num(row.vouchers_unrecovered),
      gameRevokeStatus: row.game_revoke_status ?? null,
      createdAt: iso(row.created_at)!,
      completedAt: iso(row.completed_at),
      reportedAt: row.reported_at,
    }));
  }
}
