import { Type } from 'typebox';
import { Id } from '../../platform/http/schemas.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const TenantIdParams = Type.Object({ tenantId: Id }, { additionalProperties: false });

export const SysInfoResult = Type.Object({
  tenantId: Type.String(),
  logo: Type.String(),
  title: Type.String(),
  viceTitle: Nullable(Type.String()),
  viceDesc: Nullable(Type.String()),
  icp: Nullable(Type.String()),
  icpUrl: Nullable(Type.String()),
  watermark: Nullable(Type.String()),
  copyright: Nullable(Type.String()),
  version: Type.String(),
  carouselFiles: Type.Array(Type.String()),
  themeColor: Type.String(),
  layout: Type.String(),
  animation: Type.String(),
  secondVer: Type.Boolean(),
  captcha: Type.Boolean(),
  forceChangePassword: Type.Boolean(),
  passwordExpirationTime: Type.Integer({ description: 'Days a password stays valid; 0 never expires' }),
  i18NSwitch: Type.Boolean(),
  idleTimeout: Type.Integer({ description: 'Seconds; 0 disables' }),
  onlineNotice: Type.Boolean(),
  publicKey: Type.String({ description: 'SM2 public key for password fields (hex, with 04)' }),
  demo: Nullable(Type.Object({ account: Type.String(), password: Type.String() })),
});
