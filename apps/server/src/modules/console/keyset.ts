import { sql, type SQL } from 'drizzle-orm';
import { encodeCursor, LIST_COUNT_CAP, type PageLinks, type PagePosition } from '@shop/contract/console/paging';
import type { Executor } from '../../db/client.ts';

/**
 * Keyset paging of the console's lists (the contract's paging.ts; docs/adr/0002-console-lists-at-scale.md). A list is
 * sorted by a time and then its id (or by the id alone), newest or oldest first; a page is the rows after or before
 * the cursor's key, read through an index on those columns whatever the page's depth.
 */
export interface ListOrder {
  /** The time column (or expression) the list is sorted by first; none for a list sorted by the id alone. */
  at?: SQL;
  id: SQL;
  newestFirst: boolean;
}

/** A row's time as the cursor carries it: with microseconds, in UTC (a JavaScript Date would drop the microseconds). */
export const cursorTime = (at: SQL) => sql<string>`to_char((${at}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The page's rows read in the direction of the cursor: in the list's order for `next`, against it for `prev`. */
const readsDescending = (order: ListOrder, position: PagePosition | undefined) => order.newestFirst === (position?.direction !== 'prev');

/** The condition of the rows beyond the cursor, or undefined on the first page. */
export function afterCursor(order: ListOrder, position: PagePosition | undefined): SQL | undefined {
  if (!position) return undefined;
  const comparison = readsDescending(order, position) ? sql`<` : sql`>`;
  if (order.at === undefined) return sql`${order.id} ${comparison} ${position.id}`;
  return sql`(${order.at}, ${order.id}) ${comparison} (${position.at}::timestamptz, ${position.id}::bigint)`;
}

/** ORDER BY of a page read (in the direction of the cursor). */
export function readingOrder(order: ListOrder, position: PagePosition | undefined): SQL[] {
  const direction = readsDescending(order, position) ? sql`DESC` : sql`ASC`;
  return [...(order.at === undefined ? [] : [sql`${order.at} ${direction}`]), sql`${order.id} ${direction}`];
}

/** The key of a row as the cursor carries it. */
export interface RowKey {
  at: string | null;
  id: number;
}

/**
 * The page from rows read with `LIMIT pageSize + 1` in the reading order: the rows in the list's order and the cursors
 * of the pages next to it. The extra row only tells whether there is more in the direction read.
 */
export function pageOf<T>(read: T[], pageSize: number, position: PagePosition | undefined, keyOf: (row: T) => RowKey): { rows: T[] } & PageLinks {
  const more = read.length > pageSize;
  const rows = read.slice(0, pageSize);
  const cursor = (direction: PagePosition['direction'], key: RowKey) => encodeCursor({ direction, ...key });
  const first = rows[0];
  const last = rows.at(-1);
  if (position?.direction === 'prev') {
    rows.reverse();
    // Reading backwards from a row of the later page: that page is still there, after the last row of this one.
    const after = rows.at(-1);
    return {
      rows,
      prevCursor: more && last ? cursor('prev', keyOf(last)) : null,
      nextCursor: cursor('next', after ? keyOf(after) : { at: position.at, id: position.id }),
    };
  }
  return {
    rows,
    nextCursor: more && last ? cursor('next', keyOf(last)) : null,
    prevCursor: position ? cursor('prev', first ? keyOf(first) : { at: position.at, id: position.id }) : null,
  };
}

/**
 * How many rows `matching` (a SELECT of the list's rows without ORDER BY) has, counted up to LIST_COUNT_CAP: the
 * count reads at most one row past the cap through the same index as the page, so it never scans a large table.
 */
export async function cappedCount(executor: Executor, matching: SQL): Promise<{ total: number; totalCapped: boolean }> {
  const result = await executor.execute(sql`SELECT count(*)::int AS n FROM (${matching} LIMIT ${LIST_COUNT_CAP + 1}) AS matching`);
  const n = Number((result as unknown as { rows: { n: number | string }[] }).rows[0]?.n ?? 0);
  return { total: Math.min(n, LIST_COUNT_CAP), totalCapped: n > LIST_COUNT_CAP };
}
