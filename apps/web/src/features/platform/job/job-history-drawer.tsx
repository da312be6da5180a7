import type { JobDetailRow, JobRecordRow } from '@lintel/contracts';
import { Button, Drawer, Flex, Popconfirm, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useServerList } from '../../../shared/list/use-server-list';
import { clearRecords, jobKeys, pageRecords } from './job-api';

const STATUS_COLORS: Record<string, string> = {
  succeeded: 'success',
  failed: 'error',
  running: 'processing',
  skipped: 'default',
};

export function RunStatus({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[status] ?? 'default'}>
      {t(`job.runStatus.${status}`, { defaultValue: status })}
    </Tag>
  );
}

/** The run records of one job, newest first: when, how long, and the result or the error. */
export function JobHistoryDrawer({
  job,
  canClear,
  onClose,
}: {
  job: JobDetailRow | null;
  canClear: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const list = useServerList<JobRecordRow, { jobId?: string }>({
    key: [...jobKeys.records, job?.jobId],
    fetch: pageRecords,
    enabled: !!job,
    fixed: { jobId: job?.jobId },
    sortable: false,
  });
  return (
    <Drawer
      open={!!job}
      onClose={onClose}
      width={920}
      title={job ? t('job.historyTitle', { jobId: job.jobId }) : ''}
      extra={
        <Flex gap={8}>
          <Button onClick={list.reload}>{t('job.refresh')}</Button>
          {canClear && job && (
            <Popconfirm
              title={t('job.clearConfirm')}
              onConfirm={() => clearRecords(job.jobId).then(list.refresh)}
            >
              <Button danger>{t('job.clearHistory')}</Button>
            </Popconfirm>
          )}
        </Flex>
      }
    >
      <Table<JobRecordRow>
        rowKey="id"
        size="small"
        loading={list.loading}
        dataSource={list.rows}
        onChange={list.onTableChange}
        pagination={list.paging}
        data-testid="job-history"
        columns={[
          {
            key: 'startedAt',
            title: t('job.startedAt'),
            dataIndex: 'startedAt',
            width: 170,
            render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
          },
          {
            key: 'triggerId',
            title: t('job.trigger'),
            dataIndex: 'triggerId',
            width: 150,
            render: (v: string | null) => v ?? t('job.byHand'),
          },
          { key: 'attempt', title: t('job.attempt'), dataIndex: 'attempt', width: 70, align: 'center' },
          {
            key: 'status',
            title: t('job.status'),
            dataIndex: 'status',
            width: 100,
            render: (s: string) => <RunStatus status={s} />,
          },
          {
            key: 'elapsed',
            title: t('job.elapsed'),
            dataIndex: 'elapsed',
            width: 100,
            align: 'right',
            render: (v: number | null) => (v === null ? '' : `${v} ms`),
          },
          {
            key: 'outcome',
            title: t('job.outcome'),
            render: (_: unknown, row) =>
              row.error ? (
                <Typography.Text type="danger" ellipsis={{ tooltip: row.error }}>
                  {row.error}
                </Typography.Text>
              ) : (
                <Typography.Text ellipsis={{ tooltip: row.result }}>{row.result}</Typography.Text>
              ),
          },
          { key: 'node', title: t('job.node'), dataIndex: 'node', width: 160, ellipsis: true },
        ]}
      />
    </Drawer>
  );
}
