import { PlusOutlined } from '@ant-design/icons';
import { AccountType, type OrgNode, type UserFilter, type UserRow } from '@lintel/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Select, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/api/notify';
import { useBatchActions } from '../../../shared/list/batch-actions';
import { DataTable } from '../../../shared/list/data-table';
import { ImportButton } from '../../../shared/list/import-modal';
import { ListToolbar, SearchCard } from '../../../shared/list/list-parts';
import { ListTools } from '../../../shared/list/list-tools';
import { TemplatePrintButton } from '../../../shared/print/template-print-button';
import { SearchField } from '../../../shared/list/search-field';
import { useColumnSettings } from '../../../shared/list/use-column-settings';
import { useServerList } from '../../../shared/list/use-server-list';
import { usePermissions } from '../../../shared/permission/permissions';
import { useHiddenFields, withoutHidden } from '../../../shared/permission/hidden-fields';
import { useUserInfo } from '../../../shared/session/use-session';
import { listOrgs, orgKeys } from '../org/org-api';
import { GrantRoleModal } from './grant-role-modal';
import { userColumns } from './user-columns';
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
} from './user-api';
import { toUserInput, UserFormModal, type UserFormMode, type UserFormValues } from './user-form-modal';

type Filter = Pick<UserFilter, 'account' | 'realName' | 'phone' | 'status'>;

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
  const [search] = Form.useForm<Filter>();
  const [mode, setMode] = useState<UserFormMode | null>(null);
  const [resetting, setResetting] = useState<UserRow | null>(null);
  const [granting, setGranting] = useState<UserRow | null>(null);

  const orgs = useQuery({
    queryKey: orgKeys.list({}),
    queryFn: () => listOrgs({}),
    enabled: has('sysOrg:list'),
  });
  const orgTree = useMemo(() => orgTreeData(orgs.data ?? []), [orgs.data]);
  // The organisation picked in the tree stays through searches of the form.
  const users = useServerList<UserRow, UserFilter>({ key: userKeys.all, fetch: pageUsers, keep: ['orgId'] });
  const { query, refresh } = users;
  const batch = useBatchActions<UserRow>({
    controller: 'sysUser',
    label: (row) => row.account,
    status: true,
    onDone: refresh,
  });
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

  const columns = userColumns({
    t,
    has,
    me: me && { userId: me.id, accountType: me.accountType, isSuperAdmin: me.isSuperAdmin },
    status: {
      pendingId: status.isPending ? (status.variables?.id ?? null) : null,
      change: (id, on) => status.mutate({ id, value: on ? 1 : 2 }),
    },
    edit: (row) => void openWithDetail('edit', row),
    copy: (row) => void openWithDetail('copy', row),
    grantRoles: setGranting,
    resetPassword: setResetting,
    unlock: (row) => unlock.mutate(row.id),
    remove: (row) => remove.mutateAsync(row.id),
  });

  // Columns the field blacklist hides are left out by the list kit (useColumnSettings).
  const layout = useColumnSettings('sysUser', columns);

  return (
    <Flex gap={12} align="flex-start">
      {has('sysOrg:list') && !hidden.has('orgId') && (
        <Card size="small" title={t('user.orgTree')} style={{ width: 240, flex: 'none' }}>
          <Tree
            blockNode
            defaultExpandAll
            key={orgTree.length}
            treeData={orgTree}
            selectedKeys={query.orgId ? [query.orgId] : []}
            onSelect={(keys) => users.patch({ orgId: (keys[0] as string) ?? undefined })}
          />
        </Card>
      )}
      <Flex vertical gap={12} style={{ flex: 1, minWidth: 0 }}>
        <SearchCard
          form={search}
          onSearch={users.search}
          more={
            <>
              <SearchField hidden={hidden} name="phone" label={t('personal.field.phone')}>
                <Input allowClear maxLength={32} />
              </SearchField>
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
          {/* A filter on a field the blacklist hides would be refused (and would reveal its values). */}
          <SearchField hidden={hidden} name="account" label={t('user.field.account')}>
            <Input allowClear maxLength={64} />
          </SearchField>
          <SearchField hidden={hidden} name="realName" label={t('personal.field.realName')}>
            <Input allowClear maxLength={64} />
          </SearchField>
        </SearchCard>
        <Card size="small">
          <ListToolbar
            loading={users.loading}
            onRefresh={users.reload}
            tools={
              <ListTools
                title={t('routes.sysUser')}
                exportPath="/api/sysUser/export"
                exportPermission="sysUser:export"
                fileName="accounts"
                filter={query}
                total={users.total}
                rows={users.rows}
                settings={layout}
              >
                <ImportButton
                  permission="sysUser:import"
                  templatePath="/api/sysUser/importTemplate"
                  uploadPath="/api/sysUser/import"
                  templateName="accounts-template.xlsx"
                  keyTitle={t('user.field.account')}
                  errorBookPath="/api/sysCommon/downloadErrorExcelTemp"
                  onImported={() => void refresh()}
                />
                <TemplatePrintButton bizType="sysUser" rows={users.rows} selectedKeys={batch?.keys} />
              </ListTools>
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
            selection={batch}
            size="middle"
            columns={layout.columns}
            dataSource={users.rows}
            loading={users.loading}
            onChange={users.onTableChange}
            paging={{
              ...users.paging,
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
