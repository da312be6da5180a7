import { Type, type Static } from 'typebox';
import { ANIMATIONS, LAYOUTS } from '../personal.js';
import { Id, Nullable } from './common.js';

/** A tenant's system information (sysTenant sysInfo, saveSysInfo; SPEC 3 Tenant system info). */

const Text = (max: number) => Nullable(Type.String({ maxLength: max }));
const HttpUrl = Type.String({ maxLength: 512, pattern: '^https?://[^\\s<>"]+$' });

export const TenantIdParams = Type.Object({ tenantId: Id }, { additionalProperties: false });

/** GET /api/sysTenant/sysInfo/{tenantId}: public, read before sign-in. */
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
export type SysInfo = Static<typeof SysInfoResult>;

/**
 * A partial update of a tenant's system information: omitted fields stay as they are. Only the
 * super admin may name another tenant.
 */
export const SaveSysInfoBody = Type.Object(
  {
    tenantId: Type.Optional(Id),
    title: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    viceTitle: Type.Optional(Text(128)),
    viceDesc: Type.Optional(Text(512)),
    logo: Type.Optional(
      Nullable(
        Type.Union([
          Type.String({
            maxLength: 512,
            pattern: '^/upload/[A-Za-z0-9_-]+(/[A-Za-z0-9_-]+)*\\.(png|jpg|webp|svg)$',
          }),
          HttpUrl,
        ]),
      ),
    ),
    icp: Type.Optional(Text(128)),
    icpUrl: Type.Optional(Nullable(Type.Union([HttpUrl, Type.Literal('')]))),
    watermark: Type.Optional(Text(128)),
    copyright: Type.Optional(Text(256)),
    themeColor: Type.Optional(Type.String({ pattern: '^#[0-9a-fA-F]{6}$' })),
    layout: Type.Optional(Type.Union(LAYOUTS.map((l) => Type.Literal(l)))),
    animation: Type.Optional(Type.Union(ANIMATIONS.map((a) => Type.Literal(a)))),
    secondVer: Type.Optional(Type.Boolean()),
    captcha: Type.Optional(Type.Boolean()),
    forceChangePassword: Type.Optional(Type.Boolean()),
    passwordExpirationTime: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 3650, description: 'Days; 0 never expires' }),
    ),
    i18NSwitch: Type.Optional(Type.Boolean()),
    idleTimeout: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 31_536_000, description: 'Seconds; 0 disables' }),
    ),
    onlineNotice: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
/** POST /api/sysTenant/saveSysInfo: omitted fields stay as they are. */
export type SaveSysInfoInput = Static<typeof SaveSysInfoBody>;
