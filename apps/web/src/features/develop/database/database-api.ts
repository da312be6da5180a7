import type {
  AddColumnInput,
  AddTableInput,
  ChangeResult,
  ColumnTypeName,
  DatabaseRow,
  TableDetail,
  TableRow,
  UpdateColumnInput,
  UpdateTableInput,
  VisualDbTable,
} from '@lintel/contracts';
import { request } from '../../../shared/api/client';
import { downloadAndSave } from '../../../shared/api/download';

/** The database tools' calls; the wire types are those of @lintel/contracts (wire/database.ts). */

/** The main database's config id; a tenant id names a database-type tenant's own database. */
export const MAIN_CONFIG_ID = '1300000000001';

/** The column types the tools create (wire COLUMN_TYPES; a type missing here fails tsc). */
export const COLUMN_TYPES = [
  'varchar',
  'text',
  'integer',
  'bigint',
  'numeric',
  'boolean',
  'date',
  'timestamptz',
  'jsonb',
] as const satisfies readonly ColumnTypeName[];

/** Table and column names the tools accept: snake_case, starting with a letter, up to 63 characters. */
export const SQL_NAME = /^[a-z][a-z0-9_]{0,62}$/;

export const databaseKeys = {
  all: ['sysDatabase'] as const,
  list: () => ['sysDatabase', 'list'] as const,
  tables: (configId: string) => ['sysDatabase', 'tables', configId] as const,
  detail: (configId: string, tableName: string) => ['sysDatabase', 'detail', configId, tableName] as const,
  visual: (configId: string) => ['sysDatabase', 'visual', configId] as const,
};

const post = <T>(path: string, body: unknown) =>
  request<T>(`/api/sysDatabase/${path}`, { method: 'POST', body });

export const listDatabases = () => request<DatabaseRow[]>('/api/sysDatabase/list');
export const listTables = (configId: string) =>
  request<TableRow[]>(`/api/sysDatabase/tableList/${encodeURIComponent(configId)}`);
export const tableDetail = (configId: string, tableName: string) =>
  request<TableDetail>(
    `/api/sysDatabase/tableDetail/${encodeURIComponent(tableName)}/${encodeURIComponent(configId)}`,
  );
export const visualData = (configId: string) =>
  request<VisualDbTable>('/api/sysDatabase/visualDbTable', { query: { configId } });

export const addTable = (body: AddTableInput) => post<ChangeResult>('addTable', body);
export const updateTable = (body: UpdateTableInput) => post<ChangeResult>('updateTable', body);
export const deleteTable = (configId: string, tableName: string) =>
  post<ChangeResult>('deleteTable', { configId, tableName });
export const addColumn = (body: AddColumnInput) => post<ChangeResult>('addColumn', body);
export const updateColumn = (body: UpdateColumnInput) => post<ChangeResult>('updateColumn', body);
export const deleteColumn = (configId: string, tableName: string, dbColumnName: string) =>
  post<ChangeResult>('deleteColumn', { configId, tableName, dbColumnName });

/** A table's rows as a JSON seed file, saved by the browser; answers the saved name. */
export const exportSeedData = (configId: string, tableName: string) =>
  downloadAndSave('/api/sysDatabase/createSeedData', {
    method: 'POST',
    body: { configId, tableName },
    fallbackName: `${tableName}.seed.json`,
  });

/** Product tables by name (the diagram's data carries no flag): sys_*, lintel_* and pg_*. */
export const isProductTable = (name: string) => /^(sys_|lintel_|pg_)/.test(name);
