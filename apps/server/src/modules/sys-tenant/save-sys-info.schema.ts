import { ANIMATIONS, LAYOUTS } from '@lintel/contracts';
import { Type } from 'typebox';
import { Id } from '../../platform/http/schemas.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const Text = (max: number) => Nullable(Type.String({ maxLength: max }));
const HttpUrl = Type.String({ maxLength: 512, pattern: '^https?://[^\\s<>"]+$' });

/**
 * A partial update of a tenant's system information (SPEC 3 Tenant system info): omitted fields
 * stay as they are. Only the super admin may name another tenant.
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
