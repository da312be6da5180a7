import { Type } from 'typebox';
import { Id } from '../../platform/http/schemas.js';
import { SliderTokenField } from './slider/slider.schema.js';

export const PHONE_PATTERN = '^1[3-9][0-9]{9}$';

export const LoginBody = Type.Object(
  {
    account: Type.String({ minLength: 2, maxLength: 64, description: 'Account name or e-mail' }),
    password: Type.String({ minLength: 3, maxLength: 1024, description: 'SM2-encrypted (C1C3C2, hex)' }),
    tenantId: Type.Optional(Id),
    codeId: Type.Optional(Type.String({ maxLength: 64 })),
    code: Type.Optional(Type.String({ maxLength: 16 })),
    sliderToken: SliderTokenField,
  },
  { additionalProperties: false },
);

export const LoginPhoneBody = Type.Object(
  {
    phone: Type.String({ pattern: PHONE_PATTERN, description: '11-digit mobile number' }),
    code: Type.String({ minLength: 4, maxLength: 8 }),
    tenantId: Type.Optional(Id),
    sliderToken: SliderTokenField,
  },
  { additionalProperties: false },
);

export const SmsCodeParams = Type.Object(
  { phoneNumber: Type.String({ pattern: PHONE_PATTERN }) },
  { additionalProperties: false },
);
export const SmsCodeQuery = Type.Object({ tenantId: Type.Optional(Id) }, { additionalProperties: false });
export const SmsCodeResult = Type.Object({ resendAfter: Type.Integer(), expirySeconds: Type.Integer() });

export const TokenResult = Type.Object({
  accessToken: Type.String(),
  refreshToken: Type.String(),
  homepage: Type.Union([Type.String(), Type.Null()]),
});

export const CaptchaResult = Type.Object({
  id: Type.String(),
  img: Type.String({ description: 'data: URL of the image' }),
  expirySeconds: Type.Integer(),
  enabled: Type.Boolean({ description: 'Whether the default tenant asks for the captcha' }),
});

const UnlockPassword = Type.String({ minLength: 1, maxLength: 1024, description: 'SM2-encrypted password' });
/** Admin.NET sends the password in the query string; our client sends it in the body (kept out of logs). */
export const UnlockQuery = Type.Object(
  { password: Type.Optional(UnlockPassword) },
  { additionalProperties: false },
);
export const UnlockBody = Type.Object(
  { password: Type.Optional(UnlockPassword) },
  { additionalProperties: false },
);

export const RefreshQuery = Type.Object(
  { accessToken: Type.Optional(Type.String({ maxLength: 4096 })) },
  { additionalProperties: false },
);

export const HostnameParams = Type.Object(
  { hostname: Type.String({ minLength: 1, maxLength: 253 }) },
  { additionalProperties: false },
);

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const UserInfoResult = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  currentTenantId: Type.String(),
  account: Type.String(),
  realName: Nullable(Type.String()),
  nickName: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  idCardNum: Nullable(Type.String()),
  email: Nullable(Type.String()),
  accountType: Type.Integer(),
  avatar: Nullable(Type.String()),
  address: Nullable(Type.String()),
  signature: Nullable(Type.String()),
  introduction: Nullable(Type.String()),
  orgId: Nullable(Type.String()),
  orgName: Nullable(Type.String()),
  orgType: Nullable(Type.String()),
  posId: Nullable(Type.String()),
  posName: Nullable(Type.String()),
  roles: Type.Array(Type.String(), { description: 'Role codes' }),
  roleIds: Type.Array(Type.String()),
  buttons: Type.Array(Type.String(), { description: 'Permission codes (same as apis)' }),
  apis: Type.Array(Type.String(), { description: 'Permission codes held: the client authApiList' }),
  langCode: Nullable(Type.String()),
  lastChangePasswordTime: Nullable(Type.String()),
  passwordChangeDue: Type.Union([Type.Literal('firstSignIn'), Type.Literal('expired'), Type.Null()], {
    description:
      'Set when the tenant requires a new password first: every other call answers 403 until it is changed',
  }),
  watermarkText: Type.String(),
  isSuperAdmin: Type.Boolean(),
});
