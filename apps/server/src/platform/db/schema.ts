import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { SysLogDiffTable, SysLogOpTable } from './tables/audit-log-tables.js';
import type { Audit, DateOnly, Id, NullableTimestamp, Timestamp } from './tables/column-types.js';
import type {
  SysFileTable,
  SysOauthBindingTable,
  SysOauthProviderTable,
  SysScheduleTable,
} from './tables/feature-tables.js';
import type { SysOnlineUserTable } from './tables/online-user-tables.js';
import type {
  SysJobClusterTable,
  SysJobDetailTable,
  SysJobTriggerRecordTable,
  SysJobTriggerTable,
  SysOnlineServerTable,
} from './tables/job-tables.js';
import type { SysCodeGenConfigTable, SysCodeGenTable } from './tables/code-gen-tables.js';
import type { SysLangTable, SysUserMenuTable } from './tables/config-lang-tables.js';

/**
 * Table types for Kysely: the foundation's tables (0001) here, later areas in ./tables/, and the
 * database map with the row types modules use. Modules import from this file only.
 */
export type * from './tables/audit-log-tables.js';
export type * from './tables/feature-tables.js';
export type * from './tables/online-user-tables.js';
export type * from './tables/config-lang-tables.js';
export type * from './tables/job-tables.js';

export interface SysTenantTable extends Audit {
  id: Id;
  name: string;
  userId: Id | null;
  orgId: Id | null;
  host: string | null;
  email: string | null;
  phone: string | null;
  tenantType: Generated<number>;
  dbType: string | null;
  connection: string | null;
  configId: string | null;
  enableReg: Generated<boolean>;
  logo: string | null;
  title: Generated<string>;
  viceTitle: string | null;
  viceDesc: string | null;
  icp: string | null;
  icpUrl: string | null;
  watermark: string | null;
  copyright: string | null;
  carouselFiles: ColumnType<string[], string | undefined, string>;
  themeColor: Generated<string>;
  layout: Generated<string>;
  animation: Generated<string>;
  secondVer: Generated<boolean>;
  captcha: Generated<boolean>;
  forceChangePassword: Generated<boolean>;
  passwordExpirationDays: Generated<number>;
  i18nSwitch: Generated<boolean>;
  idleTimeout: Generated<number>;
  onlineNotice: Generated<boolean>;
  status: Generated<number>;
  orderNo: Generated<number>;
  remark: string | null;
  /** Deleted tenants are kept, disabled and hidden (0007_tenant_soft_delete). */
  isDelete: Generated<boolean>;
}

export interface SysOrgTable extends Audit {
  id: Id;
  tenantId: Id;
  pid: Generated<Id>;
  name: string;
  code: string | null;
  level: number | null;
  type: string | null;
  directorId: Id | null;
  orderNo: Generated<number>;
  status: Generated<number>;
  remark: string | null;
  /** `/<root>/…/<id>/`, kept by triggers (migration 0033): the application cannot write it. */
  path: ColumnType<string, never, never>;
}

export interface SysPosTable extends Audit {
  id: Id;
  tenantId: Id;
  name: string;
  code: string | null;
  orderNo: Generated<number>;
  status: Generated<number>;
  remark: string | null;
}

export interface SysUserTable extends Audit {
  id: Id;
  tenantId: Id;
  account: string;
  password: string;
  realName: string | null;
  nickName: string | null;
  pinyin: string | null;
  fullPinyin: string | null;
  avatar: string | null;
  sex: Generated<number>;
  age: number | null;
  birthday: DateOnly;
  nation: string | null;
  phone: string | null;
  cardType: Generated<number>;
  idCardNum: string | null;
  email: string | null;
  address: string | null;
  cultureLevel: number | null;
  politicalOutlook: string | null;
  college: string | null;
  officePhone: string | null;
  emergencyContact: string | null;
  emergencyPhone: string | null;
  emergencyAddress: string | null;
  introduction: string | null;
  signature: string | null;
  accountType: Generated<number>;
  orgId: Id | null;
  posId: Id | null;
  jobNum: string | null;
  jobTitle: string | null;
  employeeId: string | null;
  domainAccount: string | null;
  joinDate: DateOnly;
  langCode: string | null;
  status: Generated<number>;
  orderNo: Generated<number>;
  remark: string | null;
  lastLoginIp: string | null;
  lastLoginAddress: string | null;
  lastLoginTime: NullableTimestamp;
  lastLoginDevice: string | null;
  lastChangePasswordTime: NullableTimestamp;
}

export interface SysUserExtOrgTable {
  id: Id;
  tenantId: Id;
  userId: Id;
  orgId: Id;
  posId: Id | null;
  jobNum: string | null;
  posLevel: string | null;
  joinDate: DateOnly;
}

export interface SysRoleTable extends Audit {
  id: Id;
  tenantId: Id;
  name: string;
  code: string;
  dataScope: Generated<number>;
  isSystem: Generated<boolean>;
  orderNo: Generated<number>;
  status: Generated<number>;
  remark: string | null;
}

export interface SysUserRoleTable {
  tenantId: Id;
  userId: Id;
  roleId: Id;
}

export interface SysMenuTable extends Audit {
  id: Id;
  pid: Generated<Id>;
  key: string | null;
  scope: Generated<string>;
  type: number;
  name: string | null;
  path: string | null;
  component: string | null;
  redirect: string | null;
  permission: string | null;
  title: string;
  icon: string | null;
  isIframe: Generated<boolean>;
  outLink: string | null;
  isHide: Generated<boolean>;
  isKeepAlive: Generated<boolean>;
  isAffix: Generated<boolean>;
  orderNo: Generated<number>;
  status: Generated<number>;
  remark: string | null;
}

export interface SysTenantMenuTable {
  tenantId: Id;
  menuId: Id;
}

export interface SysRoleMenuTable {
  tenantId: Id;
  roleId: Id;
  menuId: Id;
}

export interface SysRoleOrgTable {
  tenantId: Id;
  roleId: Id;
  orgId: Id;
}

export interface SysRoleApiTable {
  tenantId: Id;
  roleId: Id;
  route: string;
}

export interface SysRoleTableTable {
  tenantId: Id;
  roleId: Id;
  tableName: string;
  columnName: string;
}

export interface SysDictTypeTable extends Audit {
  id: Id;
  tenantId: Id;
  name: string;
  code: string;
  orderNo: Generated<number>;
  remark: string | null;
  status: Generated<number>;
  sysFlag: Generated<string>;
}

export interface SysDictDataTable extends Audit {
  id: Id;
  tenantId: Id;
  dictTypeId: Id;
  label: string;
  value: string;
  code: string | null;
  name: string | null;
  tagType: string | null;
  styleSetting: string | null;
  classSetting: string | null;
  extData: string | null;
  orderNo: Generated<number>;
  remark: string | null;
  status: Generated<number>;
}

export interface SysConfigTable extends Audit {
  id: Id;
  tenantId: Id;
  name: string;
  code: string;
  value: string | null;
  sysFlag: Generated<string>;
  groupCode: Generated<string>;
  orderNo: Generated<number>;
  remark: string | null;
}

export interface SysKeyTable {
  name: string;
  value: string;
  createTime: Generated<Date>;
}

export interface SysTokenFamilyTable {
  id: Id;
  tenantId: Id;
  userId: Id;
  generation: Generated<number>;
  rotatedAt: NullableTimestamp;
  expiresAt: Timestamp;
  revokedAt: NullableTimestamp;
  revokeReason: string | null;
  ip: string | null;
  userAgent: string | null;
  createTime: Generated<Date>;
}

export interface SysLoginFailureTable {
  tenantId: Id;
  /** What is locked: `u:<account id>` for an account, `n:<typed name>` for a name no account has. */
  subject: string;
  failCount: Generated<number>;
  lastFailedAt: Generated<Date>;
  lockedUntil: NullableTimestamp;
}

export interface DB extends ModuleTables {
  sysTenant: SysTenantTable;
  sysOrg: SysOrgTable;
  sysPos: SysPosTable;
  sysLogOp: SysLogOpTable;
  sysLogDiff: SysLogDiffTable;
  sysUser: SysUserTable;
  sysUserExtOrg: SysUserExtOrgTable;
  sysRole: SysRoleTable;
  sysUserRole: SysUserRoleTable;
  sysMenu: SysMenuTable;
  sysTenantMenu: SysTenantMenuTable;
  sysRoleMenu: SysRoleMenuTable;
  sysRoleOrg: SysRoleOrgTable;
  sysRoleApi: SysRoleApiTable;
  sysRoleTable: SysRoleTableTable;
  sysDictType: SysDictTypeTable;
  sysDictData: SysDictDataTable;
  sysConfig: SysConfigTable;
  sysKey: SysKeyTable;
  sysTokenFamily: SysTokenFamilyTable;
  sysLoginFailure: SysLoginFailureTable;
  sysOauthProvider: SysOauthProviderTable;
  sysOauthBinding: SysOauthBindingTable;
  sysFile: SysFileTable;
  sysSchedule: SysScheduleTable;
  sysOnlineUser: SysOnlineUserTable;
  sysJobDetail: SysJobDetailTable;
  sysJobTrigger: SysJobTriggerTable;
  sysJobTriggerRecord: SysJobTriggerRecordTable;
  sysJobCluster: SysJobClusterTable;
  sysOnlineServer: SysOnlineServerTable;
  sysCodeGen: SysCodeGenTable;
  sysCodeGenConfig: SysCodeGenConfigTable;
  sysLang: SysLangTable;
  sysUserMenu: SysUserMenuTable;
}

/**
 * The tables of modules built with the module kit: each module's `<name>.table.ts` adds its table
 * here by declaration merging, so a new module edits no shared file for its table type.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ModuleTables {}

export type Tenant = Selectable<SysTenantTable>;
export type User = Selectable<SysUserTable>;
export type NewUser = Insertable<SysUserTable>;
export type Menu = Selectable<SysMenuTable>;
export type NewMenu = Insertable<SysMenuTable>;
export type MenuUpdate = Updateable<SysMenuTable>;
export type DictType = Selectable<SysDictTypeTable>;
export type DictData = Selectable<SysDictDataTable>;
export type Org = Selectable<SysOrgTable>;
export type Pos = Selectable<SysPosTable>;
