import type { AiUsageFilter, AiUsageRow } from '@lintel/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Empty, Flex, Form } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { KitColumn } from '../../../shared/list/column-layout';
import { DataTable } from '../../../shared/list/data-table';
import { ListToolbar, SearchCard } from '../../../shared/list/list-parts';
import { useServerList } from '../../../shared/list/use-server-list';
import { pageUsage, providerKeys } from './provider-api';
import { UsageChart } from './usage-chart';

type Filter = Omit<AiUsageFilter, 'page' | 'pageSize'>;
type SearchValues = { range?: [Dayjs | null, Dayjs | null] | null };

/** Requests and tokens by user, model and day, with the totals per day as a chart. */
export function UsageTab() {
  const { t } = useTranslation();
  const [search] = Form.useForm<SearchValues>();
  const list = useServerList<AiUsageRow, Filter>({ key: providerKeys.usage, fetch: pageUsage });
  // The same query as the list's (same key): the daily totals ride on the page's answer.
  const page = useQuery({
    queryKey: [...providerKeys.usage, 'page', list.query],
    queryFn: () => pageUsage(list.query),
    placeholderData: keepPreviousData,
  });
  const days = page.data?.days ?? [];
  const labels = useMemo(
    () => ({
      title: t('aiProvider.usageChart'),
      requests: t('aiProvider.requests'),
      promptTokens: t('aiProvider.promptTokens'),
      completionTokens: t('aiProvider.completionTokens'),
    }),
    [t],
  );

  const columns: KitColumn<AiUsageRow>[] = [
    { key: 'day', title: t('aiProvider.day'), dataIndex: 'day', width: 110, sorter: true },
    {
      key: 'user',
      title: t('aiProvider.user'),
      width: 180,
      render: (_: unknown, row) =>
        row.realName ? `${row.realName} (${row.account ?? ''})` : (row.account ?? row.userId),
      text: (row) => row.realName ?? row.account ?? row.userId,
    },
    {
      key: 'model',
      title: t('aiProvider.model'),
      width: 200,
      render: (_: unknown, row) => row.modelName ?? row.modelId ?? row.modelRowId,
      text: (row) => row.modelName ?? row.modelId ?? row.modelRowId,
    },
    {
      key: 'requests',
      title: t('aiProvider.requests'),
      dataIndex: 'requests',
      width: 100,
      align: 'right',
      sorter: true,
    },
    {
      key: 'promptTokens',
      title: t('aiProvider.promptTokens'),
      dataIndex: 'promptTokens',
      width: 130,
      align: 'right',
      sorter: true,
    },
    {
      key: 'completionTokens',
      title: t('aiProvider.completionTokens'),
      dataIndex: 'completionTokens',
      width: 130,
      align: 'right',
      sorter: true,
    },
    {
      key: 'totalTokens',
      title: t('aiProvider.totalTokens'),
      dataIndex: 'totalTokens',
      width: 120,
      align: 'right',
    },
  ];

  return (
    <Flex vertical gap={12}>
      <SearchCard
        form={search}
        onSearch={(values) => {
          const [start, end] = values?.range ?? [];
          list.search({ startDay: start?.format('YYYY-MM-DD'), endDay: end?.format('YYYY-MM-DD') });
        }}
      >
        <Form.Item name="range" label={t('aiProvider.day')}>
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
      </SearchCard>
      <Card size="small">
        {days.length ? (
          <UsageChart days={days} labels={labels} />
        ) : (
          <Empty description={t('aiProvider.noUsage')} />
        )}
      </Card>
      <Card size="small">
        <ListToolbar loading={list.loading} onRefresh={list.reload} />
        <DataTable<AiUsageRow>
          rowKey={(row) => `${row.day}:${row.userId}:${row.modelRowId}`}
          size="middle"
          columns={columns}
          dataSource={list.rows}
          loading={list.loading}
          onChange={list.onTableChange}
          paging={list.paging}
        />
      </Card>
    </Flex>
  );
}
