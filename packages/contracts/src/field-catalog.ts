/**
 * The tables whose fields a role's field blacklist may hide, with the fields as the API names them
 * (SPEC 6 "field blacklist", `allTableColumnList`). The server enforces it on every route that names
 * one of these tables; the web app leaves hidden fields out of its lists, prints and forms. Shared so
 * that both sides (and their tests) walk the same list. Identifiers (`id`, `pid`, `tenantId`) are not
 * listed: without them no row can be addressed.
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
