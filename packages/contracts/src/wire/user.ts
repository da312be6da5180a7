import { Type, type Static } from 'typebox';
import { ACCOUNT_NAME } from '../account-rules.js';
import { AccountType, Status } from '../enums.js';
import { Day, Id, Nullable } from './common.js';
import { ExportFields } from './export.js';
import { KeysetFields, PageInputFields } from './paging.js';
import { BaseInfoBody, BaseInfoResult } from './user-profile.js';

/** Account administration (sysUser): the request and row schemas of apps/server modules/sys-user. */

const Text = (max: number) => Nullable(Type.String({ maxLength: max }));

/** Account types an administrator may give; the super admin type is never created through the API. */
const AssignableType = Type.Union([
  Type.Literal(AccountType.SysAdmin),
  Type.Literal(AccountType.NormalUser),
  Type.Literal(AccountType.Member),
  Type.Literal(AccountType.Other),
]);

export const ExtOrgInput = Type.Object(
  {
    orgId: Id,
    posId: Type.Optional(Nullable(Id)),
    jobNum: Type.Optional(Text(32)),
    posLevel: Type.Optional(Text(32)),
    joinDate: Type.Optional(Nullable(Day)),
  },
  { additionalProperties: false },
);
export type ExtOrgInput = Static<typeof ExtOrgInput>;

/**
 * Everything an administrator sets on an account: the profile fields of the personal centre plus
 * the account, type, organisation, position, job fields, status, order, roles and affiliated
 * organisations (SPEC 3 "Account").
 */
const AccountFields = {
  ...BaseInfoBody.properties,
  account: Type.String(ACCOUNT_NAME),
  realName: Type.String({ minLength: 1, maxLength: 64 }),
  accountType: Type.Optional(AssignableType),
  orgId: Id,
  posId: Type.Optional(Nullable(Id)),
  jobNum: Type.Optional(Text(32)),
  jobTitle: Type.Optional(Text(64)),
  employeeId: Type.Optional(Text(32)),
  domainAccount: Type.Optional(Text(64)),
  joinDate: Type.Optional(Nullable(Day)),
  status: Type.Optional(Type.Union([Type.Literal(Status.Enable), Type.Literal(Status.Disable)])),
  orderNo: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  remark: Type.Optional(Text(256)),
  roleIdList: Type.Optional(Type.Array(Id, { maxItems: 100 })),
  extOrgIdList: Type.Optional(Type.Array(ExtOrgInput, { maxItems: 50 })),
};

export const AddUserBody = Type.Object(
  {
    ...AccountFields,
    /** SM2-encrypted like the sign-in password; empty or absent: the tenant's default password. */
    password: Type.Optional(Type.String({ maxLength: 1024 })),
  },
  { additionalProperties: false },
);
export type AddUserInput = Static<typeof AddUserBody>;

export const UpdateUserBody = Type.Object({ id: Id, ...AccountFields }, { additionalProperties: false });
export type UpdateUserInput = Static<typeof UpdateUserBody>;

export const PageUserBody = Type.Object(
  {
    ...PageInputFields,
    ...KeysetFields,
    account: Type.Optional(Type.String({ maxLength: 64 })),
    realName: Type.Optional(Type.String({ maxLength: 64 })),
    phone: Type.Optional(Type.String({ maxLength: 32 })),
    /** The organisation picked in the tree: accounts of it and every organisation below it. */
    orgId: Type.Optional(Id),
    posId: Type.Optional(Id),
    status: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 })),
  },
  { additionalProperties: false },
);
export type UserFilter = Static<typeof PageUserBody>;

export const UserExportBody = Type.Object(
  { ...PageUserBody.properties, ...ExportFields },
  { additionalProperties: false },
);
export type UserExportInput = Static<typeof UserExportBody>;

export const UserRow = Type.Object({
  id: Type.String(),
  account: Type.String(),
  realName: Nullable(Type.String()),
  nickName: Nullable(Type.String()),
  avatar: Nullable(Type.String()),
  sex: Type.Integer(),
  phone: Nullable(Type.String()),
  email: Nullable(Type.String()),
  accountType: Type.Integer(),
  orgId: Nullable(Type.String()),
  orgName: Nullable(Type.String()),
  posId: Nullable(Type.String()),
  posName: Nullable(Type.String()),
  jobNum: Nullable(Type.String()),
  status: Type.Integer(),
  orderNo: Type.Integer(),
  /** Signing in is locked after too many failures (unlockLogin lifts it). */
  locked: Type.Boolean(),
  lastLoginIp: Nullable(Type.String()),
  lastLoginTime: Nullable(Type.String()),
  createTime: Type.String(),
});
export type UserRow = Static<typeof UserRow>;

export const ExtOrgRow = Type.Object({
  orgId: Type.String(),
  orgName: Nullable(Type.String()),
  posId: Nullable(Type.String()),
  posName: Nullable(Type.String()),
  jobNum: Nullable(Type.String()),
  posLevel: Nullable(Type.String()),
  joinDate: Nullable(Type.String()),
});
export type ExtOrgRow = Static<typeof ExtOrgRow>;

/** One account with everything the edit form shows. */
export const UserDetail = Type.Object({
  ...BaseInfoResult.properties,
  orderNo: Type.Integer(),
  remark: Nullable(Type.String()),
  locked: Type.Boolean(),
  roleIdList: Type.Array(Type.String()),
  extOrgIdList: Type.Array(ExtOrgRow),
});
export type UserDetail = Static<typeof UserDetail>;

export const UserIdParams = Type.Object({ userId: Id }, { additionalProperties: false });

export const GrantRoleBody = Type.Object(
  { userId: Id, roleIdList: Type.Array(Id, { maxItems: 100 }) },
  { additionalProperties: false },
);

export const ResetPwdBody = Type.Object(
  {
    id: Id,
    /** SM2-encrypted new password; empty or absent: the tenant's default password. */
    password: Type.Optional(Type.String({ maxLength: 1024 })),
  },
  { additionalProperties: false },
);

export const SetUserStatusBody = Type.Object(
  { id: Id, status: Type.Union([Type.Literal(Status.Enable), Type.Literal(Status.Disable)]) },
  { additionalProperties: false },
);

export const ImportReport = Type.Object({
  total: Type.Integer(),
  imported: Type.Integer(),
  failed: Type.Integer(),
  errors: Type.Array(
    Type.Object({
      row: Type.Integer(),
      account: Nullable(Type.String()),
      messages: Type.Array(Type.String()),
    }),
  ),
});
export type ImportReport = Static<typeof ImportReport>;
