import { Button, Flex, Table, Typography, type TableProps } from 'antd';
import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { KitColumn } from './column-layout';
import { PAGE_SIZES, scrollWidth, shouldVirtualize, VIRTUAL_HEIGHT } from './grid';

/** The rows a user ticked, held by the page (which decides what to do with them). */
export interface RowSelection<T> {
  keys: Key[];
  onChange(keys: Key[], rows: T[]): void;
}

export interface DataTableProps<T> extends Omit<
  TableProps<T>,
  'columns' | 'pagination' | 'rowSelection' | 'scroll' | 'virtual'
> {
  /** The columns to show, as laid out by useColumnSettings. */
  columns: KitColumn<T>[];
  /** Server paging; page sizes are those of SPEC 9. */
  paging: { current: number; pageSize: number; total: number; showTotal?(total: number): ReactNode };
  /** Multi-select: a checkbox per row and the count of ticked rows above the table. */
  selection?: RowSelection<T>;
}

/**
 * The table of a management list (SPEC 2 "List toolbars", SPEC 9 "Data grid"): server paging with the
 * spec's page sizes, optional multi-select, and virtual scrolling once a page holds more than 30
 * columns or 50 rows (then the body gets a fixed height and renders only what is in view).
 */
export function DataTable<T extends object>({ columns, paging, selection, ...rest }: DataTableProps<T>) {
  const { t } = useTranslation();
  const rows = rest.dataSource?.length ?? 0;
  const virtual = shouldVirtualize(columns.length, rows);
  const x = scrollWidth(columns, !!selection);
  return (
    <>
      {selection && selection.keys.length > 0 && (
        <Flex align="center" gap={8} style={{ marginBottom: 8 }} role="status">
          <Typography.Text>{t('listkit.selected', { n: selection.keys.length })}</Typography.Text>
          <Button size="small" type="link" onClick={() => selection.onChange([], [])}>
            {t('listkit.clearSelection')}
          </Button>
        </Flex>
      )}
      <Table<T>
        {...rest}
        columns={columns}
        virtual={virtual}
        scroll={virtual ? { x, y: VIRTUAL_HEIGHT } : { x }}
        rowSelection={
          selection && {
            selectedRowKeys: selection.keys,
            preserveSelectedRowKeys: true,
            onChange: (keys, picked) => selection.onChange(keys, picked),
          }
        }
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
