import type { RoleFilter, RoleInput, RoleRow } from '@lintel/contracts';
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
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Dropdown, Flex, Form, Input, Space, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/api/notify';
import type { KitColumn } from '../../../shared/list/column-layout';
import { useBatchActions } from '../../../shared/list/batch-actions';
import { DataTable } from '../../../shared/list/data-table';
import { DeleteAction, ListToolbar, RowAction, SearchCard } from '../../../shared/list/list-parts';
import { ListTools } from '../../../shared/list/list-tools';
import { useColumnSettings } from '../../../shared/list/use-column-settings';
import { useServerList } from '../../../shared/list/use-server-list';
import { usePermissions } from '../../../shared/permission/permissions';
import { ApiBlacklistDrawer } from './api-blacklist-drawer';
import { DataScopeModal } from './data-scope-modal';
import { GrantMenuDrawer } from './grant-menu-drawer';
import { HoldersDrawer } from './holders-drawer';
import { FieldBlacklistDrawer } from './field-blacklist-drawer';
import { addRole, copyRole, deleteRole, pageRoles, roleKeys, setRoleStatus, updateRole } from './role-api';
import { RoleFormModal, type RoleFormMode } from './role-form-modal';

type Dialog = 'menus' | 'scope' | 'apis' | 'fields' | 'holders';
const SCOPE_COLOURS = ['', 'red', 'orange', 'gold', 'default', 'blue'];

/** System → roles (`/system/role/index`): roles and what they grant. */
export default function RolePage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const [search] = Form.useForm<{ name?: string; code?: string }>();
  const [mode, setMode] = useState<RoleFormMode | null>(null);
  const [dialog, setDialog] = useState<{ kind: Dialog; role: RoleRow } | null>(null);

  // No column sorts: a table change moves only the page.
  const list = useServerList<RoleRow, RoleFilter>({ key: roleKeys.all, fetch: pageRoles, sortable: false });
  const { refresh } = list;
  const batch = useBatchActions<RoleRow>({
    controller: 'sysRole',
    label: (row) => row.name,
    status: true,
    onDone: refresh,
  });
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

  const enabledText = (status: number) =>
    status === 1 ? t('system.common.enabled') : t('system.common.disabled');
  // Keys are the field names the server knows: the export asks for them.
  const columns: KitColumn<RoleRow>[] = [
    {
      key: 'name',
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
    { key: 'code', title: t('system.role.code'), dataIndex: 'code', width: 160 },
    {
      key: 'dataScope',
      title: t('system.role.dataScope'),
      dataIndex: 'dataScope',
      width: 170,
      render: (v: number) => <Tag color={SCOPE_COLOURS[v]}>{t(`system.role.scope${v}`)}</Tag>,
      text: (row) => t(`system.role.scope${row.dataScope}`),
    },
    { key: 'userCount', title: t('system.role.holders'), dataIndex: 'userCount', width: 90, align: 'center' },
    { key: 'orderNo', title: t('system.common.order'), dataIndex: 'orderNo', width: 80, align: 'center' },
    {
      key: 'status',
      title: t('system.common.status'),
      dataIndex: 'status',
      width: 100,
      text: (row) => enabledText(row.status),
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
          <Tag color={value === 1 ? 'success' : 'default'}>{enabledText(value)}</Tag>
        ),
    },
    { key: 'remark', title: t('system.common.remark'), dataIndex: 'remark', width: 240, ellipsis: true },
    {
      title: t('system.common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 170,
      exportable: false,
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

  const layout = useColumnSettings('sysRole', columns);

  return (
    <Flex vertical gap={12}>
      <SearchCard form={search} onSearch={list.search}>
        <Form.Item name="name" label={t('system.role.name')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="code" label={t('system.role.code')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
      </SearchCard>
      <Card size="small">
        <ListToolbar
          loading={list.loading}
          onRefresh={list.reload}
          tools={
            <ListTools
              title={t('routes.sysRole')}
              exportPath="/api/sysRole/export"
              exportPermission="sysRole:export"
              fileName="roles"
              filter={list.query}
              total={list.total}
              rows={list.rows}
              settings={layout}
            />
          }
        >
          {has('sysRole:add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setMode({ kind: 'add' })}>
              {t('system.common.add')}
            </Button>
          )}
        </ListToolbar>
        <DataTable<RoleRow>
          rowKey="id"
          selection={batch}
          size="middle"
          columns={layout.columns}
          dataSource={list.rows}
          loading={list.loading}
          onChange={list.onTableChange}
          paging={list.paging}
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
