import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Flex, Space, Spin, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/api/notify';
import { allApis, grantApis, roleApis, roleKeys, type ApiRoute, type RoleRow } from './role-api';

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
  const [edited, setEdited] = useState<{ roleId: string; keys: string[] } | null>(null);
  const [saving, setSaving] = useState(false);
  const checked = edited && edited.roleId === role?.id ? edited.keys : (blocked.data ?? []);

  const save = async () => {
    setSaving(true);
    try {
      await grantApis(
        role!.id,
        checked.filter((k) => k.startsWith('/api/')),
      );
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
      width={560}
      title={role ? t('system.role.apiTitle', { name: role.name }) : ''}
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
      <Alert type="info" showIcon message={t('system.role.apiHint')} style={{ marginBottom: 12 }} />
      {routes.isLoading || blocked.isLoading ? (
        <Spin />
      ) : (
        <Tree
          checkable
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
