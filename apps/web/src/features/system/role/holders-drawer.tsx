import type { RoleHolder, RoleRow } from '@lintel/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Popconfirm, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/api/notify';
import { usePermissions } from '../../../shared/permission/permissions';
import { AccountPicker } from '../user/account-picker';
import { grantUsers, roleHolders, roleKeys } from './role-api';

/** The accounts holding a role (within the viewer's data scope), each removable from it. */
export function HoldersDrawer({ role, onClose }: { role: RoleRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const queryClient = useQueryClient();
  const holders = useQuery({
    queryKey: roleKeys.holders(role?.id ?? ''),
    queryFn: () => roleHolders(role!.id),
    enabled: !!role,
  });

  const remove = async (userId: string) => {
    const rest = (holders.data ?? []).map((h) => h.id).filter((id) => id !== userId);
    await grantUsers(role!.id, rest);
    notifier().success(t('system.common.saved'));
    await queryClient.invalidateQueries({ queryKey: roleKeys.all });
  };

  const add = async (userId: string) => {
    const ids = (holders.data ?? []).map((h) => h.id);
    if (ids.includes(userId)) return;
    await grantUsers(role!.id, [...ids, userId]);
    notifier().success(t('system.common.saved'));
    await queryClient.invalidateQueries({ queryKey: roleKeys.all });
  };

  return (
    <Drawer
      open={!!role}
      onClose={onClose}
      width={560}
      title={role ? t('system.role.holdersTitle', { name: role.name }) : ''}
    >
      {has('sysRole:grantUser') && has('sysUser:page') && (
        <AccountPicker
          exclude={(holders.data ?? []).map((h) => h.id)}
          placeholder={t('system.role.addHolder')}
          onPick={(id) => void add(id)}
        />
      )}
      <Table<RoleHolder>
        rowKey="id"
        size="small"
        loading={holders.isFetching}
        dataSource={holders.data ?? []}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        columns={[
          { title: t('system.pos.account'), dataIndex: 'account' },
          { title: t('system.pos.realName'), dataIndex: 'realName' },
          { title: t('system.pos.org'), dataIndex: 'orgName' },
          ...(has('sysRole:grantUser')
            ? [
                {
                  title: t('system.common.actions'),
                  key: 'actions',
                  render: (_: unknown, row: RoleHolder) => (
                    <Popconfirm
                      title={t('system.role.removeHolderConfirm', { name: row.realName ?? row.account })}
                      okText={t('system.common.delete')}
                      cancelText={t('system.common.cancel')}
                      onConfirm={() => remove(row.id)}
                    >
                      <Button type="link" danger size="small">
                        {t('system.role.removeHolder')}
                      </Button>
                    </Popconfirm>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Drawer>
  );
}
