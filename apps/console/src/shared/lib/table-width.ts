/** What a column is given when it has no width of its own: room for a name, an e-mail or a date before the ellipsis. */
export const FLEXIBLE_COLUMN = 160;

/**
 * The width a table scrolls at: the sum of its columns' widths. A table with `scroll.x` lays its columns out fixed, and
 * a column without a width gets only what the others leave (a role squeezed to one letter a line), so every column of
 * such a table has a width and the table scrolls sideways at their sum, never below it.
 */
export function tableWidth(columns: readonly { width?: number | string | undefined }[], flexible = FLEXIBLE_COLUMN): number {
  return columns.reduce((sum, column) => sum + (typeof column.width === 'number' ? column.width : flexible), 0);
}
