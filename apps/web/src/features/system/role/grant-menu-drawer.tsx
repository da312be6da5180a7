import type { RoleRow } from '@lintel/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckTreeDrawer } from '../../../shared/list/check-tree-drawer';
import { checkedLeaves, menuLabel, toMenuTree, withAncestors } from './menu-tree';
import { grantableMenus, grantMenus, roleKeys, roleMenus } from './role-api';

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
  const tree = useMemo(() => toMenuTree(menus.data ?? [], menuLabel(t)), [menus.data, t]);

  return (
    <CheckTreeDrawer
      ownerId={role?.id ?? null}
      title={role ? t('system.role.grantMenuTitle', { name: role.name }) : ''}
      loading={menus.isLoading || granted.isLoading}
      treeData={tree}
      checked={checkedLeaves(tree, granted.data ?? [])}
      onSave={async (keys) => {
        // Parents of granted pages and buttons are granted too: the menu tree needs them to show the
        // page. Untouched, the grant is saved as it was (a page granted without its buttons stays).
        await grantMenus(role!.id, keys ? withAncestors(tree, keys) : (granted.data ?? []));
        await queryClient.invalidateQueries({ queryKey: roleKeys.all });
      }}
      onClose={onClose}
    />
  );
}
