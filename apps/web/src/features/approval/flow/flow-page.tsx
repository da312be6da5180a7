import type { ApprovalFlowFilter, ApprovalFlowInput, ApprovalFlowRow } from '@lintel/contracts';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/api/notify';
import type { KitColumn } from '../../../shared/list/column-layout';
import { DataTable } from '../../../shared/list/data-table';
import { DeleteAction, ListToolbar, RowAction, SearchCard, StatusTag } from '../../../shared/list/list-parts';
import { formatTime } from '../../../shared/list/modification-record-changes';
import { useServerList } from '../../../shared/list/use-server-list';
import { usePermissions } from '../../../shared/permission/permissions';
import { addFlow, approvalKeys, deleteFlow, pageFlows, updateFlow } from '../approval-api';
import { FlowEditModal, type FlowEditMode } from './flow-edit-modal';

type Filter = Omit<ApprovalFlowFilter, 'page' | 'pageSize'>;

/**
 * Approval → flow definitions (`/approvalFlow/flow/index`): the tenant's flows with their designer.
 * The server checks every saved flow as a whole and names the node at fault when it refuses one.
 */
export default function FlowPage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const queryClient = useQueryClient();
  const [search] = Form.useForm<Filter>();
  const [mode, setMode] = useState<FlowEditMode | null>(null);
  const list = useServerList<ApprovalFlowRow, Filter>({ key: approvalKeys.flows, fetch: pageFlows });
  const refresh = () => queryClient.invalidateQueries({ queryKey: approvalKeys.flows });
  const remove = useMutation({
    mutationFn: deleteFlow,
    onSuccess: () => notifier().success(t('system.common.deleted')),
    onSettled: refresh,
  });

  const submit = async (values: ApprovalFlowInput, current: FlowEditMode) => {
    if (current.kind === 'edit') await updateFlow({ ...values, id: current.row.id });
    else await addFlow(values);
    notifier().success(t('system.common.saved'));
    setMode(null);
    await refresh();
  };

  const columns: KitColumn<ApprovalFlowRow>[] = [
    { key: 'code', title: t('approval.flow.code'), dataIndex: 'code', width: 130 },
    { key: 'name', title: t('approval.flow.name'), dataIndex: 'name', width: 200 },
    {
      key: 'status',
      title: t('system.common.status'),
      dataIndex: 'status',
      width: 90,
      render: (status: number) => <StatusTag status={status} />,
    },
    { key: 'remark', title: t('system.common.remark'), dataIndex: 'remark', width: 200, ellipsis: true },
    {
      key: 'createTime',
      title: t('approval.createTime'),
      dataIndex: 'createTime',
      width: 180,
      render: (time: string) => formatTime(time),
      text: (row) => formatTime(row.createTime),
    },
  ];
  if (has('approvalFlow:update') || has('approvalFlow:delete')) {
    columns.push({
      key: 'actions',
      title: t('system.common.actions'),
      width: 110,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Space size={0}>
          {has('approvalFlow:update') && (
            <RowAction
              title={t('approval.flow.design')}
              icon={<EditOutlined />}
              onClick={() => setMode({ kind: 'edit', row })}
            />
          )}
          {has('approvalFlow:delete') && (
            <DeleteAction
              confirm={t('approval.flow.deleteConfirm', { name: row.name })}
              icon={<DeleteOutlined />}
              onConfirm={() => remove.mutateAsync(row.id)}
            />
          )}
        </Space>
      ),
    });
  }

  return (
    <Flex vertical gap={12}>
      <SearchCard form={search} onSearch={(values) => list.search(values ?? {})}>
        <Form.Item name="keyword" label={t('approval.keyword')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
      </SearchCard>
      <Card size="small">
        <ListToolbar loading={list.loading} onRefresh={list.reload}>
          {has('approvalFlow:add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setMode({ kind: 'add' })}>
              {t('system.common.add')}
            </Button>
          )}
        </ListToolbar>
        <DataTable<ApprovalFlowRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.rows}
          loading={list.loading}
          onChange={list.onTableChange}
          paging={list.paging}
        />
      </Card>
      <FlowEditModal mode={mode} onSubmit={submit} onClose={() => setMode(null)} />
    </Flex>
  );
}
