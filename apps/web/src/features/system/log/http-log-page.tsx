import type { HttpLogFilter, HttpLogRow } from '@lintel/contracts';
import { Flex, Form, Input, InputNumber, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KitColumn } from '../../../shared/list/column-layout';
import { SearchCard } from '../../../shared/list/list-parts';
import {
  LogDetailDrawer,
  LogListCard,
  LogRangePicker,
  timeColumn,
  useDetailColumn,
  useLogList,
  textFilter,
  timeBounds,
  type LogRange,
} from '../../../shared/list/log-list-kit';
import { formatTime } from '../../../shared/list/modification-record-changes';
import { clearLog, pageLog } from './log-api';
import { prettyBody } from './log-parts';

interface SearchValues {
  account?: string;
  url?: string;
  statusCode?: number | null;
  range?: LogRange;
}
type Filter = Omit<HttpLogFilter, 'page' | 'pageSize'>;

/** The search form's values as the endpoint's filter. */
export function httpLogFilterOf(values: SearchValues | undefined): Filter {
  if (!values) return {};
  return {
    account: textFilter(values.account),
    url: textFilter(values.url),
    statusCode: values.statusCode ?? undefined,
    ...timeBounds(values.range),
  };
}

const statusColour = (code: number) => (code >= 500 ? 'error' : code >= 400 ? 'warning' : 'success');

/** Logs → HTTP request log (`/system/log/httplog/index`): API calls with their bodies, secrets redacted. */
export default function HttpLogPage() {
  const { t } = useTranslation();
  const [search] = Form.useForm<SearchValues>();
  const [shown, setShown] = useState<HttpLogRow | null>(null);
  const list = useLogList<HttpLogRow, Filter>(['sysLogHttp'], pageLog<HttpLogRow, Filter>('sysLogHttp'));
  const detail = useDetailColumn<HttpLogRow>(setShown);

  const columns: KitColumn<HttpLogRow>[] = [
    timeColumn(t('log.time')),
    { key: 'account', title: t('log.account'), dataIndex: 'account', width: 110, ellipsis: true },
    {
      key: 'method',
      title: t('log.method'),
      dataIndex: 'method',
      width: 80,
      render: (m: string) => <Tag>{m}</Tag>,
    },
    { key: 'url', title: t('log.url'), dataIndex: 'url', width: 280, ellipsis: { showTitle: true } },
    {
      key: 'statusCode',
      title: t('log.statusCode'),
      dataIndex: 'statusCode',
      width: 90,
      align: 'center',
      render: (code: number) => <Tag color={statusColour(code)}>{code}</Tag>,
    },
    {
      key: 'elapsedMs',
      title: t('log.elapsed'),
      dataIndex: 'elapsedMs',
      width: 100,
      align: 'right',
      render: (ms: number) => (
        <Typography.Text type={ms >= 1000 ? 'warning' : undefined}>{t('log.ms', { ms })}</Typography.Text>
      ),
      text: (r) => t('log.ms', { ms: r.elapsedMs }),
    },
    { key: 'remoteIp', title: t('log.ip'), dataIndex: 'remoteIp', width: 130 },
    {
      key: 'requestBody',
      title: t('log.requestBody'),
      dataIndex: 'requestBody',
      width: 260,
      ellipsis: { showTitle: true },
    },
    detail,
  ];

  return (
    <Flex vertical gap={12}>
      <SearchCard form={search} onSearch={(values) => list.search(httpLogFilterOf(values))}>
        <Form.Item name="account" label={t('log.account')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="url" label={t('log.url')}>
          <Input allowClear maxLength={256} />
        </Form.Item>
        <Form.Item name="statusCode" label={t('log.statusCode')}>
          <InputNumber min={100} max={599} precision={0} style={{ width: 100 }} />
        </Form.Item>
        <Form.Item name="range" label={t('log.timeRange')}>
          <LogRangePicker />
        </Form.Item>
      </SearchCard>
      <LogListCard
        log="sysLogHttp"
        fileName="http-log"
        list={list}
        columns={columns}
        clear={() => clearLog('sysLogHttp')}
      />
      <LogDetailDrawer
        title={t('routes.sysLogHttp')}
        onClose={() => setShown(null)}
        items={
          shown && [
            { label: t('log.time'), value: formatTime(shown.createTime) },
            { label: t('log.reference'), value: shown.requestId },
            { label: t('log.account'), value: shown.account },
            { label: t('log.url'), value: `${shown.method} ${shown.url}` },
            { label: t('log.statusCode'), value: shown.statusCode },
            { label: t('log.elapsed'), value: t('log.ms', { ms: shown.elapsedMs }) },
            { label: t('log.ip'), value: shown.remoteIp },
            { label: t('log.userAgent'), value: shown.userAgent },
            { label: t('log.requestHeaders'), value: prettyBody(shown.requestHeaders), block: true },
            { label: t('log.requestBody'), value: prettyBody(shown.requestBody), block: true },
            { label: t('log.responseBody'), value: prettyBody(shown.responseBody), block: true },
          ]
        }
      />
    </Flex>
  );
}
