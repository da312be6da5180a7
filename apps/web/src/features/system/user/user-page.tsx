import {
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  KeyOutlined,
  PlusOutlined,
  SafetyOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import { AccountType } from '@lintel/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Select, Space, Switch, Tag, Tree } from 'antd';
import { useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/api/notify';
import type { KitColumn } from '../../../shared/list/column-layout';
import { ColumnSettingsButton } from '../../../shared/list/column-settings';
import { DataTable } from '../../../shared/list/data-table';
import { ExportMenu } from '../../../shared/list/export-menu';
import { DEFAULT_PAGE_SIZE } from '../../../shared/list/grid';
import { ImportButton } from '../../../shared/list/import-modal';
import { DeleteAction, ListToolbar, RowAction, SearchCard, StatusTag } from '../../../shared/list/list-parts';
import { PrintButton } from '../../../shared/list/print-button';
import { useColumnSettings } from '../../../shared/list/use-column-settings';
import { usePermissions } from '../../../shared/permission/permissions';
import { useHiddenFields, withoutHidden } from '../../../shared/permission/hidden-fields';
import { useUserInfo } from '../../../shared/session/use-session';
import { listOrgs, orgKeys, type OrgNode } from '../org/org-api';
import { GrantRoleModal } from './grant-role-modal';
import { ResetPasswordModal } from './reset-password-modal';
import {
  addUser,
  deleteUser,
  grantUserRoles,
  pageUsers,
  resetUserPassword,
  setUserStatus,
  unlockUser,
  updateUser,
  userDetail,
  userKeys,
  type UserQuery,
  type UserRow,
} from './user-api';
import { toUserInput, UserFormModal, type UserFormMode, type UserFormValues } from './user-form-modal';

type Filter = Pick<UserQuery, 'account' | 'realName' | 'phone' | 'status'>;

interface OrgTreeNode {
  key: string;
  title: string;
  children: OrgTreeNode[];
}
const orgTreeData = (nodes: OrgNode[]): OrgTreeNode[] =>
  nodes.map((n) => ({ key: n.id, title: n.name, children: orgTreeData(n.children) }));

/** System → accounts (`/system/user/index`): the organisation tree beside the accounts it holds. */
export default function UserPage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const hidden = useHiddenFields('sysUser');
  const me = useUserInfo().data;
  const queryClient = useQueryClient();
  const [search] = Form.useForm<Filter>();
  const [query, setQuery] = useState<UserQuery>({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [mode, setMode] = useState<UserFormMode | null>(null);
  const [resetting, setResetting] = useState<UserRow | null>(null);
  const [granting, setGranting] = useState<UserRow | null>(null);

  const orgs = useQuery({
    queryKey: orgKeys.list({}),
    queryFn: () => listOrgs({}),
    enabled: has('sysOrg:list'),
  });
  const orgTree = useMemo(() => orgTreeData(orgs.data ?? []), [orgs.data]);
  const users = useQuery({
    queryKey: userKeys.page(query),
    queryFn: () => pageUsers(query),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: userKeys.all });
  const saved = async () => {
    notifier().success(t('system.common.saved'));
    await refresh();
  };

  const remove = useMutation({
    mutationFn: deleteUser,
    onSuccess: () => notifier().success(t('system.common.deleted')),
    onSettled: refresh,
  });
  const status = useMutation({
    mutationFn: ({ id, value }: { id: string; value: number }) => setUserStatus(id, value),
    onSuccess: saved,
  });
  const unlock = useMutation({ mutationFn: unlockUser, onSuccess: saved });

  const openWithDetail = async (kind: 'edit' | 'copy', row: UserRow) =>
    setMode({ kind, detail: await userDetail(row.id) });

  const submit = async (values: UserFormValues, current: UserFormMode) => {
    // Fields the caller's roles hide are left out: the server refuses them, and keeps their values.
    const input = withoutHidden(toUserInput(values), hidden);
    if (current.kind === 'edit') await updateUser({ ...input, id: current.detail.id });
    else await addUser(input, me!.tenantId);
    setMode(null);
    await saved();
  };

  const statusText = (row: UserRow) =>
    [row.status === 1 ? t('system.common.enabled') : t('system.common.disabled')]
      .concat(row.locked ? [t('user.locked')] : [])
      .join(', ');
  // Keys are the field names the server knows: the export asks for them.
  const columns: KitColumn<UserRow>[] = [
    {
      key: 'account',
      title: t('user.field.account'),
      dataIndex: 'account',
      width: 140,
      fixed: 'left',
      sorter: true,
    },
    { key: 'realName', title: t('personal.field.realName'), dataIndex: 'realName', width: 120, sorter: true },
    { key: 'phone', title: t('personal.field.phone'), dataIndex: 'phone', width: 130 },
    { key: 'orgName', title: t('user.field.org'), dataIndex: 'orgName', width: 140, ellipsis: true },
    { key: 'posName', title: t('user.field.pos'), dataIndex: 'posName', width: 120, ellipsis: true },
    {
      key: 'accountType',
      title: t('user.field.accountType'),
      dataIndex: 'accountType',
      width: 120,
      render: (type: number) => <AccountTypeTag type={type} />,
      text: (row) => accountTypeLabel(t, row.accountType),
    },
    {
      key: 'status',
      title: t('system.common.status'),
      dataIndex: 'status',
      width: 110,
      text: statusText,
      render: (value: number, row) =>
        has('sysUser:setStatus') && row.id !== me?.id ? (
          <Space size={4}>
            <Switch
              size="small"
              checked={value === 1}
              aria-label={t('user.statusOf', { account: row.account })}
              loading={status.isPending && status.variables?.id === row.id}
              onChange={(on) => status.mutate({ id: row.id, value: on ? 1 : 2 })}
            />
            {row.locked && <Tag color="warning">{t('user.locked')}</Tag>}
          </Space>
        ) : (
          <Space size={4}>
            <StatusTag status={value} />
            {row.locked && <Tag color="warning">{t('user.locked')}</Tag>}
          </Space>
        ),
    },
    {
      key: 'orderNo',
      title: t('system.common.order'),
      dataIndex: 'orderNo',
      width: 80,
      align: 'center',
      sorter: true,
    },
    {
      key: 'lastLoginTime',
      title: t('user.field.lastLogin'),
      dataIndex: 'lastLoginTime',
      width: 170,
      render: shortTime,
      text: (row) => shortTime(row.lastLoginTime),
      sorter: true,
    },
    {
      key: 'createTime',
      title: t('user.field.createTime'),
      dataIndex: 'createTime',
      width: 170,
      render: shortTime,
      text: (row) => shortTime(row.createTime),
      sorter: true,
    },
  ];
  const actions = [
    'sysUser:update',
    'sysUser:add',
    'sysUser:delete',
    'sysUser:resetPwd',
    'sysUser:grantRole',
  ];
  if (actions.some(has)) {
    columns.push({
      title: t('system.common.actions'),
      key: 'actions',
      width: 230,
      fixed: 'right',
      exportable: false,
      render: (_: unknown, row) => (
        <Space size={0}>
          {has('sysUser:update') && has('sysUser:detail') && (
            <RowAction
              title={t('system.common.edit')}
              icon={<EditOutlined />}
              onClick={() => void openWithDetail('edit', row)}
            />
          )}
          {has('sysUser:add') && has('sysUser:detail') && (
            <RowAction
              title={t('system.common.copy')}
              icon={<CopyOutlined />}
              onClick={() => void openWithDetail('copy', row)}
            />
          )}
          {has('sysUser:grantRole') && (
            <RowAction
              title={t('user.grantRole')}
              icon={<SafetyOutlined />}
              onClick={() => setGranting(row)}
            />
          )}
          {has('sysUser:resetPwd') && (
            <RowAction
              title={t('user.resetPassword')}
              icon={<KeyOutlined />}
              onClick={() => setResetting(row)}
            />
          )}
          {has('sysUser:unlockLogin') && row.locked && (
            <RowAction
              title={t('user.unlock')}
              icon={<UnlockOutlined />}
              onClick={() => unlock.mutate(row.id)}
            />
          )}
          {has('sysUser:delete') && row.id !== me?.id && row.accountType !== AccountType.SuperAdmin && (
            <DeleteAction
              confirm={t('user.deleteConfirm', { account: row.account })}
              icon={<DeleteOutlined />}
              onConfirm={() => remove.mutateAsync(row.id)}
            />
          )}
        </Space>
      ),
    });
  }

  const layout = useColumnSettings(
    'sysUser',
    columns.filter((c) => !hidden.has(String(c.dataIndex ?? ''))),
  );
  const rows = users.data?.items ?? [];

  const applyFilter = (values: Filter | undefined) =>
    setQuery((q) => ({ page: 1, pageSize: q.pageSize, orgId: q.orgId, ...(values ?? {}) }));

  return (
    <Flex gap={12} align="flex-start">
      {has('sysOrg:list') && (
        <Card size="small" title={t('user.orgTree')} style={{ width: 240, flex: 'none' }}>
          <Tree
            blockNode
            defaultExpandAll
            key={orgTree.length}
            treeData={orgTree}
            selectedKeys={query.orgId ? [query.orgId] : []}
            onSelect={(keys) => setQuery((q) => ({ ...q, page: 1, orgId: (keys[0] as string) ?? undefined }))}
          />
        </Card>
      )}
      <Flex vertical gap={12} style={{ flex: 1, minWidth: 0 }}>
        <SearchCard
          form={search}
          onSearch={applyFilter}
          more={
            <>
              <Form.Item name="phone" label={t('personal.field.phone')}>
                <Input allowClear maxLength={32} />
              </Form.Item>
              <Form.Item name="status" label={t('system.common.status')}>
                <Select
                  allowClear
                  style={{ width: 110 }}
                  options={[
                    { value: 1, label: t('system.common.enabled') },
                    { value: 2, label: t('system.common.disabled') },
                  ]}
                />
              </Form.Item>
            </>
          }
        >
          <Form.Item name="account" label={t('user.field.account')}>
            <Input allowClear maxLength={64} />
          </Form.Item>
          <Form.Item name="realName" label={t('personal.field.realName')}>
            <Input allowClear maxLength={64} />
          </Form.Item>
        </SearchCard>
        <Card size="small">
          <ListToolbar
            loading={users.isFetching}
            onRefresh={() => void users.refetch()}
            tools={
              <>
                <ImportButton
                  permission="sysUser:import"
                  templatePath="/api/sysUser/importTemplate"
                  uploadPath="/api/sysUser/import"
                  templateName="accounts-template.xlsx"
                  keyTitle={t('user.field.account')}
                  onImported={() => void refresh()}
                />
                <ExportMenu
                  path="/api/sysUser/export"
                  permission="sysUser:export"
                  filter={query}
                  columns={layout.columns}
                  total={users.data?.total ?? 0}
                  fileName="accounts"
                />
                <PrintButton title={t('routes.sysUser')} columns={layout.columns} rows={rows} />
                <ColumnSettingsButton settings={layout} />
              </>
            }
          >
            {has('sysUser:add') && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setMode({ kind: 'add', orgId: query.orgId })}
              >
                {t('system.common.add')}
              </Button>
            )}
          </ListToolbar>
          <DataTable<UserRow>
            rowKey="id"
            size="middle"
            columns={layout.columns}
            dataSource={rows}
            loading={users.isFetching}
            onChange={(pagination, _filters, sorter) => {
              const one = Array.isArray(sorter) ? sorter[0] : sorter;
              setQuery((q) => ({
                ...q,
                page: pagination.current ?? 1,
                pageSize: pagination.pageSize ?? DEFAULT_PAGE_SIZE,
                field: one?.order ? String(one.field) : undefined,
                order: one?.order ?? undefined,
                descStr: 'descend',
              }));
            }}
            paging={{
              current: query.page,
              pageSize: query.pageSize,
              total: users.data?.total ?? 0,
              showTotal: (total) => t('user.total', { total }),
            }}
          />
        </Card>
      </Flex>
      <UserFormModal
        mode={mode}
        orgs={orgs.data ?? []}
        isSuperAdmin={me?.accountType === AccountType.SuperAdmin}
        hidden={hidden}
        onSubmit={submit}
        onClose={() => setMode(null)}
      />
      <ResetPasswordModal
        user={resetting}
        onReset={(user, password) => resetUserPassword(user.id, password, me!.tenantId)}
        onClose={() => {
          setResetting(null);
          void refresh();
        }}
      />
      <GrantRoleModal
        user={granting}
        onSave={async (user, roleIds) => {
          await grantUserRoles(user.id, roleIds);
          setGranting(null);
          await saved();
        }}
        onClose={() => setGranting(null)}
      />
    </Flex>
  );
}

const shortTime = (value: string | null) => (value ? value.slice(0, 19).replace('T', ' ') : '');

const ACCOUNT_TYPES: Record<number, [key: string, color: string]> = {
  [AccountType.SuperAdmin]: ['user.type.superAdmin', 'red'],
  [AccountType.SysAdmin]: ['user.type.sysAdmin', 'volcano'],
  [AccountType.Member]: ['user.type.member', 'blue'],
  [AccountType.Other]: ['user.type.other', 'default'],
};
const accountTypeOf = (type: number) => ACCOUNT_TYPES[type] ?? ['user.type.normal', 'green'];

const accountTypeLabel = (t: TFunction, type: number) => t(accountTypeOf(type)[0]);

function AccountTypeTag({ type }: { type: number }) {
  const { t } = useTranslation();
  return <Tag color={accountTypeOf(type)[1]}>{accountTypeLabel(t, type)}</Tag>;
}
