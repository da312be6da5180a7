import type { HttpLogFilter, HttpLogRow } from '@lintel/contracts';
import { Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import type { KitColumn } from '../../../shared/list/column-layout';
import { LogListPage, textFilter, timeBounds, type LogRange } from '../../../shared/list/log-list-kit';
import { clearLog, pageLog } from './log-api';
import { AccountField, requestColumns, UrlField, prettyBody, Elapsed } from './log-parts';

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

  const columns: KitColumn<HttpLogRow>[] = [
    ...requestColumns<HttpLogRow>(t, 280, statusColour),
    {
      key: 'elapsedMs',
      title: t('log.elapsed'),
      dataIndex: 'elapsedMs',
      width: 100,
      align: 'right',
      render: (ms: number) => <Elapsed ms={ms} />,
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
  ];

  return (
    <LogListPage<HttpLogRow, Filter, SearchValues>
      log="sysLogHttp"
      fileName="http-log"
      listKey={['sysLogHttp']}
      fetch={pageLog<HttpLogRow, Filter>('sysLogHttp')}
      filterOf={httpLogFilterOf}
      clear={() => clearLog('sysLogHttp')}
      columns={columns}
      fields={
        <>
          <AccountField />
          <UrlField />
          <Form.Item name="statusCode" label={t('log.statusCode')}>
            <InputNumber min={100} max={599} precision={0} style={{ width: 100 }} />
          </Form.Item>
        </>
      }
      detail={{
        items: (row) => [
          { label: t('log.reference'), value: row.requestId },
          { label: t('log.account'), value: row.account },
          { label: t('log.url'), value: `${row.method} ${row.url}` },
          { label: t('log.statusCode'), value: row.statusCode },
          { label: t('log.elapsed'), value: t('log.ms', { ms: row.elapsedMs }) },
          { label: t('log.ip'), value: row.remoteIp },
          { label: t('log.userAgent'), value: row.userAgent },
          { label: t('log.requestHeaders'), value: prettyBody(row.requestHeaders), block: true },
          { label: t('log.requestBody'), value: prettyBody(row.requestBody), block: true },
          { label: t('log.responseBody'), value: prettyBody(row.responseBody), block: true },
        ],
      }}
    />
  );
}
