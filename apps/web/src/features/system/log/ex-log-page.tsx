import type { ExLogFilter, ExLogRow } from '@lintel/contracts';
import { Flex, Form, Input, Tag, Typography } from 'antd';
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

interface SearchValues {
  requestId?: string;
  account?: string;
  url?: string;
  range?: LogRange;
}
type Filter = Omit<ExLogFilter, 'page' | 'pageSize'>;

/** The search form's values as the endpoint's filter. */
export function exLogFilterOf(values: SearchValues | undefined): Filter {
  if (!values) return {};
  return {
    requestId: textFilter(values.requestId),
    account: textFilter(values.account),
    url: textFilter(values.url),
    ...timeBounds(values.range),
  };
}

/**
 * Logs → exception log (`/system/log/exlog/index`): server errors, each under the reference its
 * answer showed the user ("ref: ..."), which support types into the reference field.
 */
export default function ExLogPage() {
  const { t } = useTranslation();
  const [search] = Form.useForm<SearchValues>();
  const [shown, setShown] = useState<ExLogRow | null>(null);
  const list = useLogList<ExLogRow, Filter>(['sysLogEx'], pageLog<ExLogRow, Filter>('sysLogEx'));
  const detail = useDetailColumn<ExLogRow>(setShown);

  const columns: KitColumn<ExLogRow>[] = [
    timeColumn(t('log.time')),
    {
      key: 'requestId',
      title: t('log.reference'),
      dataIndex: 'requestId',
      width: 180,
      render: (id: string) => <Typography.Text copyable>{id}</Typography.Text>,
    },
    { key: 'account', title: t('log.account'), dataIndex: 'account', width: 110, ellipsis: true },
    {
      key: 'method',
      title: t('log.method'),
      dataIndex: 'method',
      width: 80,
      render: (m: string) => <Tag>{m}</Tag>,
    },
    { key: 'url', title: t('log.url'), dataIndex: 'url', width: 240, ellipsis: { showTitle: true } },
    {
      key: 'statusCode',
      title: t('log.statusCode'),
      dataIndex: 'statusCode',
      width: 90,
      align: 'center',
      render: (code: number) => <Tag color="error">{code}</Tag>,
    },
    {
      key: 'message',
      title: t('log.message'),
      dataIndex: 'message',
      width: 320,
      ellipsis: { showTitle: true },
    },
    { key: 'remoteIp', title: t('log.ip'), dataIndex: 'remoteIp', width: 130 },
    detail,
  ];

  return (
    <Flex vertical gap={12}>
      <SearchCard form={search} onSearch={(values) => list.search(exLogFilterOf(values))}>
        <Form.Item name="requestId" label={t('log.reference')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="account" label={t('log.account')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="url" label={t('log.url')}>
          <Input allowClear maxLength={256} />
        </Form.Item>
        <Form.Item name="range" label={t('log.timeRange')}>
          <LogRangePicker />
        </Form.Item>
      </SearchCard>
      <LogListCard
        log="sysLogEx"
        fileName="exception-log"
        list={list}
        columns={columns}
        clear={() => clearLog('sysLogEx')}
      />
      <LogDetailDrawer
        title={t('routes.sysLogEx')}
        onClose={() => setShown(null)}
        items={
          shown && [
            { label: t('log.time'), value: formatTime(shown.createTime) },
            { label: t('log.reference'), value: shown.requestId },
            { label: t('log.account'), value: [shown.account, shown.realName].filter(Boolean).join(' / ') },
            { label: t('log.url'), value: `${shown.method} ${shown.url}` },
            { label: t('log.statusCode'), value: shown.statusCode },
            { label: t('log.ip'), value: shown.remoteIp },
            { label: t('log.userAgent'), value: shown.userAgent },
            { label: t('log.message'), value: shown.message, block: true },
            { label: t('log.stack'), value: shown.stack, block: true },
          ]
        }
      />
    </Flex>
  );
}
