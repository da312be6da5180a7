import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Flex, Form, Input, Select, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListToolbar, SearchCard } from '../../../shared/list/list-parts';
import { formatTime } from '../../../shared/list/modification-record-changes';
import {
  browserOf,
  opLogKeys,
  PAGE_SIZES,
  pageOpLog,
  textFilter,
  timeBounds,
  type OpLogEntry,
  type OpLogFilter,
} from './log-api';

interface SearchValues {
  account?: string;
  url?: string;
  success?: 'yes' | 'no';
  range?: [Dayjs | null, Dayjs | null] | null;
}

const METHOD_COLOURS: Record<string, string> = {
  GET: 'blue',
  POST: 'green',
  PUT: 'orange',
  PATCH: 'gold',
  DELETE: 'red',
};

/** The search form's values as the endpoint's filter. */
export function opLogFilterOf(values: SearchValues | undefined): OpLogFilter {
  if (!values) return {};
  return {
    account: textFilter(values.account),
    url: textFilter(values.url),
    success: values.success === undefined ? undefined : values.success === 'yes',
    ...timeBounds(values.range),
  };
}

/** Logs → operation log (`/system/log/oplog/index`): every API call, newest first, paged. */
export default function OpLogPage() {
  const { t } = useTranslation();
  const [search] = Form.useForm<SearchValues>();
  const [filter, setFilter] = useState<OpLogFilter>({});
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });

  const query = { ...filter, ...paging };
  const { data, isFetching, refetch } = useQuery({
    queryKey: opLogKeys.page(query),
    queryFn: () => pageOpLog(query),
    placeholderData: keepPreviousData,
  });

  const columns: ColumnsType<OpLogEntry> = [
    { title: t('log.time'), dataIndex: 'createTime', width: 170, render: formatTime },
    { title: t('log.account'), dataIndex: 'account', width: 120, ellipsis: true },
    { title: t('log.realName'), dataIndex: 'realName', width: 120, ellipsis: true },
    {
      title: t('log.method'),
      dataIndex: 'method',
      width: 90,
      render: (m: string) => <Tag color={METHOD_COLOURS[m] ?? 'default'}>{m}</Tag>,
    },
    { title: t('log.url'), dataIndex: 'url', width: 260, ellipsis: { showTitle: true } },
    { title: t('log.statusCode'), dataIndex: 'statusCode', width: 100, align: 'center' },
    {
      title: t('log.success'),
      dataIndex: 'success',
      width: 90,
      render: (ok: boolean) =>
        ok ? <Tag color="success">{t('log.yes')}</Tag> : <Tag color="error">{t('log.no')}</Tag>,
    },
    {
      title: t('log.elapsed'),
      dataIndex: 'elapsedMs',
      width: 110,
      align: 'right',
      render: (ms: number) => (
        <Typography.Text type={ms >= 1000 ? 'warning' : undefined}>{t('log.ms', { ms })}</Typography.Text>
      ),
    },
    { title: t('log.ip'), dataIndex: 'ip', width: 140 },
    {
      title: t('log.browser'),
      dataIndex: 'userAgent',
      width: 140,
      render: (ua: string | null) => (
        <Tooltip title={ua}>
          <span>{browserOf(ua)}</span>
        </Tooltip>
      ),
    },
    { title: t('log.message'), dataIndex: 'message', ellipsis: { showTitle: true } },
  ];

  return (
    <Flex vertical gap={12}>
      <SearchCard
        form={search}
        onSearch={(values) => {
          setFilter(opLogFilterOf(values));
          setPaging((p) => ({ ...p, page: 1 }));
        }}
      >
        <Form.Item name="account" label={t('log.account')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="url" label={t('log.url')}>
          <Input allowClear maxLength={256} />
        </Form.Item>
        <Form.Item name="success" label={t('log.success')}>
          <Select
            allowClear
            style={{ width: 110 }}
            aria-label={t('log.success')}
            options={[
              { value: 'yes', label: t('log.yes') },
              { value: 'no', label: t('log.no') },
            ]}
          />
        </Form.Item>
        <Form.Item name="range" label={t('log.timeRange')}>
          <DatePicker.RangePicker showTime allowEmpty={[true, true]} />
        </Form.Item>
      </SearchCard>
      <Card size="small">
        <ListToolbar loading={isFetching} onRefresh={() => void refetch()} />
        <Table<OpLogEntry>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={data?.items ?? []}
          loading={isFetching}
          scroll={{ x: 1700 }}
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
