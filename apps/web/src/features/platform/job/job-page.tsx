import type { JobDetailPageInput, JobDetailRow, JobTriggerRow } from '@lintel/contracts';
import {
  CaretRightOutlined,
  DashboardOutlined,
  DeleteOutlined,
  EditOutlined,
  HistoryOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  PlusOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { Button, Card, Flex, Form, Input, Space, Table, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifier } from '../../../shared/api/notify';
import type { KitColumn } from '../../../shared/list/column-layout';
import { DataTable } from '../../../shared/list/data-table';
import { DeleteAction, ListToolbar, RowAction, SearchCard } from '../../../shared/list/list-parts';
import { useColumnSettings } from '../../../shared/list/use-column-settings';
import { useServerList } from '../../../shared/list/use-server-list';
import { usePermissions } from '../../../shared/permission/permissions';
import * as api from './job-api';
import { JobFormModal, type JobFormMode } from './job-form-modal';
import { JobHistoryDrawer } from './job-history-drawer';
import { TriggerFormModal, type TriggerFormMode } from './trigger-form-modal';

type Filter = Omit<JobDetailPageInput, 'page' | 'pageSize'>;
const TRIGGER_COLORS: Record<string, string> = {
  ready: 'success',
  paused: 'warning',
  archived: 'default',
  overrun: 'error',
};
const time = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '');

/** Platform → 任务调度 (`/system/job/index`): jobs with their triggers, runs and history. */
export default function JobPage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const navigate = useNavigate();
  const [search] = Form.useForm<Filter>();
  const [jobMode, setJobMode] = useState<JobFormMode | null>(null);
  const [triggerMode, setTriggerMode] = useState<TriggerFormMode | null>(null);
  const [historyOf, setHistoryOf] = useState<JobDetailRow | null>(null);
  const list = useServerList<JobDetailRow, Filter>({
    key: api.jobKeys.all,
    fetch: api.pageJobs,
    sortable: false,
  });

  /** Runs a change, says it worked, and reloads the list. */
  const act = async (work: Promise<unknown>, message = t('job.done')) => {
    await work;
    notifier().success(message);
    await list.refresh();
  };

  const describe = (tr: JobTriggerRow) =>
    tr.kind === 'cron'
      ? tr.expression
      : tr.kind === 'interval'
        ? t('job.every', { seconds: (tr.intervalMs ?? 0) / 1000 })
        : time(tr.runAt);

  const triggerTable = (job: JobDetailRow) => (
    <Table<JobTriggerRow>
      rowKey="triggerId"
      size="small"
      pagination={false}
      dataSource={job.triggers}
      locale={{ emptyText: t('job.noTriggers') }}
      columns={[
        { key: 'triggerId', title: t('job.triggerId'), dataIndex: 'triggerId', width: 180 },
        {
          key: 'kind',
          title: t('job.kind'),
          dataIndex: 'kind',
          width: 90,
          render: (k: string) => t(`job.kinds.${k}`),
        },
        {
          key: 'timing',
          title: t('job.timing'),
          width: 160,
          render: (_: unknown, tr) => <code>{describe(tr)}</code>,
        },
        {
          key: 'status',
          title: t('job.status'),
          dataIndex: 'status',
          width: 90,
          render: (s: string) => <Tag color={TRIGGER_COLORS[s]}>{t(`job.triggerStatus.${s}`)}</Tag>,
        },
        { key: 'next', title: t('job.nextRunTime'), dataIndex: 'nextRunTime', width: 170, render: time },
        { key: 'last', title: t('job.lastRunTime'), dataIndex: 'lastRunTime', width: 170, render: time },
        {
          key: 'runs',
          title: t('job.runsErrors'),
          width: 110,
          render: (_: unknown, tr) => `${tr.numberOfRuns} / ${tr.numberOfErrors}`,
        },
        {
          key: 'actions',
          title: t('job.actions'),
          width: 130,
          render: (_: unknown, tr) => (
            <Space size={0}>
              {has('sysJob:updateJobTrigger') && (
                <RowAction
                  title={t('job.editTrigger')}
                  icon={<EditOutlined />}
                  onClick={() => setTriggerMode({ kind: 'edit', jobId: job.jobId, row: tr })}
                />
              )}
              {tr.status === 'ready'
                ? has('sysJob:pauseTrigger') && (
                    <RowAction
                      title={t('job.pause')}
                      icon={<PauseCircleOutlined />}
                      onClick={() => void act(api.pauseTrigger(job.jobId, tr.triggerId))}
                    />
                  )
                : has('sysJob:startTrigger') && (
                    <RowAction
                      title={t('job.start')}
                      icon={<PlayCircleOutlined />}
                      onClick={() => void act(api.startTrigger(job.jobId, tr.triggerId))}
                    />
                  )}
              {has('sysJob:deleteJobTrigger') && !tr.builtIn && (
                <DeleteAction
                  confirm={t('job.deleteTriggerConfirm', { id: tr.triggerId })}
                  icon={<DeleteOutlined />}
                  onConfirm={() => act(api.deleteTrigger(job.jobId, tr.triggerId))}
                />
              )}
            </Space>
          ),
        },
      ]}
    />
  );

  const columns: KitColumn<JobDetailRow>[] = [
    {
      key: 'jobId',
      title: t('job.jobId'),
      dataIndex: 'jobId',
      width: 200,
      render: (id: string, row) => (
        <Space size={4}>
          {id}
          {row.builtIn && <Tag color="blue">{t('job.builtIn')}</Tag>}
        </Space>
      ),
    },
    { key: 'groupName', title: t('job.groupName'), dataIndex: 'groupName', width: 110 },
    {
      key: 'jobType',
      title: t('job.jobType'),
      dataIndex: 'jobType',
      width: 260,
      ellipsis: true,
      render: (type: string, row) =>
        row.http ? `${row.http.method} ${row.http.url}` : t(`job.handlers.${type}`, { defaultValue: type }),
    },
    {
      key: 'triggers',
      title: t('job.triggers'),
      width: 150,
      render: (_: unknown, row) => {
        const ready = row.triggers.filter((tr) => tr.status === 'ready').length;
        return ready ? (
          <Tag color="success">{t('job.readyCount', { count: ready, total: row.triggers.length })}</Tag>
        ) : (
          <Tag>{t('job.pausedCount', { total: row.triggers.length })}</Tag>
        );
      },
    },
    {
      key: 'concurrent',
      title: t('job.concurrent'),
      dataIndex: 'concurrent',
      width: 120,
      render: (c: boolean) => (c ? t('job.yes') : t('job.no')),
    },
    { key: 'description', title: t('job.description'), dataIndex: 'description', width: 240, ellipsis: true },
    {
      key: 'actions',
      title: t('job.actions'),
      width: 250,
      fixed: 'right',
      exportable: false,
      render: (_: unknown, row) => (
        <Space size={0}>
          {has('sysJob:runJob') && (
            <RowAction
              title={t('job.runNow')}
              icon={<ThunderboltOutlined />}
              onClick={() => void act(api.runJob(row.jobId), t('job.started'))}
            />
          )}
          {has('sysJob:pauseJob') && (
            <RowAction
              title={t('job.pause')}
              icon={<PauseCircleOutlined />}
              onClick={() => void act(api.pauseJob(row.jobId))}
            />
          )}
          {has('sysJob:startJob') && (
            <RowAction
              title={t('job.start')}
              icon={<PlayCircleOutlined />}
              onClick={() => void act(api.startJob(row.jobId))}
            />
          )}
          {has('sysJob:addJobTrigger') && (
            <RowAction
              title={t('job.addTrigger')}
              icon={<PlusOutlined />}
              onClick={() => setTriggerMode({ kind: 'add', jobId: row.jobId })}
            />
          )}
          {has('sysJob:pageJobTriggerRecord') && (
            <RowAction
              title={t('job.history')}
              icon={<HistoryOutlined />}
              onClick={() => setHistoryOf(row)}
            />
          )}
          {has('sysJob:updateJobDetail') && (
            <RowAction
              title={t('job.editJob')}
              icon={<EditOutlined />}
              onClick={() => setJobMode({ kind: 'edit', row })}
            />
          )}
          {has('sysJob:deleteJobDetail') && !row.builtIn && (
            <DeleteAction
              confirm={t('job.deleteJobConfirm', { id: row.jobId })}
              icon={<DeleteOutlined />}
              onConfirm={() => act(api.deleteJob(row.jobId))}
            />
          )}
        </Space>
      ),
    },
  ];
  const layout = useColumnSettings('sysJob', columns);

  return (
    <Flex vertical gap={12}>
      <SearchCard form={search} onSearch={(values) => list.search(values)}>
        <Form.Item name="jobId" label={t('job.jobId')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="groupName" label={t('job.groupName')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="description" label={t('job.description')}>
          <Input allowClear maxLength={256} />
        </Form.Item>
      </SearchCard>
      <Card size="small">
        <ListToolbar loading={list.loading} onRefresh={list.reload}>
          {has('sysJob:addJobDetail') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setJobMode({ kind: 'add' })}>
              {t('job.addJob')}
            </Button>
          )}
          {has('sysJob:pauseAllJob') && (
            <Button icon={<PauseCircleOutlined />} onClick={() => void act(api.pauseAll())}>
              {t('job.pauseAll')}
            </Button>
          )}
          {has('sysJob:startAllJob') && (
            <Button icon={<CaretRightOutlined />} onClick={() => void act(api.startAll())}>
              {t('job.startAll')}
            </Button>
          )}
          {has('sysJob:dashboard') && (
            <Tooltip title={t('job.dashboardHint')}>
              <Button icon={<DashboardOutlined />} onClick={() => void navigate('/platform/job/dashboard')}>
                {t('job.dashboard')}
              </Button>
            </Tooltip>
          )}
        </ListToolbar>
        <DataTable<JobDetailRow>
          rowKey="jobId"
          size="middle"
          columns={layout.columns}
          dataSource={list.rows}
          loading={list.loading}
          onChange={list.onTableChange}
          paging={list.paging}
          expandable={{ expandedRowRender: triggerTable, rowExpandable: () => true }}
        />
      </Card>
      <JobFormModal
        mode={jobMode}
        onClose={() => setJobMode(null)}
        onSubmit={async (values, mode) => {
          await (mode.kind === 'edit' ? api.updateJob(values) : api.addJob(values));
          setJobMode(null);
          await act(Promise.resolve(), t('job.saved'));
        }}
      />
      <TriggerFormModal
        mode={triggerMode}
        onClose={() => setTriggerMode(null)}
        onSubmit={async (values, mode) => {
          await (mode.kind === 'edit' ? api.updateTrigger(values) : api.addTrigger(values));
          setTriggerMode(null);
          await act(Promise.resolve(), t('job.saved'));
        }}
      />
      <JobHistoryDrawer
        job={historyOf}
        canClear={has('sysJob:clearJobTriggerRecord')}
        onClose={() => setHistoryOf(null)}
      />
    </Flex>
  );
}
