import type { TenantRow } from '@lintel/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckTreeDrawer } from '../../../shared/list/check-tree-drawer';
import { checkedLeaves, menuLabel, toMenuTree, withAncestors } from '../role/menu-tree';
import { grantableTenantMenus, grantTenantMenus, tenantKeys, tenantMenus } from './tenant-api';

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
  const tree = useMemo(() => toMenuTree(menus.data ?? [], menuLabel(t)), [menus.data, t]);

  return (
    <CheckTreeDrawer
      ownerId={tenant?.id ?? null}
      title={tenant ? t('tenant.grantMenuTitle', { name: tenant.name }) : ''}
      loading={menus.isLoading || granted.isLoading}
      treeData={tree}
      checked={checkedLeaves(tree, granted.data ?? [])}
      onSave={async (keys) => {
        // A granted page or button needs its directories; untouched, the grant is saved as it was.
        await grantTenantMenus(tenant!.id, keys ? withAncestors(tree, keys) : (granted.data ?? []));
        await queryClient.invalidateQueries({ queryKey: tenantKeys.all });
      }}
      onClose={onClose}
    />
  );
}
