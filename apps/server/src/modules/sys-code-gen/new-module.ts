import { COLUMN_TYPES, TYPE_INFO, type ColumnTypeName } from '../sys-database/column-types.js';
import { createTable } from '../sys-database/ddl-statements.js';
import { nextMigrationName, writeMigration } from '../sys-database/migration-files.js';
import type { ColumnSpecInput } from '../sys-database/sys-database.schema.js';
import { MAIN_CONFIG_ID } from '../sys-database/sys-database.schema.js';
import { moduleFiles, writeModule } from './generator/generate.js';
import { camelCase, humanize, pascalCase } from './generator/naming.js';
import { planModule, type GenColumnSource } from './generator/plan.js';

/**
 * `npm run new:module`: a new table (as a migration) and its module in the kit's form, written into
 * the workspace by the code generator's own templates, without a running server.
 */

export interface NewModuleOptions {
  /** The table, snake_case (`biz_book`); the class is its PascalCase (`BizBook`). */
  table: string;
  /** `name:type[(length[,digits])][!]`, `!` for not null; e.g. `title:varchar(64)!`. */
  columns: string[];
  title?: string;
  parent: string;
  parentPath: string;
  area: string;
}

const COLUMN = /^([a-z][a-z0-9_]*):([a-z]+)(?:\((\d+)(?:,\s*(\d+))?\))?(!)?$/;

/** Parses one `name:type(length,digits)!` column; throws a readable error on a bad one. */
export function parseColumn(text: string): ColumnSpecInput {
  const match = COLUMN.exec(text.trim());
  if (!match) throw new Error(`"${text}" is not name:type[(length[,digits])][!] (e.g. title:varchar(64)!)`);
  const [, name, type, length, digits, notNull] = match;
  if (!(COLUMN_TYPES as readonly string[]).includes(type!))
    throw new Error(`"${type}" is not a column type: ${COLUMN_TYPES.join(', ')}`);
  return {
    dbColumnName: name!,
    columnType: type as ColumnTypeName,
    ...(length ? { length: Number(length) } : {}),
    ...(digits ? { decimalDigits: Number(digits) } : {}),
    isNullable: !notNull,
  };
}

export async function newModule(workspace: string, options: NewModuleOptions) {
  const columns = options.columns.map(parseColumn);
  const statements = createTable({
    configId: MAIN_CONFIG_ID,
    tableName: options.table,
    description: options.title ?? null,
    columnList: columns,
  });
  const name = await nextMigrationName(workspace, `add_table_${options.table}`);
  const migration = await writeMigration(workspace, name, `Add table ${options.table}`, statements);

  const source: GenColumnSource[] = columns.map((column, i) => ({
    columnName: column.dbColumnName,
    propertyName: camelCase(column.dbColumnName),
    columnComment: humanize(column.dbColumnName),
    dataType: column.columnType,
    columnLength: column.length ?? null,
    decimalDigits: column.decimalDigits ?? null,
    isNullable: column.isNullable,
    effectType:
      { boolean: 'Switch', text: 'InputTextArea', date: 'DatePicker', timestamptz: 'DateTimePicker' }[
        column.columnType as string
      ] ?? (TYPE_INFO[column.columnType].wire === 'string' ? 'Input' : 'InputNumber'),
    dictTypeCode: null,
    whetherRequired: column.isNullable ? 'N' : 'Y',
    queryWhether: column.columnType === 'varchar' ? 'Y' : 'N',
    queryType: column.columnType === 'varchar' ? 'like' : '==',
    whetherTable: column.columnType === 'jsonb' ? 'N' : 'Y',
    whetherAddUpdate: 'Y',
    whetherCommon: 'N',
    orderNo: (i + 1) * 10,
  }));
  const className = pascalCase(options.table);
  const plan = planModule(
    {
      tableName: options.table,
      className,
      busName: options.title ?? humanize(options.table),
      nameSpace: options.area,
      authorName: null,
      tableComment: options.title ?? null,
      menuPid: options.parent,
      menuIcon: null,
      columns: source,
    },
    options.parentPath,
  );
  const written = await writeModule(workspace, plan, await moduleFiles(plan));
  return { migration, ...written };
}
