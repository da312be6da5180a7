import type { ExLogFilter, ExLogRow } from '@lintel/contracts';
import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { KitColumn } from '../../../shared/list/column-layout';
import { LogListPage, textFilter, timeBounds, type LogRange } from '../../../shared/list/log-list-kit';
import { clearLog, pageLog } from './log-api';
import { AccountField, requestColumns, UrlField } from './log-parts';

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

  const columns: KitColumn<ExLogRow>[] = [
    {
      key: 'requestId',
      title: t('log.reference'),
      dataIndex: 'requestId',
      width: 180,
      render: (id: string) => <Typography.Text copyable>{id}</Typography.Text>,
    },
    ...requestColumns<ExLogRow>(t, 240, () => 'error'),
    {
      key: 'message',
      title: t('log.message'),
      dataIndex: 'message',
      width: 320,
      ellipsis: { showTitle: true },
    },
    { key: 'remoteIp', title: t('log.ip'), dataIndex: 'remoteIp', width: 130 },
  ];

  return (
    <LogListPage<ExLogRow, Filter, SearchValues>
      log="sysLogEx"
      fileName="exception-log"
      listKey={['sysLogEx']}
      fetch={pageLog<ExLogRow, Filter>('sysLogEx')}
      filterOf={exLogFilterOf}
      clear={() => clearLog('sysLogEx')}
      columns={columns}
      fields={
        <>
          <Form.Item name="requestId" label={t('log.reference')}>
            <Input allowClear maxLength={64} />
          </Form.Item>
          <AccountField />
          <UrlField />
        </>
      }
      detail={{
        items: (row) => [
          { label: t('log.reference'), value: row.requestId },
          { label: t('log.account'), value: [row.account, row.realName].filter(Boolean).join(' / ') },
          { label: t('log.url'), value: `${row.method} ${row.url}` },
          { label: t('log.statusCode'), value: row.statusCode },
          { label: t('log.ip'), value: row.remoteIp },
          { label: t('log.userAgent'), value: row.userAgent },
          { label: t('log.message'), value: row.message, block: true },
          { label: t('log.stack'), value: row.stack, block: true },
        ],
      }}
    />
  );
}
