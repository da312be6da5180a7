import type { GuardedTable } from '../../platform/permission/field-catalog.js';

/**
 * The tables and fields the report builder offers: a subset of what migration 0022 grants the report
 * role (column grants), so never a password hash, token, secret or identity-card number. Names are
 * the columns' own (snake case), as report SQL names them. A table with an organisation column gets
 * the caller's data scope in builder mode; `guard` names its field blacklist table, whose hidden
 * fields the caller is never offered (their camelCase names).
 */
export type CatalogFieldType = 'text' | 'number' | 'date' | 'time';

export interface CatalogField {
  name: string;
  type: CatalogFieldType;
  /** A computed field: SQL over the table aliased `t` (a name looked up by id), else the column. */
  expr?: string;
}

export interface CatalogTable {
  table: string;
  guard?: GuardedTable;
  /** Data scope: the organisation column and the columns naming the owner (qualified by `t.`). */
  scope?: { orgColumn: string; ownerColumns: string[] };
  fields: CatalogField[];
}

const text = (...names: string[]): CatalogField[] => names.map((name) => ({ name, type: 'text' as const }));
const num = (...names: string[]): CatalogField[] => names.map((name) => ({ name, type: 'number' as const }));
const time = (...names: string[]): CatalogField[] => names.map((name) => ({ name, type: 'time' as const }));

export const REPORT_CATALOG: readonly CatalogTable[] = [
  {
    table: 'sys_user',
    guard: 'sysUser',
    scope: { orgColumn: 't.org_id', ownerColumns: ['t.id', 't.create_user_id'] },
    fields: [
      ...num('id'),
      ...text('account', 'real_name', 'nick_name'),
      ...num('sex', 'age'),
      { name: 'birthday', type: 'date' },
      ...text('nation', 'phone', 'email'),
      ...num('org_id'),
      { name: 'org_name', type: 'text', expr: '(select o.name from sys_org o where o.id = t.org_id)' },
      ...num('pos_id'),
      { name: 'pos_name', type: 'text', expr: '(select p.name from sys_pos p where p.id = t.pos_id)' },
      ...text('job_num', 'job_title'),
      { name: 'join_date', type: 'date' },
      ...num('account_type', 'status', 'order_no'),
      ...text('remark'),
      ...time('last_login_time', 'create_time'),
    ],
  },
  {
    table: 'sys_org',
    guard: 'sysOrg',
    scope: { orgColumn: 't.id', ownerColumns: ['t.create_user_id'] },
    fields: [
      ...num('id', 'pid'),
      ...text('name', 'code'),
      ...num('level'),
      ...text('type'),
      ...num('director_id', 'order_no', 'status'),
      ...text('remark'),
      ...time('create_time'),
    ],
  },
  {
    table: 'sys_pos',
    guard: 'sysPos',
    fields: [
      ...num('id'),
      ...text('name', 'code'),
      ...num('order_no', 'status'),
      ...text('remark'),
      ...time('create_time'),
    ],
  },
  {
    table: 'sys_role',
    guard: 'sysRole',
    fields: [
      ...num('id'),
      ...text('name', 'code'),
      ...num('data_scope', 'order_no', 'status'),
      ...text('remark'),
      ...time('create_time'),
    ],
  },
  {
    table: 'sys_notice',
    fields: [
      ...num('id'),
      ...text('title'),
      ...num('type', 'status'),
      ...text('public_user_name', 'public_org_name'),
      ...time('public_time', 'create_time'),
    ],
  },
];

/** `org_name` → `orgName`: the field blacklist's name of a catalogue field. */
export const guardName = (field: string) => field.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** The catalogue table a builder names, or undefined (own entries only). */
export const catalogTable = (name: string) => REPORT_CATALOG.find((t) => t.table === name);

/** The fields of a table the caller may use: those their field blacklist does not hide. */
export function visibleFields(table: CatalogTable, hidden: ReadonlySet<string>): CatalogField[] {
  return table.fields.filter((f) => !hidden.has(guardName(f.name)));
}
