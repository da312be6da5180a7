import type { DiffLogChange, DiffLogFilter, DiffLogRow, PageResult } from '@lintel/contracts';
import { Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { request } from '../api/client';

export const diffLogKeys = {
  all: ['sysLogDiff'] as const,
  page: (filter: DiffLogFilter) => ['sysLogDiff', 'page', filter] as const,
};

export const pageDiffLog = (filter: DiffLogFilter) =>
  request<PageResult<DiffLogRow>>('/api/sysLogDiff/page', { method: 'POST', body: filter });

/** A log time in the viewer's time zone. */
export const formatTime = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss');

/** The one who acted: name and account, or whichever is known. */
export const actorOf = (entry: { account: string | null; realName: string | null }) =>
  entry.realName && entry.account && entry.realName !== entry.account
    ? `${entry.realName} (${entry.account})`
    : (entry.realName ?? entry.account ?? '');

/** A logged value as text: nothing for absent values, JSON for objects and lists. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

const OPERATION_COLOURS: Record<string, string> = { insert: 'green', update: 'blue', delete: 'red' };

/** The kind of change (added, modified, deleted) as a tag. */
export function OperationTag({ operation }: { operation: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={OPERATION_COLOURS[operation] ?? 'default'}>
      {t(`log.operations.${operation}`, { defaultValue: operation })}
    </Tag>
  );
}

/** The field / before / after table of one difference log entry. */
export function ChangesTable({ changes }: { changes: DiffLogChange[] }) {
  const { t } = useTranslation();
  const cell = (value: unknown) => {
    const text = formatValue(value);
    return text ? (
      <Typography.Text style={{ wordBreak: 'break-all' }}>{text}</Typography.Text>
    ) : (
      <Typography.Text type="secondary">—</Typography.Text>
    );
  };
  return (
    <Table<DiffLogChange>
      rowKey="field"
      size="small"
      pagination={false}
      dataSource={changes}
      locale={{ emptyText: t('log.noChanges') }}
      columns={[
        {
          title: t('log.field'),
          dataIndex: 'field',
          width: 180,
          render: (field: string) => <Typography.Text code>{field}</Typography.Text>,
        },
        { title: t('log.before'), dataIndex: 'before', render: cell },
        { title: t('log.after'), dataIndex: 'after', render: cell },
      ]}
    />
  );
}
