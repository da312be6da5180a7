import { Type, type Static } from 'typebox';
import { PHONE_PATTERN } from '../account-rules.js';
import { Day, Nullable } from './common.js';

/** The own account of the personal centre (sysUser baseInfo, changePwd, setLangCode). */

const Text = (max: number) => Nullable(Type.String({ maxLength: max }));

/** The own account (GET /api/sysUser/baseInfo). */
export const BaseInfoResult = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  account: Type.String(),
  realName: Nullable(Type.String()),
  nickName: Nullable(Type.String()),
  pinyin: Nullable(Type.String()),
  avatar: Nullable(Type.String()),
  signature: Nullable(Type.String()),
  sex: Type.Integer(),
  age: Nullable(Type.Integer()),
  birthday: Nullable(Type.String()),
  nation: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  cardType: Type.Integer(),
  idCardNum: Nullable(Type.String()),
  email: Nullable(Type.String()),
  address: Nullable(Type.String()),
  cultureLevel: Nullable(Type.Integer()),
  politicalOutlook: Nullable(Type.String()),
  college: Nullable(Type.String()),
  officePhone: Nullable(Type.String()),
  emergencyContact: Nullable(Type.String()),
  emergencyPhone: Nullable(Type.String()),
  emergencyAddress: Nullable(Type.String()),
  introduction: Nullable(Type.String()),
  accountType: Type.Integer(),
  orgId: Nullable(Type.String()),
  orgName: Nullable(Type.String()),
  posId: Nullable(Type.String()),
  posName: Nullable(Type.String()),
  jobNum: Nullable(Type.String()),
  jobTitle: Nullable(Type.String()),
  employeeId: Nullable(Type.String()),
  domainAccount: Nullable(Type.String()),
  joinDate: Nullable(Type.String()),
  status: Type.Integer(),
  roles: Type.Array(Type.Object({ id: Type.String(), code: Type.String(), name: Type.String() })),
  lastLoginIp: Nullable(Type.String()),
  lastLoginTime: Nullable(Type.String()),
  lastChangePasswordTime: Nullable(Type.String()),
  createTime: Type.String(),
});
/** The own account as the personal centre shows and edits it. */
export type BaseInfo = Static<typeof BaseInfoResult>;

/**
 * The fields an account may change about itself (BASE_INFO_EDITABLE). Account, status, type,
 * organisation and roles are undeclared, so dropped before the handler: the administrators' to set.
 */
export const BaseInfoBody = Type.Object(
  {
    realName: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    nickName: Type.Optional(Text(64)),
    sex: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2), Type.Literal(9)])),
    birthday: Type.Optional(Nullable(Day)),
    nation: Type.Optional(Text(32)),
    phone: Type.Optional(Nullable(Type.String({ pattern: `${PHONE_PATTERN}|^$` }))),
    cardType: Type.Optional(Type.Integer({ minimum: 0, maximum: 4 })),
    idCardNum: Type.Optional(Nullable(Type.String({ maxLength: 32, pattern: '^[0-9A-Za-z()-]*$' }))),
    email: Type.Optional(
      Nullable(Type.Union([Type.String({ format: 'email', maxLength: 128 }), Type.Literal('')])),
    ),
    address: Type.Optional(Text(256)),
    cultureLevel: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 11 }))),
    politicalOutlook: Type.Optional(Text(32)),
    college: Type.Optional(Text(128)),
    officePhone: Type.Optional(Nullable(Type.String({ maxLength: 32, pattern: '^[0-9+() -]*$' }))),
    emergencyContact: Type.Optional(Text(32)),
    emergencyPhone: Type.Optional(Nullable(Type.String({ maxLength: 32, pattern: '^[0-9+() -]*$' }))),
    emergencyAddress: Type.Optional(Text(256)),
    introduction: Type.Optional(Text(512)),
  },
  { additionalProperties: false },
);
/** What POST /api/sysUser/baseInfo takes: the editable fields, omitted ones unchanged. */
export type BaseInfoUpdate = Static<typeof BaseInfoBody>;

/** Both SM2-encrypted (C1C3C2 hex) like the sign-in password. */
export const ChangePwdBody = Type.Object(
  {
    passwordOld: Type.String({ minLength: 1, maxLength: 1024 }),
    passwordNew: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);
/** Both fields SM2-encrypted like the sign-in password. */
export type ChangePasswordInput = Static<typeof ChangePwdBody>;

/** A language tag, BCP 47-like (`zh-CN`, `en`, `en-US`, `zh_Hant`). */
export const LangCodeParams = Type.Object(
  {
    langCode: Type.String({ minLength: 2, maxLength: 16, pattern: '^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})*$' }),
  },
  { additionalProperties: false },
);
