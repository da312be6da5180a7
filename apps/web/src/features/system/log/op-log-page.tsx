import type { OpLogFilter, OpLogRow } from '@lintel/contracts';
import { Card, Flex, Form, Input, Select, Tag, Tooltip, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KitColumn } from '../../../shared/list/column-layout';
import { DataTable } from '../../../shared/list/data-table';
import { ListToolbar, SearchCard } from '../../../shared/list/list-parts';
import { formatTime } from '../../../shared/list/modification-record-changes';
import { ListTools } from '../../../shared/list/list-tools';
import { useColumnSettings } from '../../../shared/list/use-column-settings';
import { useServerList } from '../../../shared/list/use-server-list';
import { browserOf, opLogKeys, pageOpLog, textFilter, timeBounds } from './log-api';
import {
  ClearLogButton,
  DetailAction,
  LogDetailDrawer,
  LogRangePicker,
  VerifyChainButton,
} from './log-parts';

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
  const [shown, setShown] = useState<OpLogRow | null>(null);
  // Newest first, no column sorts; a new page size starts again at page 1.
  const list = useServerList<OpLogRow, OpLogFilter>({
    key: opLogKeys.all,
    fetch: pageOpLog,
    sortable: false,
    firstPageOnResize: true,
  });

  const yesNo = (ok: boolean) => (ok ? t('log.yes') : t('log.no'));
  // Keys are the field names the server knows: the export asks for them.
  const columns: KitColumn<OpLogRow>[] = [
    {
      key: 'createTime',
      title: t('log.time'),
      dataIndex: 'createTime',
      width: 170,
      render: formatTime,
      text: (row) => formatTime(row.createTime),
    },
    { key: 'account', title: t('log.account'), dataIndex: 'account', width: 120, ellipsis: true },
    { key: 'realName', title: t('log.realName'), dataIndex: 'realName', width: 120, ellipsis: true },
    {
      key: 'method',
      title: t('log.method'),
      dataIndex: 'method',
      width: 90,
      render: (m: string) => <Tag color={METHOD_COLOURS[m] ?? 'default'}>{m}</Tag>,
    },
    { key: 'url', title: t('log.url'), dataIndex: 'url', width: 260, ellipsis: { showTitle: true } },
    {
      key: 'statusCode',
      title: t('log.statusCode'),
      dataIndex: 'statusCode',
      width: 100,
      align: 'center',
    },
    {
      key: 'success',
      title: t('log.success'),
      dataIndex: 'success',
      width: 90,
      render: (ok: boolean) => <Tag color={ok ? 'success' : 'error'}>{yesNo(ok)}</Tag>,
      text: (row) => yesNo(row.success),
    },
    {
      key: 'elapsedMs',
      title: t('log.elapsed'),
      dataIndex: 'elapsedMs',
      width: 110,
      align: 'right',
      text: (row) => t('log.ms', { ms: row.elapsedMs }),
      render: (ms: number) => (
        <Typography.Text type={ms >= 1000 ? 'warning' : undefined}>{t('log.ms', { ms })}</Typography.Text>
      ),
    },
    { key: 'ip', title: t('log.ip'), dataIndex: 'ip', width: 140 },
    {
      key: 'userAgent',
      title: t('log.browser'),
      dataIndex: 'userAgent',
      width: 140,
      text: (row) => browserOf(row.userAgent),
      render: (ua: string | null) => (
        <Tooltip title={ua}>
          <span>{browserOf(ua)}</span>
        </Tooltip>
      ),
    },
    {
      key: 'message',
      title: t('log.message'),
      dataIndex: 'message',
      width: 320,
      ellipsis: { showTitle: true },
    },
    {
      key: 'actions',
      title: t('system.common.actions'),
      width: 70,
      fixed: 'right',
      exportable: false,
      render: (_: unknown, row) => <DetailAction onClick={() => setShown(row)} />,
    },
  ];
  const layout = useColumnSettings('sysLogOp', columns);

  return (
    <Flex vertical gap={12}>
      <SearchCard form={search} onSearch={(values) => list.search(opLogFilterOf(values))}>
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
          <LogRangePicker />
        </Form.Item>
      </SearchCard>
      <Card size="small">
        <ListToolbar
          loading={list.loading}
          onRefresh={list.reload}
          tools={
            <ListTools
              title={t('routes.sysLogOp')}
              exportPath="/api/sysLogOp/export"
              exportPermission="sysLogOp:export"
              fileName="operation-log"
              filter={list.query}
              total={list.total}
              rows={list.rows}
              settings={layout}
            />
          }
        >
          <ClearLogButton log="sysLogOp" onCleared={list.reload} />
          <VerifyChainButton log="sysLogOp" />
        </ListToolbar>
        <DataTable<OpLogRow>
          rowKey="id"
          size="middle"
          columns={layout.columns}
          dataSource={list.rows}
          loading={list.loading}
          onChange={list.onTableChange}
          paging={{
            ...list.paging,
            showTotal: (total) => t('log.total', { count: total }),
          }}
        />
      </Card>
      <LogDetailDrawer
        title={t('routes.sysLogOp')}
        onClose={() => setShown(null)}
        items={
          shown && [
            { label: t('log.time'), value: formatTime(shown.createTime) },
            { label: t('log.account'), value: [shown.account, shown.realName].filter(Boolean).join(' / ') },
            { label: t('log.url'), value: `${shown.method} ${shown.url}` },
            { label: t('log.permission'), value: shown.permission },
            { label: t('log.statusCode'), value: shown.statusCode },
            { label: t('log.success'), value: yesNo(shown.success) },
            { label: t('log.elapsed'), value: t('log.ms', { ms: shown.elapsedMs }) },
            { label: t('log.ip'), value: shown.ip },
            { label: t('log.userAgent'), value: shown.userAgent },
            { label: t('log.message'), value: shown.message, block: true },
          ]
        }
      />
    </Flex>
  );
}
