import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, IdCursor, TimedCursor } from './paging.ts';

describe('console list cursors', () => {
  it('round-trips a position with microseconds, and one keyed by the id alone', () => {
    const timed = { direction: 'next', at: '2026-01-31T23:59:59.123456Z', id: 42 } as const;
    expect(decodeCursor(encodeCursor(timed), true)).toEqual(timed);
    const byId = { direction: 'prev', at: null, id: 9_007_199_254_740_991 } as const;
    expect(decodeCursor(encodeCursor(byId), false)).toEqual(byId);
  });

  it('refuses what is not a cursor of the list: another kind, no real instant, a bad id or direction', () => {
    for (const [text, timed] of [
      ['n_5', true],
      ['n_2026-01-01T00:00:00.000000Z_5', false],
      ['n_2026-02-30T00:00:00.000000Z_5', true],
      ['n_2026-01-01T24:00:00.000000Z_5', true],
      ['n_2026-01-01T00:00:00.000Z_5', true],
      ['n_0000-01-01T00:00:00.000000Z_5', true],
      ['n_2026-01-01T00:00:00.000000Z_0', true],
      ['n_2026-01-01T00:00:00.000000Z_9007199254740993', true],
      ['x_5', false],
      ['n_5 ', false],
      ['', false],
    ] as const) {
      expect(decodeCursor(text, timed), text).toBeNull();
    }
    expect(TimedCursor.safeParse('n_5').success).toBe(false);
    expect(IdCursor.safeParse('n_5').data).toEqual({ direction: 'next', at: null, id: 5 });
  });
});
