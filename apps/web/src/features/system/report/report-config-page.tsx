import type { ReportConfigDetailRow, ReportConfigFilter, ReportConfigRow } from '@lintel/contracts';
import { DeleteOutlined, EditOutlined, FundViewOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifier } from '../../../shared/api/notify';
import type { KitColumn } from '../../../shared/list/column-layout';
import { DataTable } from '../../../shared/list/data-table';
import { DeleteAction, ListToolbar, RowAction, SearchCard } from '../../../shared/list/list-parts';
import { usePermissions } from '../../../shared/permission/permissions';
import { addReport, deleteReport, pageReports, reportDetail, reportKeys, updateReport } from './report-api';
import { ReportEditor } from './report-editor';

/** Report → reports (`/system/reportConfig/index`): the list, the editor with its preview, and the viewer link. */
export default function ReportConfigPage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = Form.useForm<ReportConfigFilter>();
  const [filter, setFilter] = useState<ReportConfigFilter>({ page: 1, pageSize: 20 });
  const [editing, setEditing] = useState<{ row: ReportConfigDetailRow | null } | null>(null);

  const { data, isFetching, refetch } = useQuery({
    queryKey: reportKeys.configPage(filter),
    queryFn: () => pageReports(filter),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: reportKeys.configs });
  const remove = useMutation({
    mutationFn: deleteReport,
    onSuccess: () => notifier().success(t('system.common.deleted')),
    onSettled: refresh,
  });

  const columns: KitColumn<ReportConfigRow>[] = [
    { key: 'name', title: t('report.reportName'), dataIndex: 'name', width: 220 },
    { key: 'groupName', title: t('report.groupName'), dataIndex: 'groupName', width: 140 },
    {
      key: 'mode',
      title: t('report.mode'),
      dataIndex: 'mode',
      width: 110,
      render: (mode: string) => <Tag>{t(mode === 'sql' ? 'report.modeSql' : 'report.modeBuilder')}</Tag>,
    },
    {
      key: 'dataSourceName',
      title: t('report.dataSource'),
      width: 180,
      render: (_: unknown, row) => row.dataSourceName ?? t('report.productDatabase'),
    },
    { key: 'remark', title: t('system.common.remark'), dataIndex: 'remark', width: 200, ellipsis: true },
    {
      key: 'actions',
      title: t('system.common.actions'),
      width: 140,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Space size={0}>
          {has('sysReportConfig:view') && (
            <RowAction
              title={t('report.open')}
              icon={<FundViewOutlined />}
              onClick={() => void navigate(`/report/view/${row.id}`)}
            />
          )}
          {has('sysReportConfig:update') && (
            <RowAction
              title={t('system.common.edit')}
              icon={<EditOutlined />}
              onClick={() => void reportDetail(row.id).then((detail) => setEditing({ row: detail }))}
            />
          )}
          {has('sysReportConfig:delete') && (
            <DeleteAction
              confirm={t('report.deleteReportConfirm', { name: row.name })}
              icon={<DeleteOutlined />}
              onConfirm={() => remove.mutateAsync(row.id)}
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <SearchCard
        form={search}
        onSearch={(values) => setFilter({ ...values, page: 1, pageSize: filter.pageSize })}
      >
        <Form.Item name="name" label={t('report.reportName')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="groupName" label={t('report.groupName')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
      </SearchCard>
      <Card size="small">
        <ListToolbar loading={isFetching} onRefresh={() => void refetch()}>
          {has('sysReportConfig:add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ row: null })}>
              {t('system.common.add')}
            </Button>
          )}
        </ListToolbar>
        <DataTable<ReportConfigRow>
          rowKey="id"
          size="small"
          loading={isFetching}
          columns={columns}
          dataSource={data?.items ?? []}
          paging={{ current: filter.page ?? 1, pageSize: filter.pageSize ?? 20, total: data?.total ?? 0 }}
          onChange={(p) => setFilter((f) => ({ ...f, page: p.current ?? 1, pageSize: p.pageSize ?? 20 }))}
        />
      </Card>
      {editing && (
        <ReportEditor
          key={editing.row?.id ?? 'new'}
          open
          row={editing?.row ?? null}
          onClose={() => setEditing(null)}
          onSave={async (input) => {
            if (editing?.row) await updateReport({ ...input, id: editing.row.id });
            else await addReport(input);
            notifier().success(t('system.common.saved'));
            setEditing(null);
            await refresh();
          }}
        />
      )}
    </Flex>
  );
}
