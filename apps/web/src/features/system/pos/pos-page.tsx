import type { PosFilter, PosRow } from '@lintel/contracts';
import { CopyOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/api/notify';
import type { KitColumn } from '../../../shared/list/column-layout';
import { useBatchActions } from '../../../shared/list/batch-actions';
import { DataTable } from '../../../shared/list/data-table';
import { DEFAULT_PAGE_SIZE } from '../../../shared/list/grid';
import { DeleteAction, ListToolbar, RowAction, SearchCard, StatusTag } from '../../../shared/list/list-parts';
import { ListTools } from '../../../shared/list/list-tools';
import { TemplatePrintButton } from '../../../shared/print/template-print-button';
import { useColumnSettings } from '../../../shared/list/use-column-settings';
import { usePermissions } from '../../../shared/permission/permissions';
import { addPosition, deletePosition, listPositions, posKeys, updatePosition } from './pos-api';
import { PosFormModal, type PosFormMode } from './pos-form-modal';
import { StaffDrawer } from './staff-drawer';

/** System → positions (`/system/pos/index`), each with its staff count and staff list. */
export default function PosPage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const queryClient = useQueryClient();
  const [search] = Form.useForm<PosFilter>();
  const [filter, setFilter] = useState<PosFilter>({});
  // The list comes whole and is paged here; the export's "this page" names the same page.
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
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
  const batch = useBatchActions<PosRow>({
    controller: 'sysPos',
    label: (row) => row.name,
    onDone: refresh,
  });
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

  // Keys are the field names the server knows: the export asks for them.
  const columns: KitColumn<PosRow>[] = [
    { key: 'name', title: t('system.pos.name'), dataIndex: 'name', width: 200 },
    { key: 'code', title: t('system.pos.code'), dataIndex: 'code', width: 180 },
    {
      key: 'staffCount',
      title: t('system.pos.staffCount'),
      dataIndex: 'staffCount',
      width: 110,
      align: 'center',
      render: (count: number, row) => (
        <Button
          type="link"
          size="small"
          onClick={() => setStaffOf(row)}
          // The count shown leads the name (WCAG 2.5.3, label in name).
          aria-label={`${count}, ${t('system.pos.staffOf', { name: row.name })}`}
        >
          {count}
        </Button>
      ),
    },
    { key: 'orderNo', title: t('system.common.order'), dataIndex: 'orderNo', width: 80, align: 'center' },
    {
      key: 'status',
      title: t('system.common.status'),
      dataIndex: 'status',
      width: 90,
      render: (s: number) => <StatusTag status={s} />,
      text: (row) => (row.status === 1 ? t('system.common.enabled') : t('system.common.disabled')),
    },
    { key: 'remark', title: t('system.common.remark'), dataIndex: 'remark', width: 240, ellipsis: true },
  ];
  if (has('sysPos:update') || has('sysPos:add') || has('sysPos:delete')) {
    columns.push({
      title: t('system.common.actions'),
      key: 'actions',
      width: 130,
      fixed: 'right',
      exportable: false,
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

  const layout = useColumnSettings('sysPos', columns);
  const shown = data.slice((paging.page - 1) * paging.pageSize, paging.page * paging.pageSize);

  return (
    <Flex vertical gap={12}>
      <SearchCard
        form={search}
        onSearch={(values) => {
          setFilter(values ?? {});
          setPaging((p) => ({ ...p, page: 1 }));
        }}
      >
        <Form.Item name="Name" label={t('system.pos.name')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="Code" label={t('system.pos.code')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
      </SearchCard>
      <Card size="small">
        <ListToolbar
          loading={isFetching}
          onRefresh={() => void refetch()}
          tools={
            <ListTools
              title={t('routes.sysPos')}
              exportPath="/api/sysPos/export"
              exportPermission="sysPos:export"
              fileName="positions"
              filter={{ ...filter, ...paging }}
              total={data.length}
              rows={shown}
              settings={layout}
            >
              <TemplatePrintButton bizType="sysPos" rows={shown} selectedKeys={batch?.keys} />
            </ListTools>
          }
        >
          {has('sysPos:add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setMode({ kind: 'add' })}>
              {t('system.common.add')}
            </Button>
          )}
        </ListToolbar>
        <DataTable<PosRow>
          rowKey="id"
          selection={batch}
          size="middle"
          columns={layout.columns}
          dataSource={data}
          loading={isFetching}
          onChange={(pagination) =>
            setPaging({
              page: pagination.current ?? 1,
              pageSize: pagination.pageSize ?? DEFAULT_PAGE_SIZE,
            })
          }
          paging={{ current: paging.page, pageSize: paging.pageSize, total: data.length }}
        />
      </Card>
      <PosFormModal mode={mode} onSubmit={submit} onClose={() => setMode(null)} />
      <StaffDrawer position={staffOf} onClose={() => setStaffOf(null)} />
    </Flex>
  );
}
