/** SPEC 9 "Data grid": paging and the point where a table renders only the rows and columns in view. */
export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZES = [10, 20, 50, 100, 200, 500];
/** A server-paged list's query: its filter with the page the user sees. */
export type PagedQuery<F> = F & { page: number; pageSize: number };
export const VIRTUAL_COLUMNS = 30;
export const VIRTUAL_ROWS = 50;
/** The body height of a virtual table (it needs a fixed one to know which rows are in view). */
export const VIRTUAL_HEIGHT = 600;
/** The width assumed for a column that declares none, when the table's scroll width is summed. */
export const DEFAULT_COLUMN_WIDTH = 150;
/** The width of the selection checkbox column. */
export const SELECTION_WIDTH = 48;

/** Whether a table of this size scrolls virtually: more than 30 columns or more than 50 rows. */
export const shouldVirtualize = (columnCount: number, rowCount: number): boolean =>
  columnCount > VIRTUAL_COLUMNS || rowCount > VIRTUAL_ROWS;

/** The horizontal scroll width of a table: the sum of its column widths. */
export function scrollWidth(columns: readonly { width?: string | number }[], selectable = false): number {
  const sum = columns.reduce(
    (total, c) => total + (typeof c.width === 'number' ? c.width : DEFAULT_COLUMN_WIDTH),
    0,
  );
  return sum + (selectable ? SELECTION_WIDTH : 0);
}
