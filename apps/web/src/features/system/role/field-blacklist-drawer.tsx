import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Flex, Space, Spin, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/api/notify';
import {
  fieldTables,
  grantFieldBlacklist,
  roleFieldBlacklist,
  roleKeys,
  type RoleRow,
  type TableColumns,
} from './role-api';

const SEPARATOR = ':';

/** Checked leaves (`table:column`) back to the per-table lists the server takes. */
export function toTableColumns(keys: string[]): TableColumns[] {
  const byTable = new Map<string, string[]>();
  for (const key of keys) {
    const at = key.indexOf(SEPARATOR);
    if (at <= 0) continue; // a table node, not a field
    const table = key.slice(0, at);
    byTable.set(table, [...(byTable.get(table) ?? []), key.slice(at + 1)]);
  }
  return [...byTable].map(([tableName, columns]) => ({ tableName, columns }));
}

const toKeys = (lists: TableColumns[]) =>
  lists.flatMap((l) => l.columns.map((c) => `${l.tableName}${SEPARATOR}${c}`));

/**
 * The role's field blacklist (SPEC 6): checked fields are absent from its holders' answers and
 * refused in their requests, exports included.
 */
export function FieldBlacklistDrawer({ role, onClose }: { role: RoleRow | null; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const tables = useQuery({ queryKey: roleKeys.fieldTables, queryFn: fieldTables, enabled: !!role });
  const hidden = useQuery({
    queryKey: roleKeys.fields(role?.id ?? ''),
    queryFn: () => roleFieldBlacklist(role!.id),
    enabled: !!role,
  });
  const [edited, setEdited] = useState<{ roleId: string; keys: string[] } | null>(null);
  const [saving, setSaving] = useState(false);
  const checked = edited && edited.roleId === role?.id ? edited.keys : toKeys(hidden.data ?? []);
  const label = (key: string) => (i18n.exists(key) ? t(key) : null);
  const tree = useMemo(
    () =>
      (tables.data ?? []).map((table) => ({
        key: table.tableName,
        title: label(`routes.${table.tableName}`) ?? table.tableName,
        children: table.columns.map((column) => ({
          key: `${table.tableName}${SEPARATOR}${column}`,
          title: `${label(`personal.field.${column}`) ?? column} (${column})`,
        })),
      })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- labels follow the language
    [tables.data, i18n.language],
  );

  const save = async () => {
    setSaving(true);
    try {
      await grantFieldBlacklist(role!.id, toTableColumns(checked));
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
      width={520}
      title={role ? t('system.role.fieldTitle', { name: role.name }) : ''}
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
      <Alert type="info" showIcon message={t('system.role.fieldHint')} style={{ marginBottom: 12 }} />
      {tables.isLoading || hidden.isLoading ? (
        <Spin />
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
