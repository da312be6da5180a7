import { ApartmentOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { ChangeResult, TableRow } from '@lintel/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifier } from '../../../shared/api/notify';
import { usePermissions } from '../../../shared/permission/permissions';
import { ColumnFormModal, type ColumnFormMode } from './column-form-modal';
import { toColumnSpec, type ColumnFormValues } from './column-spec';
import {
  addColumn,
  addTable,
  databaseKeys,
  deleteColumn,
  deleteTable,
  exportSeedData,
  listDatabases,
  listTables,
  MAIN_CONFIG_ID,
  tableDetail,
  updateColumn,
  updateTable,
} from './database-api';
import { DatabaseSelect } from './database-select';
import { TableDetailCard } from './table-detail-card';
import { TableFormModal, type TableFormMode, type TableFormValues } from './table-form-modal';
import { TableListCard } from './table-list-card';

/**
 * Developer tools → database (`/system/database/index`, super admin only): the tables of the main
 * database or of a database-type tenant, a table's columns, indexes and foreign keys, and schema
 * changes. A change made in development is written as a migration file, named on the page.
 */
export default function DatabasePage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [configId, setConfigId] = useState(MAIN_CONFIG_ID);
  const [selected, setSelected] = useState<string | null>(null);
  const [tableMode, setTableMode] = useState<TableFormMode | null>(null);
  const [columnMode, setColumnMode] = useState<ColumnFormMode | null>(null);
  const [migration, setMigration] = useState<string | null>(null);

  const databases = useQuery({ queryKey: databaseKeys.list(), queryFn: listDatabases });
  const tables = useQuery({
    queryKey: databaseKeys.tables(configId),
    queryFn: () => listTables(configId),
    placeholderData: keepPreviousData,
    enabled: has('sysDatabase:tableList'),
  });
  // A table that went away (dropped, renamed) is no longer shown.
  const table = tables.data?.find((row) => row.name === selected) ?? null;
  const detail = useQuery({
    queryKey: databaseKeys.detail(configId, selected ?? ''),
    queryFn: () => tableDetail(configId, selected!),
    enabled: !!table && has('sysDatabase:columnList'),
  });

  const refresh = () => queryClient.invalidateQueries({ queryKey: databaseKeys.all });

  /** Runs a schema change and says what it did; the lists are read again either way. */
  const change = async (run: () => Promise<ChangeResult>) => {
    try {
      const result = await run();
      if (!result.applied) notifier().success(t('develop.database.unchanged'));
      else notifier().success(t('system.common.saved'));
      setMigration(result.migration);
    } finally {
      await refresh();
    }
  };

  const submitTable = async (values: TableFormValues, mode: TableFormMode) => {
    const tableName = values.tableName.trim();
    const description = values.description?.trim() || null;
    if (mode.kind === 'add') {
      await change(() =>
        addTable({ configId, tableName, description, columnList: values.columnList.map(toColumnSpec) }),
      );
    } else {
      await change(() => updateTable({ configId, oldTableName: mode.table.name, tableName, description }));
    }
    setTableMode(null);
    setSelected(tableName);
  };

  const submitColumn = async (values: ColumnFormValues, mode: ColumnFormMode) => {
    const spec = toColumnSpec(values);
    await change(() =>
      mode.kind === 'add'
        ? addColumn({ configId, tableName: selected!, ...spec })
        : updateColumn({ configId, tableName: selected!, oldColumnName: mode.column.dbColumnName, ...spec }),
    );
    setColumnMode(null);
  };

  return (
    <Flex vertical gap={12}>
      <Card size="small">
        <Flex justify="space-between" align="center" gap={8} wrap>
          <Space wrap>
            <label htmlFor="develop-database">{t('develop.database.database')}</label>
            <DatabaseSelect
              id="develop-database"
              databases={databases.data ?? []}
              loading={databases.isFetching}
              value={configId}
              onChange={(next) => {
                setConfigId(next);
                setSelected(null);
                setMigration(null);
              }}
            />
            {has('sysDatabase:addTable') && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setTableMode({ kind: 'add' })}>
                {t('develop.database.table.add')}
              </Button>
            )}
            {has('sysDatabase:visualDbTable') && (
              <Button
                icon={<ApartmentOutlined />}
                onClick={() => void navigate(`/develop/database/visual?configId=${configId}`)}
              >
                {t('develop.database.diagram')}
              </Button>
            )}
          </Space>
          <Tooltip title={t('system.common.refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('system.common.refresh')}
              loading={tables.isFetching || detail.isFetching}
              onClick={() => void refresh()}
            />
          </Tooltip>
        </Flex>
      </Card>
      {migration && (
        <Alert
          type="success"
          showIcon
          closable={{ 'aria-label': t('develop.common.close') }}
          onClose={() => setMigration(null)}
          title={t('develop.database.migrationWritten')}
          description={
            <Typography.Text code copyable>
              {migration}
            </Typography.Text>
          }
        />
      )}
      <Flex gap={12} align="flex-start">
        <TableListCard
          tables={tables.data ?? []}
          loading={tables.isFetching}
          selected={selected}
          onSelect={setSelected}
        />
        <TableDetailCard
          table={table}
          detail={detail.data}
          loading={detail.isFetching}
          onEditTable={(row: TableRow) => setTableMode({ kind: 'edit', table: row })}
          onDeleteTable={(row) => change(() => deleteTable(configId, row.name))}
          onExportSeed={(row) => exportSeedData(configId, row.name).catch(() => undefined)}
          onAddColumn={() => setColumnMode({ kind: 'add' })}
          onEditColumn={(_row, column) => setColumnMode({ kind: 'edit', column })}
          onDeleteColumn={(row, column) =>
            change(() => deleteColumn(configId, row.name, column.dbColumnName))
          }
        />
      </Flex>
      <TableFormModal mode={tableMode} onSubmit={submitTable} onClose={() => setTableMode(null)} />
      <ColumnFormModal
        mode={columnMode}
        tableName={selected ?? ''}
        onSubmit={submitColumn}
        onClose={() => setColumnMode(null)}
      />
    </Flex>
  );
}
