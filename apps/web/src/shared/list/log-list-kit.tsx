import type { PageResult } from '@lintel/contracts';
import { ClearOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, Descriptions, Drawer, Flex, Form, Popconfirm, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../api/notify';
import { usePermissions } from '../permission/permissions';
import type { KitColumn } from './column-layout';
import { DataTable, type DataTableProps } from './data-table';
import { ListToolbar, RowAction, SearchCard } from './list-parts';
import { ListTools } from './list-tools';
import { formatTime } from './modification-record-changes';
import { useColumnSettings } from './use-column-settings';
import { useServerList, type PageQuery, type ServerList } from './use-server-list';

/**
 * The page every log list is (the log directory's lists and the message log): the search card ending
 * in the time range with its presets, the newest-first server list, the table card with export,
 * print, column settings and the clear button, the time column first and the detail column last, and
 * the detail drawer. A page gives its own search fields, columns and detail fields.
 */

/** The log lists, by controller: each has `page`, `export` and `clear` routes under `/api/<controller>`. */
export type LogListController =
  'sysLogOp' | 'sysLogDiff' | 'sysLogVis' | 'sysLogEx' | 'sysLogHttp' | 'sysLogMsg';

/**
 * Where a list's texts live: the log directory's (`log.*`) or an area's own (`message.*`), both with
 * the same key names (last7Days, lastMonth, last3Months, clear, clearConfirm, cleared, detail).
 */
export type LogTexts = 'log' | 'message';

/** A search range as the form holds it. */
export type LogRange = [Dayjs | null, Dayjs | null] | null;

/** A search form's time range as the ISO bounds the log endpoints take. */
export function timeBounds(range: LogRange | undefined): { startTime?: string; endTime?: string } {
  const [start, end] = range ?? [null, null];
  return {
    ...(start ? { startTime: start.toISOString() } : {}),
    ...(end ? { endTime: end.toISOString() } : {}),
  };
}

/** Text filters without blanks: an empty field filters nothing. */
export function textFilter(value: string | undefined): string | undefined {
  return value?.trim() || undefined;
}

/** One entry's field, in the detail drawer: `block` shows a long text (body, stack) as a copyable block. */
export interface LogDetailItem {
  label: string;
  value: ReactNode;
  block?: boolean;
}

interface LogListPageProps<Row extends { createTime: string }, Filter extends object, Values extends object> {
  /** The controller: its routes (`page`, `export`, `clear`), permissions, title and column layout. */
  log: LogListController;
  /** The export's file name, `<fileName>-<date>.<format>`. */
  fileName: string;
  /** The list's query key root and its page request. */
  listKey: readonly unknown[];
  fetch(query: Filter & PageQuery): Promise<PageResult<Row>>;
  /** The search fields before the time range, and the form's values as the endpoint's filter. */
  fields: ReactNode;
  filterOf(values: Values | undefined): Filter;
  /** The columns between the time column and the detail column. */
  columns: KitColumn<Row>[];
  clear(): Promise<number>;
  texts?: LogTexts;
  /** The time column's and detail field's label. Default `log.time`. */
  timeTitle?: string;
  /** The "n in total" text below the table. Default `log.total`. */
  totalKey?: string;
  /** Actions after the clear button (the hash-chain check). */
  actions?: ReactNode;
  expandable?: DataTableProps<Row>['expandable'];
  /** A row's fields after its time, in the drawer its detail button opens (title: the page title). */
  detail?: { items(row: Row): LogDetailItem[]; title?(row: Row): ReactNode; width?: number };
}

/** A log list page; newest first with no column sorts, a new page size starts again at page 1. */
export function LogListPage<Row extends { createTime: string }, Filter extends object, Values extends object>(
  props: LogListPageProps<Row, Filter, Values>,
) {
  const { t } = useTranslation();
  const { log, detail } = props;
  const ns = props.texts ?? 'log';
  const timeTitle = props.timeTitle ?? t('log.time');
  const [search] = Form.useForm<Values>();
  const [shown, setShown] = useState<Row | null>(null);
  const list = useServerList<Row, Filter>({
    key: props.listKey,
    fetch: props.fetch,
    sortable: false,
    firstPageOnResize: true,
  });
  const columns: KitColumn<Row>[] = [timeColumn<Row>(timeTitle), ...props.columns];
  if (detail)
    columns.push({
      key: 'actions',
      title: t('system.common.actions'),
      width: detail.width ?? 70,
      fixed: 'right',
      exportable: false,
      render: (_: unknown, row) => (
        <RowAction title={t(`${ns}.detail`)} icon={<EyeOutlined />} onClick={() => setShown(row)} />
      ),
    });
  return (
    <Flex vertical gap={12}>
      <SearchCard form={search} onSearch={(values) => list.search(props.filterOf(values))}>
        {props.fields}
        <Form.Item name="range" label={t(`${ns}.timeRange`)}>
          <LogRangePicker texts={ns} />
        </Form.Item>
      </SearchCard>
      <LogListCard
        log={log}
        fileName={props.fileName}
        list={list}
        columns={columns}
        clear={props.clear}
        texts={ns}
        totalKey={props.totalKey}
        expandable={props.expandable}
      >
        {props.actions}
      </LogListCard>
      {detail && (
        <LogDetailDrawer
          title={shown && detail.title ? detail.title(shown) : t(`routes.${log}`)}
          onClose={() => setShown(null)}
          items={shown && [{ label: timeTitle, value: formatTime(shown.createTime) }, ...detail.items(shown)]}
        />
      )}
    </Flex>
  );
}

/** The search form's time range, with the presets of every log list (SPEC 9): 7 days, a month, 3 months. */
function LogRangePicker(props: { value?: LogRange; onChange?(value: LogRange): void; texts?: LogTexts }) {
  const { t } = useTranslation();
  const ns = props.texts ?? 'log';
  const now = () => dayjs();
  return (
    <DatePicker.RangePicker
      showTime
      allowEmpty={[true, true]}
      value={props.value}
      onChange={(value) => props.onChange?.(value)}
      presets={[
        { label: t(`${ns}.last7Days`), value: () => [now().subtract(7, 'day'), now()] },
        { label: t(`${ns}.lastMonth`), value: () => [now().subtract(1, 'month'), now()] },
        { label: t(`${ns}.last3Months`), value: () => [now().subtract(3, 'month'), now()] },
      ]}
    />
  );
}

/** Empties a log after a confirmation; shown only with the log's clear permission. */
function ClearLogButton(props: {
  log: LogListController;
  clear(): Promise<number>;
  onCleared(): unknown;
  texts?: LogTexts;
}) {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const ns = props.texts ?? 'log';
  if (!has(`${props.log}:clear`)) return null;
  return (
    <Popconfirm
      title={t(`${ns}.clearConfirm`)}
      okText={t(`${ns}.clear`)}
      okButtonProps={{ danger: true }}
      cancelText={t('system.common.cancel')}
      onConfirm={() =>
        props
          .clear()
          .then((count) => {
            notifier().success(t(`${ns}.cleared`, { count }));
            return props.onCleared();
          })
          // A refusal has been shown by the API client's toast.
          .catch(() => undefined)
      }
    >
      <Button danger icon={<ClearOutlined />}>
        {t(`${ns}.clear`)}
      </Button>
    </Popconfirm>
  );
}

/** The first column of every log: when the entry was written. */
function timeColumn<Row extends { createTime: string }>(title: string): KitColumn<Row> {
  return {
    key: 'createTime',
    title,
    dataIndex: 'createTime',
    width: 170,
    render: formatTime,
    text: (row) => formatTime(row.createTime),
  };
}

/**
 * A log's table card: the toolbar (the clear button and the page's own actions on the left; export,
 * print, column settings and refresh on the right) over the paged table. The column layout is kept
 * per user under the controller's name.
 */
function LogListCard<Row extends object, Filter extends object>(props: {
  log: LogListController;
  /** The export's file name, `<fileName>-<date>.<format>`. */
  fileName: string;
  list: ServerList<Row, Filter>;
  columns: KitColumn<Row>[];
  clear(): Promise<number>;
  texts?: LogTexts;
  /** The "n in total" text below the table. Default `log.total`. */
  totalKey?: string;
  /** Actions after the clear button (the hash-chain check). */
  children?: ReactNode;
  expandable?: DataTableProps<Row>['expandable'];
}) {
  const { t } = useTranslation();
  const { log, list } = props;
  const layout = useColumnSettings(log, props.columns);
  return (
    <Card size="small">
      <ListToolbar
        loading={list.loading}
        onRefresh={list.reload}
        tools={
          <ListTools
            title={t(`routes.${log}`)}
            exportPath={`/api/${log}/export`}
            exportPermission={`${log}:export`}
            fileName={props.fileName}
            filter={list.query}
            total={list.total}
            rows={list.rows}
            settings={layout}
          />
        }
      >
        <ClearLogButton log={log} clear={props.clear} onCleared={list.reload} texts={props.texts} />
        {props.children}
      </ListToolbar>
      <DataTable<Row>
        rowKey="id"
        size="middle"
        columns={layout.columns}
        dataSource={list.rows}
        loading={list.loading}
        expandable={props.expandable}
        onChange={list.onTableChange}
        paging={{ ...list.paging, showTotal: (total) => t(props.totalKey ?? 'log.total', { count: total }) }}
      />
    </Card>
  );
}

/** One entry's fields, label by label, in a drawer; long texts (bodies, stacks) as preformatted blocks. */
function LogDetailDrawer({
  title,
  items,
  onClose,
}: {
  title: ReactNode;
  items: LogDetailItem[] | null;
  onClose(): void;
}) {
  return (
    <Drawer open={items !== null} title={title} size="large" onClose={onClose} destroyOnHidden>
      <Descriptions column={1} bordered size="small">
        {(items ?? []).map((item) => (
          <Descriptions.Item key={item.label} label={item.label}>
            {item.block && typeof item.value === 'string' ? (
              <Typography.Paragraph
                copyable
                style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontFamily: 'monospace', margin: 0 }}
              >
                {item.value}
              </Typography.Paragraph>
            ) : (
              (item.value ?? '')
            )}
          </Descriptions.Item>
        ))}
      </Descriptions>
    </Drawer>
  );
}
