import type { TableProps } from 'antd';
import type { Key, ReactNode } from 'react';

/**
 * The rows a user ticked in a list (SPEC 2 "List toolbars": multi-select), held by the page, with
 * what can be done to them.
 */
export interface RowSelection<T> {
  keys: Key[];
  onChange(keys: Key[], rows: T[]): void;
  /** Buttons acting on the ticked rows, shown beside their count. */
  actions?: ReactNode;
  /** What those actions show afterwards (a result dialog): kept mounted when no row is ticked. */
  overlay?: ReactNode;
  /** The accessible name of a row's checkbox ("Select alpha"), instead of antd's "Select row 3". */
  checkboxLabel?(row: T): string;
}

/**
 * A selection as antd's `rowSelection`: a checkbox per row, ticks kept across pages, and (in a
 * tree) a parent's tick independent of its children's.
 */
export function tableRowSelection<T>(selection: RowSelection<T> | undefined): TableProps<T>['rowSelection'] {
  return (
    selection && {
      selectedRowKeys: selection.keys,
      preserveSelectedRowKeys: true,
      checkStrictly: true,
      onChange: (keys, rows) => selection.onChange(keys, rows),
      ...(selection.checkboxLabel && {
        getCheckboxProps: (row: T) => ({ 'aria-label': selection.checkboxLabel!(row) }),
      }),
    }
  );
}
