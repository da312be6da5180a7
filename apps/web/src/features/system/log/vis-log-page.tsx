import type { VisLogFilter, VisLogRow } from '@lintel/contracts';
import { Form, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { KitColumn } from '../../../shared/list/column-layout';
import { LogListPage, textFilter, timeBounds, type LogRange } from '../../../shared/list/log-list-kit';
import { clearLog, pageLog } from './log-api';
import { AccountField, SuccessSelect } from './log-parts';

interface SearchValues {
  account?: string;
  actionName?: 'login' | 'logout';
  success?: 'yes' | 'no';
  range?: LogRange;
}
type Filter = Omit<VisLogFilter, 'page' | 'pageSize'>;

/** The search form's values as the endpoint's filter. */
export function visLogFilterOf(values: SearchValues | undefined): Filter {
  if (!values) return {};
  return {
    account: textFilter(values.account),
    actionName: values.actionName,
    success: values.success === undefined ? undefined : values.success === 'yes',
    ...timeBounds(values.range),
  };
}

/** Logs → visit log (`/system/log/vislog/index`): sign-ins (refused ones with their reason) and sign-outs. */
export default function VisLogPage() {
  const { t } = useTranslation();
  const action = (row: VisLogRow) => t(`log.actions.${row.actionName}`, { defaultValue: row.actionName });
  const mode = (row: VisLogRow) =>
    row.loginMode ? t(`log.modes.${row.loginMode}`, { defaultValue: row.loginMode }) : '';
  const outcome = (row: VisLogRow) => (row.success ? t('log.yes') : t('log.no'));

  const columns: KitColumn<VisLogRow>[] = [
    { key: 'account', title: t('log.account'), dataIndex: 'account', width: 120, ellipsis: true },
    { key: 'realName', title: t('log.realName'), dataIndex: 'realName', width: 110, ellipsis: true },
    {
      key: 'actionName',
      title: t('log.action'),
      width: 90,
      render: (_: unknown, row) => (
        <Tag color={row.actionName === 'login' ? 'blue' : 'default'}>{action(row)}</Tag>
      ),
      text: action,
    },
    {
      key: 'loginMode',
      title: t('log.loginMode'),
      width: 110,
      render: (_: unknown, row) => mode(row),
      text: mode,
    },
    {
      key: 'success',
      title: t('log.success'),
      width: 90,
      render: (_: unknown, row) => <Tag color={row.success ? 'success' : 'error'}>{outcome(row)}</Tag>,
      text: outcome,
    },
    { key: 'remoteIp', title: t('log.ip'), dataIndex: 'remoteIp', width: 130 },
    { key: 'location', title: t('log.location'), dataIndex: 'location', width: 120 },
    { key: 'browser', title: t('log.browser'), dataIndex: 'browser', width: 130 },
    { key: 'os', title: t('log.os'), dataIndex: 'os', width: 100 },
    {
      key: 'message',
      title: t('log.reason'),
      dataIndex: 'message',
      width: 240,
      ellipsis: { showTitle: true },
    },
    {
      key: 'elapsedMs',
      title: t('log.elapsed'),
      dataIndex: 'elapsedMs',
      width: 100,
      align: 'right',
      render: (ms: number) => t('log.ms', { ms }),
      text: (r) => t('log.ms', { ms: r.elapsedMs }),
    },
  ];

  return (
    <LogListPage<VisLogRow, Filter, SearchValues>
      log="sysLogVis"
      fileName="visit-log"
      listKey={['sysLogVis']}
      fetch={pageLog<VisLogRow, Filter>('sysLogVis')}
      filterOf={visLogFilterOf}
      clear={() => clearLog('sysLogVis')}
      columns={columns}
      fields={
        <>
          <AccountField />
          <Form.Item name="actionName" label={t('log.action')}>
            <Select
              allowClear
              style={{ width: 110 }}
              aria-label={t('log.action')}
              options={[
                { value: 'login', label: t('log.actions.login') },
                { value: 'logout', label: t('log.actions.logout') },
              ]}
            />
          </Form.Item>
          <Form.Item name="success" label={t('log.success')}>
            <SuccessSelect />
          </Form.Item>
        </>
      }
      detail={{
        items: (row) => [
          { label: t('log.account'), value: row.account },
          { label: t('log.realName'), value: row.realName },
          { label: t('log.action'), value: action(row) },
          { label: t('log.loginMode'), value: mode(row) },
          { label: t('log.success'), value: outcome(row) },
          { label: t('log.reason'), value: row.message },
          { label: t('log.ip'), value: row.remoteIp },
          { label: t('log.location'), value: row.location },
          { label: t('log.browser'), value: row.browser },
          { label: t('log.os'), value: row.os },
          { label: t('log.userAgent'), value: row.userAgent, block: true },
          { label: t('log.elapsed'), value: t('log.ms', { ms: row.elapsedMs }) },
        ],
      }}
    />
  );
}
