import type { RoleRow, TableColumns } from '@lintel/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckTreeDrawer } from '../../../shared/list/check-tree-drawer';
import { fieldTables, grantFieldBlacklist, roleFieldBlacklist, roleKeys } from './role-api';

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
  const label = (key: string) => (i18n.exists(key) ? t(key) : null);
  // Field names as the forms show them (the profile's and the account form's labels).
  const fieldLabel = (column: string) =>
    label(`personal.field.${column === 'sex' ? 'gender' : column}`) ?? label(`user.field.${column}`);
  const tree = useMemo(
    () =>
      (tables.data ?? []).map((table) => ({
        key: table.tableName,
        title: label(`routes.${table.tableName}`) ?? table.tableName,
        children: table.columns.map((column) => ({
          key: `${table.tableName}${SEPARATOR}${column}`,
          title: `${fieldLabel(column) ?? column} (${column})`,
        })),
      })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- labels follow the language
    [tables.data, i18n.language],
  );

  return (
    <CheckTreeDrawer
      ownerId={role?.id ?? null}
      width={520}
      title={role ? t('system.role.fieldTitle', { name: role.name }) : ''}
      hint={<Alert type="info" showIcon message={t('system.role.fieldHint')} style={{ marginBottom: 12 }} />}
      loading={tables.isLoading || hidden.isLoading}
      treeData={tree}
      checked={toKeys(hidden.data ?? [])}
      onSave={async (keys) => {
        await grantFieldBlacklist(role!.id, keys ? toTableColumns(keys) : (hidden.data ?? []));
        await queryClient.invalidateQueries({ queryKey: roleKeys.all });
      }}
      onClose={onClose}
    />
  );
}
