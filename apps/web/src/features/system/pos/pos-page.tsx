import { CopyOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteAction, ListToolbar, RowAction, SearchCard, StatusTag } from '../../../shared/list/list-parts';
import { notifier } from '../../../shared/api/notify';
import { usePermissions } from '../../../shared/permission/permissions';
import {
  addPosition,
  deletePosition,
  listPositions,
  posKeys,
  updatePosition,
  type PosFilter,
  type PosRow,
} from './pos-api';
import { PosFormModal, type PosFormMode } from './pos-form-modal';
import { StaffDrawer } from './staff-drawer';

/** System → positions (`/system/pos/index`), each with its staff count and staff list. */
export default function PosPage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const queryClient = useQueryClient();
  const [search] = Form.useForm<PosFilter>();
  const [filter, setFilter] = useState<PosFilter>({});
  const [mode, setMode] = useState<PosFormMode | null>(null);
  const [staffOf, setStaffOf] = useState<PosRow | null>(null);

  const {
    data = [],
    isFetching,
    refetch,
  } = useQuery({
    queryKey: posKeys.list(filter),
    queryFn: () => listPositions(filter),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: posKeys.all });
  const remove = useMutation({
    mutationFn: deletePosition,
    onSuccess: () => notifier().success(t('system.common.deleted')),
    onSettled: refresh,
  });

  const submit = async (values: Parameters<typeof addPosition>[0], current: PosFormMode) => {
    if (current.kind === 'edit') await updatePosition({ ...values, id: current.row.id });
    else await addPosition(values);
    notifier().success(t('system.common.saved'));
    setMode(null);
    await refresh();
  };

  const columns: ColumnsType<PosRow> = [
    { title: t('system.pos.name'), dataIndex: 'name', width: 200 },
    { title: t('system.pos.code'), dataIndex: 'code', width: 180 },
    {
      title: t('system.pos.staffCount'),
      dataIndex: 'staffCount',
      width: 110,
      align: 'center',
      render: (count: number, row) => (
        <Button
          type="link"
          size="small"
          onClick={() => setStaffOf(row)}
          aria-label={t('system.pos.staffOf', { name: row.name })}
        >
          {count}
        </Button>
      ),
    },
    { title: t('system.common.order'), dataIndex: 'orderNo', width: 80, align: 'center' },
    {
      title: t('system.common.status'),
      dataIndex: 'status',
      width: 90,
      render: (s: number) => <StatusTag status={s} />,
    },
    { title: t('system.common.remark'), dataIndex: 'remark', ellipsis: true },
  ];
  if (has('sysPos:update') || has('sysPos:add') || has('sysPos:delete')) {
    columns.push({
      title: t('system.common.actions'),
      key: 'actions',
      width: 130,
      render: (_: unknown, row) => (
        <Space size={0}>
          {has('sysPos:update') && (
            <RowAction
              title={t('system.common.edit')}
              icon={<EditOutlined />}
              onClick={() => setMode({ kind: 'edit', row })}
            />
          )}
          {has('sysPos:add') && (
            <RowAction
              title={t('system.common.copy')}
              icon={<CopyOutlined />}
              onClick={() => setMode({ kind: 'copy', row })}
            />
          )}
          {has('sysPos:delete') && (
            <DeleteAction
              confirm={t('system.pos.deleteConfirm', { name: row.name })}
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
      <SearchCard form={search} onSearch={(values) => setFilter(values ?? {})}>
        <Form.Item name="Name" label={t('system.pos.name')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="Code" label={t('system.pos.code')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
      </SearchCard>
      <Card size="small">
        <ListToolbar loading={isFetching} onRefresh={() => void refetch()}>
          {has('sysPos:add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setMode({ kind: 'add' })}>
              {t('system.common.add')}
            </Button>
          )}
        </ListToolbar>
        <Table<PosRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={data}
          loading={isFetching}
          pagination={{ pageSize: 20, pageSizeOptions: [10, 20, 50, 100, 200, 500], showSizeChanger: true }}
        />
      </Card>
      <PosFormModal mode={mode} onSubmit={submit} onClose={() => setMode(null)} />
      <StaffDrawer position={staffOf} onClose={() => setStaffOf(null)} />
    </Flex>
  );
}
