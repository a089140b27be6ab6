import { describe, expect, it } from 'vitest';
import { FLEXIBLE_COLUMN, tableWidth } from './table-width';

describe('tableWidth', () => {
  it('adds the widths of the columns, and a flexible width for a column without one', () => {
    expect(tableWidth([{ width: 200 }, {}, { width: 90 }])).toBe(290 + FLEXIBLE_COLUMN);
  });

  it('counts a width given as text (a percentage) as flexible', () => {
    expect(tableWidth([{ width: '20%' }, { width: 100 }], 120)).toBe(220);
  });
});
