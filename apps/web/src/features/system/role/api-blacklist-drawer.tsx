import type { ApiRoute, RoleRow } from '@lintel/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckTreeDrawer } from '../../../shared/list/check-tree-drawer';
import { allApis, grantApis, roleApis, roleKeys } from './role-api';

/** API routes grouped by controller (`/api/<controller>/...`), each a checkable leaf keyed by URL. */
function groupRoutes(routes: ApiRoute[]) {
  const groups = new Map<string, ApiRoute[]>();
  for (const route of routes) {
    const controller = route.url.split('/')[2] ?? '';
    groups.set(controller, [...(groups.get(controller) ?? []), route]);
  }
  return [...groups].map(([controller, items]) => ({
    key: `group:${controller}`,
    title: controller,
    children: items.map((r) => ({ key: r.url, title: `${r.method} ${r.url}  (${r.permission})` })),
  }));
}

/** Routes the role's holders are refused with 403 whatever their menus grant. */
export function ApiBlacklistDrawer({ role, onClose }: { role: RoleRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const routes = useQuery({ queryKey: roleKeys.allApis, queryFn: allApis, enabled: !!role });
  const blocked = useQuery({
    queryKey: roleKeys.apis(role?.id ?? ''),
    queryFn: () => roleApis(role!.id),
    enabled: !!role,
  });
  const tree = useMemo(() => groupRoutes(routes.data ?? []), [routes.data]);

  return (
    <CheckTreeDrawer
      ownerId={role?.id ?? null}
      width={560}
      title={role ? t('system.role.apiTitle', { name: role.name }) : ''}
      hint={<Alert type="info" showIcon message={t('system.role.apiHint')} style={{ marginBottom: 12 }} />}
      loading={routes.isLoading || blocked.isLoading}
      treeData={tree}
      checked={blocked.data ?? []}
      onSave={async (keys) => {
        // Group nodes are not routes.
        await grantApis(
          role!.id,
          (keys ?? blocked.data ?? []).filter((k) => k.startsWith('/api/')),
        );
        await queryClient.invalidateQueries({ queryKey: roleKeys.all });
      }}
      onClose={onClose}
    />
  );
}
