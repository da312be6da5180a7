import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Empty, Flex, Space, Spin, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/api/notify';
import { checkedLeaves, toMenuTree, withAncestors } from './menu-tree';
import { grantableMenus, grantMenus, roleKeys, roleMenus, type RoleRow } from './role-api';

/** Menus and buttons a role grants, as a checkable tree of what the admin may hand on. */
export function GrantMenuDrawer({ role, onClose }: { role: RoleRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const menus = useQuery({ queryKey: roleKeys.grantable, queryFn: grantableMenus, enabled: !!role });
  const granted = useQuery({
    queryKey: roleKeys.menus(role?.id ?? ''),
    queryFn: () => roleMenus(role!.id),
    enabled: !!role,
  });
  const tree = useMemo(
    () =>
      toMenuTree(menus.data ?? [], (row) => {
        // Pages by their translated route name, buttons by their action (`sysRole:grantMenu` → grantMenu).
        if (row.type === 3)
          return t(`system.actions.${row.permission?.split(':')[1] ?? ''}`, { defaultValue: row.title });
        return row.name ? t(`routes.${row.name}`, { defaultValue: row.title }) : row.title;
      }),
    [menus.data, t],
  );
  // The admin's ticks for this role; until they tick, what the role grants now.
  const [edited, setEdited] = useState<{ roleId: string; keys: string[] } | null>(null);
  const [saving, setSaving] = useState(false);
  const checked =
    edited && edited.roleId === role?.id ? edited.keys : checkedLeaves(tree, granted.data ?? []);

  const save = async () => {
    setSaving(true);
    try {
      // Parents of granted pages and buttons are granted too: the menu tree needs them to show the page.
      // Untouched, the grant is saved as it was (a page granted without its buttons stays granted).
      const ids =
        edited && edited.roleId === role!.id ? withAncestors(tree, edited.keys) : (granted.data ?? []);
      await grantMenus(role!.id, ids);
      notifier().success(t('system.common.saved'));
      await queryClient.invalidateQueries({ queryKey: roleKeys.all });
      setEdited(null);
      onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open={!!role}
      onClose={onClose}
      width={480}
      title={role ? t('system.role.grantMenuTitle', { name: role.name }) : ''}
      footer={
        <Flex justify="end">
          <Space>
            <Button onClick={onClose}>{t('system.common.cancel')}</Button>
            <Button type="primary" loading={saving} onClick={save}>
              {t('system.common.save')}
            </Button>
          </Space>
        </Flex>
      }
    >
      {menus.isLoading || granted.isLoading ? (
        <Spin />
      ) : tree.length === 0 ? (
        <Empty />
      ) : (
        <Tree
          checkable
          defaultExpandAll
          treeData={tree}
          checkedKeys={checked}
          onCheck={(keys) =>
            setEdited({ roleId: role!.id, keys: (Array.isArray(keys) ? keys : keys.checked).map(String) })
          }
        />
      )}
    </Drawer>
  );
}
