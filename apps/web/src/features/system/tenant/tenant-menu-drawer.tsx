import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Empty, Flex, Space, Spin, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/api/notify';
import { checkedLeaves, toMenuTree, withAncestors } from '../role/menu-tree';
import {
  grantableTenantMenus,
  grantTenantMenus,
  tenantKeys,
  tenantMenus,
  type TenantRow,
} from './tenant-api';

/**
 * The menus and buttons a tenant is granted, as a checkable tree of the tenant menus (parents show
 * half-checked when only some children are). Menus taken away are taken from the tenant's roles too.
 */
export function TenantMenuDrawer({ tenant, onClose }: { tenant: TenantRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const menus = useQuery({
    queryKey: tenantKeys.grantable,
    queryFn: grantableTenantMenus,
    enabled: !!tenant,
  });
  const granted = useQuery({
    queryKey: tenantKeys.menus(tenant?.id ?? ''),
    queryFn: () => tenantMenus(tenant!.id),
    enabled: !!tenant,
  });
  const tree = useMemo(
    () =>
      toMenuTree(menus.data ?? [], (row) => {
        if (row.type === 3)
          return t(`system.actions.${row.permission?.split(':')[1] ?? ''}`, { defaultValue: row.title });
        return row.name ? t(`routes.${row.name}`, { defaultValue: row.title }) : row.title;
      }),
    [menus.data, t],
  );
  const [edited, setEdited] = useState<{ tenantId: string; keys: string[] } | null>(null);
  const [saving, setSaving] = useState(false);
  const mine = edited && edited.tenantId === tenant?.id ? edited : null;
  const checked = mine ? mine.keys : checkedLeaves(tree, granted.data ?? []);

  const save = async () => {
    setSaving(true);
    try {
      // A granted page or button needs its directories; untouched, the grant is saved as it was.
      const ids = mine ? withAncestors(tree, mine.keys) : (granted.data ?? []);
      await grantTenantMenus(tenant!.id, ids);
      notifier().success(t('system.common.saved'));
      await queryClient.invalidateQueries({ queryKey: tenantKeys.all });
      setEdited(null);
      onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open={!!tenant}
      onClose={onClose}
      width={480}
      title={tenant ? t('tenant.grantMenuTitle', { name: tenant.name }) : ''}
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
            setEdited({ tenantId: tenant!.id, keys: (Array.isArray(keys) ? keys : keys.checked).map(String) })
          }
        />
      )}
    </Drawer>
  );
}
