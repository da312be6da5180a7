import {
  ApiOutlined,
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeInvisibleOutlined,
  MenuOutlined,
  MoreOutlined,
  PlusOutlined,
  SafetyOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Dropdown, Flex, Form, Input, Space, Switch, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteAction, ListToolbar, RowAction, SearchCard } from '../../../shared/list/list-parts';
import { notifier } from '../../../shared/api/notify';
import { usePermissions } from '../../../shared/permission/permissions';
import { ApiBlacklistDrawer } from './api-blacklist-drawer';
import { DataScopeModal } from './data-scope-modal';
import { GrantMenuDrawer } from './grant-menu-drawer';
import { HoldersDrawer } from './holders-drawer';
import { FieldBlacklistDrawer } from './field-blacklist-drawer';
import {
  addRole,
  copyRole,
  deleteRole,
  pageRoles,
  roleKeys,
  setRoleStatus,
  updateRole,
  type RoleInput,
  type RoleQuery,
  type RoleRow,
} from './role-api';
import { RoleFormModal, type RoleFormMode } from './role-form-modal';

type Dialog = 'menus' | 'scope' | 'apis' | 'fields' | 'holders';
const SCOPE_COLOURS = ['', 'red', 'orange', 'gold', 'default', 'blue'];

/** System → roles (`/system/role/index`): roles and what they grant. */
export default function RolePage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const queryClient = useQueryClient();
  const [search] = Form.useForm<{ name?: string; code?: string }>();
  const [query, setQuery] = useState<RoleQuery>({ page: 1, pageSize: 20 });
  const [mode, setMode] = useState<RoleFormMode | null>(null);
  const [dialog, setDialog] = useState<{ kind: Dialog; role: RoleRow } | null>(null);

  const { data, isFetching, refetch } = useQuery({
    queryKey: roleKeys.page(query),
    queryFn: () => pageRoles(query),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: roleKeys.all });
  const status = useMutation({
    mutationFn: ({ id, on }: { id: string; on: boolean }) => setRoleStatus(id, on ? 1 : 2),
    onSuccess: () => notifier().success(t('system.common.saved')),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: deleteRole,
    onSuccess: () => notifier().success(t('system.common.deleted')),
    onSettled: refresh,
  });
  const copy = useMutation({
    mutationFn: copyRole,
    onSuccess: () => notifier().success(t('system.role.copied')),
    onSettled: refresh,
  });

  const submit = async (values: RoleInput, current: RoleFormMode) => {
    if (current.kind === 'edit') await updateRole({ ...values, id: current.row.id });
    else await addRole(values);
    notifier().success(t('system.common.saved'));
    setMode(null);
    await refresh();
  };

  const grantItems = (row: RoleRow) =>
    [
      has('sysRole:grantMenu') && { key: 'menus', icon: <MenuOutlined />, label: t('system.role.grantMenu') },
      has('sysRole:grantDataScope') && {
        key: 'scope',
        icon: <SafetyOutlined />,
        label: t('system.role.grantDataScope'),
      },
      has('sysRole:grantApi') && { key: 'apis', icon: <ApiOutlined />, label: t('system.role.grantApi') },
      has('sysRole:grantRoleTable') && {
        key: 'fields',
        icon: <EyeInvisibleOutlined />,
        label: t('system.role.grantRoleTable'),
      },
      has('sysRole:grantUser') && {
        key: 'holders',
        icon: <TeamOutlined />,
        label: t('system.role.grantUser'),
      },
    ]
      .filter((item) => !!item)
      .map((item) => ({ ...item, onClick: () => setDialog({ kind: item.key as Dialog, role: row }) }));

  const columns: ColumnsType<RoleRow> = [
    {
      title: t('system.role.name'),
      dataIndex: 'name',
      width: 180,
      render: (name: string, row) => (
        <Space>
          {name}
          {row.isSystem && <Tag>{t('system.role.builtIn')}</Tag>}
        </Space>
      ),
    },
    { title: t('system.role.code'), dataIndex: 'code', width: 160 },
    {
      title: t('system.role.dataScope'),
      dataIndex: 'dataScope',
      width: 170,
      render: (v: number) => <Tag color={SCOPE_COLOURS[v]}>{t(`system.role.scope${v}`)}</Tag>,
    },
    { title: t('system.role.holders'), dataIndex: 'userCount', width: 90, align: 'center' },
    { title: t('system.common.order'), dataIndex: 'orderNo', width: 80, align: 'center' },
    {
      title: t('system.common.status'),
      dataIndex: 'status',
      width: 100,
      render: (value: number, row) =>
        has('sysRole:setStatus') ? (
          <Switch
            size="small"
            checked={value === 1}
            loading={status.isPending && status.variables?.id === row.id}
            onChange={(on) => status.mutate({ id: row.id, on })}
            aria-label={t('system.common.status')}
          />
        ) : (
          <Tag color={value === 1 ? 'success' : 'default'}>
            {value === 1 ? t('system.common.enabled') : t('system.common.disabled')}
          </Tag>
        ),
    },
    { title: t('system.common.remark'), dataIndex: 'remark', ellipsis: true },
    {
      title: t('system.common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 170,
      render: (_: unknown, row) => {
        const grants = grantItems(row);
        return (
          <Space size={0}>
            {has('sysRole:update') && (
              <RowAction
                title={t('system.common.edit')}
                icon={<EditOutlined />}
                onClick={() => setMode({ kind: 'edit', row })}
              />
            )}
            {has('sysRole:copy') && (
              <RowAction
                title={t('system.common.copy')}
                icon={<CopyOutlined />}
                onClick={() => copy.mutate(row.id)}
              />
            )}
            {has('sysRole:delete') && !row.isSystem && (
              <DeleteAction
                confirm={t('system.role.deleteConfirm', { name: row.name })}
                icon={<DeleteOutlined />}
                onConfirm={() => remove.mutateAsync(row.id)}
              />
            )}
            {grants.length > 0 && (
              <Dropdown menu={{ items: grants }} trigger={['click']}>
                <Button type="text" icon={<MoreOutlined />} aria-label={t('system.role.grants')} />
              </Dropdown>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <Flex vertical gap={12}>
      <SearchCard
        form={search}
        onSearch={(values) => setQuery({ page: 1, pageSize: query.pageSize, ...values })}
      >
        <Form.Item name="name" label={t('system.role.name')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="code" label={t('system.role.code')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
      </SearchCard>
      <Card size="small">
        <ListToolbar loading={isFetching} onRefresh={() => void refetch()}>
          {has('sysRole:add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setMode({ kind: 'add' })}>
              {t('system.common.add')}
            </Button>
          )}
        </ListToolbar>
        <Table<RoleRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={data?.items ?? []}
          loading={isFetching}
          scroll={{ x: 1100 }}
          pagination={{
            current: query.page,
            pageSize: query.pageSize,
            total: data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50, 100, 200, 500],
            onChange: (page, pageSize) => setQuery({ ...query, page, pageSize }),
          }}
        />
      </Card>
      <RoleFormModal mode={mode} onSubmit={submit} onClose={() => setMode(null)} />
      <GrantMenuDrawer role={dialog?.kind === 'menus' ? dialog.role : null} onClose={() => setDialog(null)} />
      <DataScopeModal role={dialog?.kind === 'scope' ? dialog.role : null} onClose={() => setDialog(null)} />
      <ApiBlacklistDrawer
        role={dialog?.kind === 'apis' ? dialog.role : null}
        onClose={() => setDialog(null)}
      />
      <HoldersDrawer role={dialog?.kind === 'holders' ? dialog.role : null} onClose={() => setDialog(null)} />
      <FieldBlacklistDrawer
        role={dialog?.kind === 'fields' ? dialog.role : null}
        onClose={() => setDialog(null)}
      />
    </Flex>
  );
}
