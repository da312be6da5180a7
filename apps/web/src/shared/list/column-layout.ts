import type { ColumnType } from 'antd/es/table';

/**
 * A column of a management list. Besides antd's fields it has a stable `key` (the field name the
 * server knows, so exports can name it), a plain-text title (shown in the column settings, sent as
 * the export heading, printed), and how to print a cell.
 */
export interface KitColumn<T> extends ColumnType<T> {
  key: string;
  title: string;
  /** The plain text of a cell for printing; default: the `dataIndex` value as text. */
  text?(row: T): string;
  /** False for columns the server cannot export (row actions); they are not printed either. */
  exportable?: boolean;
}

export type Fixed = 'left' | 'right' | null;

/** One column as the user arranged it. */
export interface ColumnPref {
  key: string;
  visible: boolean;
  fixed: Fixed;
}

/** What is stored per user and table; `v` lets a later layout format ignore this one. */
export interface StoredLayout {
  v: 1;
  columns: ColumnPref[];
}

const fixedOf = (column: { fixed?: ColumnType<never>['fixed'] }): Fixed =>
  column.fixed === 'left' || column.fixed === 'start' || column.fixed === true
    ? 'left'
    : column.fixed === 'right' || column.fixed === 'end'
      ? 'right'
      : null;

/** The layout the page declares: every column visible, in its order, fixed as declared. */
export function defaultLayout<T>(columns: readonly KitColumn<T>[]): ColumnPref[] {
  return normalize(columns.map((c) => ({ key: c.key, visible: true, fixed: fixedOf(c) })));
}

/**
 * Columns fixed left come first and those fixed right last (a fixed column in the middle of scrolling
 * ones cannot stick); within each group the user's order holds.
 */
export function normalize(prefs: readonly ColumnPref[]): ColumnPref[] {
  const rank = (p: ColumnPref) => (p.fixed === 'left' ? 0 : p.fixed === 'right' ? 2 : 1);
  return prefs
    .map((p, i) => [p, i] as const)
    .sort(([a, i], [b, j]) => rank(a) - rank(b) || i - j)
    .map(([p]) => p);
}

const isPref = (value: unknown): value is ColumnPref => {
  const p = value as ColumnPref | null;
  return (
    !!p &&
    typeof p.key === 'string' &&
    typeof p.visible === 'boolean' &&
    (p.fixed === 'left' || p.fixed === 'right' || p.fixed === null)
  );
};

/**
 * The saved layout fitted to the columns the page has now: columns that are gone are dropped, new ones
 * appear where the page declares them (after the column that precedes them there), visible. Anything
 * unreadable counts as no saved layout.
 */
export function mergeLayout<T>(columns: readonly KitColumn<T>[], saved: unknown): ColumnPref[] {
  const defaults = defaultLayout(columns);
  const stored = saved as StoredLayout | null;
  if (!stored || stored.v !== 1 || !Array.isArray(stored.columns) || !stored.columns.every(isPref)) {
    return defaults;
  }
  const known = new Set(columns.map((c) => c.key));
  const seen = new Set<string>();
  const result = stored.columns.filter((p) => known.has(p.key) && !seen.has(p.key) && seen.add(p.key));
  columns.forEach((column, index) => {
    if (seen.has(column.key)) return;
    const before = columns[index - 1]?.key;
    const at = before === undefined ? 0 : result.findIndex((p) => p.key === before) + 1;
    result.splice(
      at,
      0,
      defaults.find((p) => p.key === column.key)!,
    );
    seen.add(column.key);
  });
  return normalize(result);
}

/** The page's columns as the layout shows them: visible ones only, in order, fixed as chosen. */
export function applyLayout<T>(
  columns: readonly KitColumn<T>[],
  layout: readonly ColumnPref[],
): KitColumn<T>[] {
  const byKey = new Map(columns.map((c) => [c.key, c]));
  return layout
    .filter((p) => p.visible && byKey.has(p.key))
    .map((p) => ({ ...byKey.get(p.key)!, fixed: p.fixed ?? undefined }));
}

/** Moves one column to another position; the groups of fixed columns stay together. */
export function moveColumn(layout: readonly ColumnPref[], from: number, to: number): ColumnPref[] {
  if (from === to || from < 0 || to < 0 || from >= layout.length || to >= layout.length) return [...layout];
  const next = [...layout];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return normalize(next);
}

/** The same layout with one column changed. */
export const updateColumn = (layout: readonly ColumnPref[], key: string, change: Partial<ColumnPref>) =>
  normalize(layout.map((p) => (p.key === key ? { ...p, ...change } : p)));

/** Plain text of a cell: the column's own `text`, else its `dataIndex` value. */
export function cellText<T>(column: KitColumn<T>, row: T): string {
  if (column.text) return column.text(row);
  const path = column.dataIndex ?? column.key;
  const parts = Array.isArray(path) ? path : [path];
  let value: unknown = row;
  for (const part of parts) value = (value as Record<string, unknown> | null | undefined)?.[String(part)];
  return value === null || value === undefined ? '' : String(value);
}
