import { tenantOwned } from '../../db/migrations/tenant-rls.js';
import { badRequest } from '../../platform/http/errors.js';
import { TYPE_INFO } from './column-types.js';
import type {
  AddTableInput,
  ColumnSpecInput,
  UpdateColumnInput,
  UpdateTableInput,
} from './sys-database.schema.js';

/**
 * The SQL of each schema change the database tools make, built from checked input only: names match
 * `SqlName` (lower-case snake_case, so quoting them is enough), types come from TYPE_INFO and a
 * default is a literal of its column's type. Pure: the same input always gives the same statements,
 * which is what a migration file records.
 */

/** The product's own tables: read by the tools, never changed by them. */
export const isSystemTable = (table: string) => /^(sys_|lintel_|pg_)/.test(table);

/** Columns every table the tools create starts with: the tenant wall and the audit columns. */
export const BASE_COLUMNS = [
  'id',
  'tenant_id',
  'create_time',
  'update_time',
  'create_user_id',
  'create_user_name',
  'update_user_id',
  'update_user_name',
] as const;
const isBaseColumn = (column: string) => (BASE_COLUMNS as readonly string[]).includes(column);

const ident = (name: string) => `"${name}"`;
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

function columnType(column: ColumnSpecInput): string {
  if (column.columnType === 'numeric' && column.decimalDigits !== undefined && column.length === undefined)
    throw badRequest('database.precisionNeeded', { column: column.dbColumnName });
  return TYPE_INFO[column.columnType].sql(column.length, column.decimalDigits);
}

function defaultClause(column: ColumnSpecInput): string | null {
  const value = column.defaultValue;
  if (value === undefined || value === null) return null;
  if (!TYPE_INFO[column.columnType].literal(value))
    throw badRequest('database.badDefault', { column: column.dbColumnName, type: column.columnType });
  return `${literal(value)}::${columnType(column)}`;
}

function columnDefinition(column: ColumnSpecInput): string {
  const parts = [ident(column.dbColumnName), columnType(column)];
  const fallback = defaultClause(column);
  if (fallback) parts.push(`default ${fallback}`);
  if (!column.isNullable) parts.push('not null');
  return parts.join(' ');
}

const commentOnColumn = (table: string, column: string, text: string | null | undefined) =>
  `comment on column ${ident(table)}.${ident(column)} is ${text ? literal(text) : 'null'}`;

/** Refuses a change to a product table, and a new table or column that would take a product name. */
export function assertChangeable(table: string): void {
  if (isSystemTable(table)) throw badRequest('database.systemTable', { table });
}

function assertOwnColumn(column: string): void {
  if (isBaseColumn(column)) throw badRequest('database.baseColumn', { column });
}

/**
 * A tenant table: the id, the tenant column with its row-level security (as every tenant table of
 * the product has), the audit columns, then the asked columns.
 */
export function createTable(input: AddTableInput): string[] {
  const table = input.tableName;
  assertChangeable(table);
  const names = new Set<string>();
  for (const column of input.columnList) {
    assertOwnColumn(column.dbColumnName);
    if (names.has(column.dbColumnName))
      throw badRequest('database.duplicateColumn', { column: column.dbColumnName });
    names.add(column.dbColumnName);
  }
  const columns = [
    'id bigint primary key',
    'tenant_id bigint not null references sys_tenant(id)',
    ...input.columnList.map(columnDefinition),
    'create_time timestamptz not null default now()',
    'update_time timestamptz',
    'create_user_id bigint',
    'create_user_name varchar(64)',
    'update_user_id bigint',
    'update_user_name varchar(64)',
  ];
  return [
    `create table ${ident(table)} (\n  ${columns.join(',\n  ')}\n)`,
    `create index ${ident(`${table}_tenant_ix`)} on ${ident(table)} (tenant_id)`,
    ...tenantOwned(table),
    `comment on table ${ident(table)} is ${input.description ? literal(input.description) : 'null'}`,
    ...input.columnList
      .filter((column) => column.columnDescription)
      .map((column) => commentOnColumn(table, column.dbColumnName, column.columnDescription)),
  ];
}

export function alterTable(input: UpdateTableInput): string[] {
  assertChangeable(input.oldTableName);
  assertChangeable(input.tableName);
  const statements: string[] = [];
  if (input.tableName !== input.oldTableName)
    statements.push(`alter table ${ident(input.oldTableName)} rename to ${ident(input.tableName)}`);
  if (input.description !== undefined)
    statements.push(
      `comment on table ${ident(input.tableName)} is ${input.description ? literal(input.description) : 'null'}`,
    );
  return statements;
}

export function dropTable(table: string): string[] {
  assertChangeable(table);
  return [`drop table ${ident(table)}`];
}

export function addColumn(table: string, column: ColumnSpecInput): string[] {
  assertChangeable(table);
  assertOwnColumn(column.dbColumnName);
  return [
    `alter table ${ident(table)} add column ${columnDefinition(column)}`,
    ...(column.columnDescription
      ? [commentOnColumn(table, column.dbColumnName, column.columnDescription)]
      : []),
  ];
}

/**
 * Renames, retypes (converting the values, which fails the whole change when one does not convert),
 * sets the default, nullability and description of a column, in that order.
 */
export function updateColumn(input: UpdateColumnInput): string[] {
  const table = ident(input.tableName);
  assertChangeable(input.tableName);
  assertOwnColumn(input.oldColumnName);
  assertOwnColumn(input.dbColumnName);
  const column = ident(input.dbColumnName);
  const type = columnType(input);
  const fallback = defaultClause(input);
  const statements: string[] = [];
  if (input.dbColumnName !== input.oldColumnName)
    statements.push(`alter table ${table} rename column ${ident(input.oldColumnName)} to ${column}`);
  statements.push(
    `alter table ${table} alter column ${column} type ${type} using ${column}::${type}`,
    fallback
      ? `alter table ${table} alter column ${column} set default ${fallback}`
      : `alter table ${table} alter column ${column} drop default`,
    `alter table ${table} alter column ${column} ${input.isNullable ? 'drop' : 'set'} not null`,
    commentOnColumn(input.tableName, input.dbColumnName, input.columnDescription),
  );
  return statements;
}

export function dropColumn(table: string, column: string): string[] {
  assertChangeable(table);
  assertOwnColumn(column);
  return [`alter table ${ident(table)} drop column ${ident(column)}`];
}
