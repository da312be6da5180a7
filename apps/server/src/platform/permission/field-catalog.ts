import { Type, type TProperties } from 'typebox';

/**
 * The tables whose fields a role's field blacklist may hide, with the fields as the API names them
 * (SPEC 6 "field blacklist", `allTableColumnList`). A route that returns or accepts rows of one of
 * these tables names it in `config.table`; the field guard does the rest (field-guard.ts).
 * Identifiers (`id`, `pid`, `tenantId`) are not listed: without them no row can be addressed.
 */
export const FIELD_CATALOG = {
  sysUser: [
    'account',
    'realName',
    'nickName',
    'avatar',
    'sex',
    'age',
    'birthday',
    'nation',
    'phone',
    'cardType',
    'idCardNum',
    'email',
    'address',
    'cultureLevel',
    'politicalOutlook',
    'college',
    'officePhone',
    'emergencyContact',
    'emergencyPhone',
    'emergencyAddress',
    'introduction',
    'jobNum',
    'posLevel',
    'joinDate',
    'orgId',
    'orgName',
    'posId',
    'posName',
    'signature',
    'lastLoginIp',
    'lastLoginTime',
    'remark',
  ],
  sysOrg: ['name', 'code', 'level', 'type', 'directorId', 'orderNo', 'status', 'remark'],
  sysPos: ['name', 'code', 'orderNo', 'status', 'remark', 'staffCount'],
  sysRole: ['name', 'code', 'dataScope', 'orderNo', 'status', 'remark', 'userCount'],
} as const satisfies Record<string, readonly string[]>;

export type GuardedTable = keyof typeof FIELD_CATALOG;

/** Whether a client-named table and column are in the catalog (own keys only: not `constructor`). */
export const isGuardedColumn = (table: string, column: string): boolean =>
  Object.hasOwn(FIELD_CATALOG, table) && FIELD_CATALOG[table as GuardedTable].includes(column as never);

/**
 * Marks the hideable fields of a response schema optional, so that an answer whose blacklisted
 * fields were removed still serialises. Handlers keep their full types: only the wire may omit them.
 */
export function hideable<P extends TProperties>(table: GuardedTable, properties: P): P {
  const guarded: readonly string[] = FIELD_CATALOG[table];
  return Object.fromEntries(
    Object.entries(properties).map(([key, schema]) => [
      key,
      guarded.includes(key) ? Type.Optional(schema) : schema,
    ]),
  ) as P;
}
