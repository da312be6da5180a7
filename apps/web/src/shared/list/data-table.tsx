import { Table, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import type { KitColumn } from './column-layout';
import { PAGE_SIZES, scrollWidth, shouldVirtualize, VIRTUAL_HEIGHT } from './grid';
import { tableRowSelection, type RowSelection } from './row-selection';
import { SelectionBar } from './selection-bar';

export type { RowSelection } from './row-selection';

export interface DataTableProps<T> extends Omit<
  TableProps<T>,
  'columns' | 'pagination' | 'rowSelection' | 'scroll' | 'virtual'
> {
  /** The columns to show, as laid out by useColumnSettings. */
  columns: KitColumn<T>[];
  /** Server paging; page sizes are those of SPEC 9. */
  paging: { current: number; pageSize: number; total: number; showTotal?(total: number): ReactNode };
  /** Multi-select: a checkbox per row; above the table, the count of ticked rows and their actions. */
  selection?: RowSelection<T>;
}

/**
 * The table of a management list (SPEC 2 "List toolbars", SPEC 9 "Data grid"): server paging with the
 * spec's page sizes, optional multi-select, and virtual scrolling once a page holds more than 30
 * columns or 50 rows (then the body gets a fixed height and renders only what is in view).
 */
export function DataTable<T extends object>({ columns, paging, selection, ...rest }: DataTableProps<T>) {
  const rows = rest.dataSource?.length ?? 0;
  const virtual = shouldVirtualize(columns.length, rows);
  const x = scrollWidth(columns, !!selection);
  return (
    <>
      <SelectionBar selection={selection} />
      <Table<T>
        {...rest}
        columns={columns}
        virtual={virtual}
        scroll={virtual ? { x, y: VIRTUAL_HEIGHT } : { x }}
        rowSelection={tableRowSelection(selection)}
        pagination={{
          current: paging.current,
          pageSize: paging.pageSize,
          total: paging.total,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          showTotal: paging.showTotal,
        }}
      />
    </>
  );
}
