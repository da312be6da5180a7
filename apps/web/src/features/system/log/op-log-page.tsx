import type { OpLogFilter, OpLogRow } from '@lintel/contracts';
import { Form, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { KitColumn } from '../../../shared/list/column-layout';
import { LogListPage, textFilter, timeBounds, type LogRange } from '../../../shared/list/log-list-kit';
import { browserOf, clearLog, opLogKeys, pageOpLog } from './log-api';
import { AccountField, SuccessSelect, UrlField, VerifyChainButton, Elapsed } from './log-parts';

interface SearchValues {
  account?: string;
  url?: string;
  success?: 'yes' | 'no';
  range?: LogRange;
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

  const yesNo = (ok: boolean) => (ok ? t('log.yes') : t('log.no'));
  // Keys are the field names the server knows: the export asks for them.
  const columns: KitColumn<OpLogRow>[] = [
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
      render: (ms: number) => <Elapsed ms={ms} />,
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
  ];

  return (
    <LogListPage<OpLogRow, OpLogFilter, SearchValues>
      log="sysLogOp"
      fileName="operation-log"
      listKey={opLogKeys.all}
      fetch={pageOpLog}
      filterOf={opLogFilterOf}
      clear={() => clearLog('sysLogOp')}
      columns={columns}
      actions={<VerifyChainButton log="sysLogOp" />}
      fields={
        <>
          <AccountField />
          <UrlField />
          <Form.Item name="success" label={t('log.success')}>
            <SuccessSelect />
          </Form.Item>
        </>
      }
      detail={{
        items: (row) => [
          { label: t('log.account'), value: [row.account, row.realName].filter(Boolean).join(' / ') },
          { label: t('log.url'), value: `${row.method} ${row.url}` },
          { label: t('log.permission'), value: row.permission },
          { label: t('log.statusCode'), value: row.statusCode },
          { label: t('log.success'), value: yesNo(row.success) },
          { label: t('log.elapsed'), value: t('log.ms', { ms: row.elapsedMs }) },
          { label: t('log.ip'), value: row.ip },
          { label: t('log.userAgent'), value: row.userAgent },
          { label: t('log.message'), value: row.message, block: true },
        ],
      }}
    />
  );
}
