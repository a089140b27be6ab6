import { z } from 'zod';

/**
 * Keyset paging of the console's lists (docs/adr/0002-console-lists-at-scale.md). A page answers cursors to the pages
 * next to it; the console sends one back as `cursor` and never reads it. A cursor names the last (or first) row seen by
 * its sort key, so a page is found through an index whatever its depth, and rows added meanwhile never shift a page.
 */

/** Which side of the cursor's row the page lies on, in the list's own order. */
export type PageDirection = 'next' | 'prev';

/** Where a page starts: after (`next`) or before (`prev`) the row with this sort key. */
export interface PagePosition {
  direction: PageDirection;
  /** The row's time with microseconds (ISO 8601, UTC), for lists sorted by a time and then the id; null for the id alone. */
  at: string | null;
  id: number;
}

/** Matching rows are counted up to this many; past it a list says "more than 1,000" (counting further would scan). */
export const LIST_COUNT_CAP = 1_000;

const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const CURSOR = /^([np])_(?:([0-9T:.Z-]{27})_)?([1-9]\d{0,15})$/;

/** The cursor text of a position: `n_<time>_<id>`, `p_<id>`... */
export function encodeCursor(position: PagePosition): string {
  return [position.direction === 'next' ? 'n' : 'p', ...(position.at === null ? [] : [position.at]), String(position.id)].join('_');
}

/**
 * A real instant the database takes: the text names the time it would print back as (no 30 February, no hour 25), and
 * not before 1970 (PostgreSQL has no year 0; no row of ours is older).
 */
const realInstant = (at: string) => {
  const millis = Date.parse(at);
  return Number.isFinite(millis) && millis >= 0 && new Date(millis).toISOString().slice(0, 23) === at.slice(0, 23);
};

/** The position a cursor names, or null for a text that is not a cursor (of a list keyed with or without a time). */
export function decodeCursor(value: string, timed: boolean): PagePosition | null {
  const match = CURSOR.exec(value);
  if (!match) return null;
  const [, direction, at, id] = match;
  if (timed !== (at !== undefined)) return null;
  if (at !== undefined && (!AT.test(at) || !realInstant(at))) return null;
  const number = Number(id);
  if (!Number.isSafeInteger(number)) return null;
  return { direction: direction === 'n' ? 'next' : 'prev', at: at ?? null, id: number };
}

const cursorOf = (timed: boolean) =>
  z
    .string()
    .max(64)
    .transform((value, ctx) => {
      const position = decodeCursor(value, timed);
      if (!position) {
        ctx.addIssue({ code: 'custom', message: 'not a cursor of this list: start again from the first page' });
        return z.NEVER;
      }
      return position;
    });

/** The cursor of a list sorted by a time, then the id. */
export const TimedCursor = cursorOf(true);
/** The cursor of a list sorted by the id alone. */
export const IdCursor = cursorOf(false);

/** The query of a keyset-paged list: the cursor of a page seen (none: the first page) and the page size. */
export const cursorPaging = (cursor: typeof TimedCursor | typeof IdCursor, maxPageSize = 100, defaultPageSize = 20) => ({
  cursor: cursor.optional(),
  pageSize: z.coerce.number().int().min(1).max(maxPageSize).default(defaultPageSize),
});

/** The links of a page: the page after it and the page before it (null at either end). */
export const pageLinks = {
  nextCursor: z.string().nullable(),
  prevCursor: z.string().nullable(),
};
export type PageLinks = { nextCursor: string | null; prevCursor: string | null };
