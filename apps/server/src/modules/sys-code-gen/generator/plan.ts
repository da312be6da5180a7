import type { ColumnTypeName, WireKind } from '../../sys-database/column-types.js';
import { TYPE_INFO } from '../../sys-database/column-types.js';
import type { Audit } from '../../../platform/db/tables/column-types.js';
import type { SysCodeGenConfigTable } from '../../../platform/db/tables/code-gen-tables.js';
import { camelCase, humanize, kebabCase } from './naming.js';

/** A code-gen record and its column configs, as the generator reads them. */
export interface GenSource {
  tableName: string;
  className: string;
  busName: string;
  nameSpace: string;
  authorName: string | null;
  tableComment: string | null;
  menuPid: string;
  menuIcon: string | null;
  columns: GenColumnSource[];
}

/** A column config as the generator reads it: the table's row without its keys and audit columns. */
export type GenColumnSource = Omit<SysCodeGenConfigTable, keyof Audit | 'id' | 'codeGenId'>;

export interface FieldPlan {
  column: string;
  prop: string;
  /** The configured label (the column's comment by default). */
  label: string;
  /** An English label from the column name, for the locales other than Chinese. */
  englishLabel: string;
  type: ColumnTypeName;
  wire: WireKind;
  length: number | null;
  required: boolean;
  nullable: boolean;
  inList: boolean;
  inForm: boolean;
  inQuery: boolean;
  queryType: string;
  effectType: string;
  dictTypeCode: string | null;
}

/** Everything the templates need, derived once: names, paths and the fields in their order. */
export interface ModulePlan {
  className: string;
  /** The controller and permission prefix (`bizBook`), also the menu key and the locale area. */
  controller: string;
  /** The folder and file stem (`biz-book`). */
  folder: string;
  area: string;
  table: string;
  title: string;
  author: string | null;
  menuParent: string;
  menuIcon: string;
  /** The path of the page under its menu directory and the component the web maps to it. */
  routePath: string;
  component: string;
  fields: FieldPlan[];
}

/** The tables every module-kit table has (id, tenant_id, audit columns) that are not fields. */
const KIT_COLUMNS = new Set([
  'id',
  'tenant_id',
  'create_time',
  'update_time',
  'create_user_id',
  'create_user_name',
  'update_user_id',
  'update_user_name',
]);

export function planModule(source: GenSource, parentPath: string): ModulePlan {
  const controller = camelCase(source.className);
  const fields = source.columns
    .filter((c) => !KIT_COLUMNS.has(c.columnName) && c.whetherCommon !== 'Y' && c.dataType in TYPE_INFO)
    .sort((a, b) => a.orderNo - b.orderNo || a.columnName.localeCompare(b.columnName))
    .map((c): FieldPlan => {
      const type = c.dataType as ColumnTypeName;
      return {
        column: c.columnName,
        prop: c.propertyName,
        label: c.columnComment || humanize(c.columnName),
        englishLabel: humanize(c.columnName),
        type,
        wire: TYPE_INFO[type].wire,
        length: c.columnLength,
        required: c.whetherRequired === 'Y' || !c.isNullable,
        nullable: c.isNullable,
        inList: c.whetherTable === 'Y',
        inForm: c.whetherAddUpdate === 'Y',
        inQuery: c.queryWhether === 'Y',
        queryType: c.queryType,
        effectType: c.effectType,
        dictTypeCode: c.dictTypeCode,
      };
    });
  return {
    className: source.className,
    controller,
    folder: kebabCase(source.className),
    area: source.nameSpace,
    table: source.tableName,
    title: source.busName,
    author: source.authorName,
    menuParent: source.menuPid,
    menuIcon: source.menuIcon || 'AppstoreOutlined',
    routePath: `${parentPath.replace(/\/$/, '')}/${controller}`,
    component: `/${source.nameSpace}/${controller}/index`,
    fields,
  };
}
