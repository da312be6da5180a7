import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Flex, Form, Input, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListToolbar, SearchCard } from '../../../shared/list/list-parts';
import {
  actorOf,
  ChangesTable,
  diffLogKeys,
  formatTime,
  OperationTag,
  pageDiffLog,
  type DiffLogEntry,
  type DiffLogFilter,
} from '../../../shared/list/modification-record-changes';
import { PAGE_SIZES, textFilter, timeBounds } from './log-api';

interface SearchValues {
  tableName?: string;
  rowId?: string;
  account?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

type Filter = Omit<DiffLogFilter, 'page' | 'pageSize'>;

/** Row ids are 64-bit integers; anything else cannot match and the server would refuse it. */
const ROW_ID = /^[1-9][0-9]{0,18}$/;

/** The search form's values as the endpoint's filter. */
export function diffLogFilterOf(values: SearchValues | undefined): Filter {
  if (!values) return {};
  return {
    tableName: textFilter(values.tableName),
    rowId: textFilter(values.rowId),
    account: textFilter(values.account),
    ...timeBounds(values.range),
  };
}

/** Logs → difference log (`/system/log/difflog/index`): each change with its fields before and after. */
export default function DiffLogPage() {
  const { t } = useTranslation();
  const [search] = Form.useForm<SearchValues>();
  const [filter, setFilter] = useState<Filter>({});
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });

  const query = { ...filter, ...paging };
  const { data, isFetching, refetch } = useQuery({
    queryKey: diffLogKeys.page(query),
    queryFn: () => pageDiffLog(query),
    placeholderData: keepPreviousData,
  });

  const columns: ColumnsType<DiffLogEntry> = [
    { title: t('log.time'), dataIndex: 'createTime', width: 170, render: formatTime },
    {
      title: t('log.tableName'),
      dataIndex: 'tableName',
      width: 160,
      render: (name: string) => <Typography.Text code>{name}</Typography.Text>,
    },
    { title: t('log.rowId'), dataIndex: 'rowId', width: 180 },
    {
      title: t('log.operation'),
      dataIndex: 'operation',
      width: 100,
      render: (operation: string) => <OperationTag operation={operation} />,
    },
    {
      title: t('log.changedFields'),
      key: 'fields',
      ellipsis: true,
      render: (_: unknown, row) => row.changes.map((c) => c.field).join(', '),
    },
    {
      title: t('log.operator'),
      key: 'actor',
      width: 180,
      ellipsis: true,
      render: (_: unknown, row) => actorOf(row),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <SearchCard
        form={search}
        onSearch={(values) => {
          setFilter(diffLogFilterOf(values));
          setPaging((p) => ({ ...p, page: 1 }));
        }}
      >
        <Form.Item name="tableName" label={t('log.tableName')}>
          <Input allowClear maxLength={64} placeholder="sysMenu" />
        </Form.Item>
        <Form.Item
          name="rowId"
          label={t('log.rowId')}
          rules={[{ pattern: ROW_ID, message: t('log.rowIdInvalid') }]}
        >
          <Input allowClear maxLength={19} />
        </Form.Item>
        <Form.Item name="account" label={t('log.account')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="range" label={t('log.timeRange')}>
          <DatePicker.RangePicker showTime allowEmpty={[true, true]} />
        </Form.Item>
      </SearchCard>
      <Card size="small">
        <ListToolbar loading={isFetching} onRefresh={() => void refetch()} />
        <Table<DiffLogEntry>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={data?.items ?? []}
          loading={isFetching}
          scroll={{ x: 1100 }}
          expandable={{ expandedRowRender: (row) => <ChangesTable changes={row.changes} /> }}
          pagination={{
            current: paging.page,
            pageSize: paging.pageSize,
            total: data?.total ?? 0,
            pageSizeOptions: PAGE_SIZES,
            showSizeChanger: true,
            showTotal: (total) => t('log.total', { count: total }),
            onChange: (page, pageSize) =>
              setPaging({ page: pageSize === paging.pageSize ? page : 1, pageSize }),
          }}
        />
      </Card>
    </Flex>
  );
}
