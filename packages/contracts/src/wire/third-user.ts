import { Type, type Static } from 'typebox';
import { Id, Nullable } from './common.js';
import { PageInputFields } from './paging.js';

/**
 * Third-party users (Admin.NET's "三方账号", `sysWechatUser`): every outside identity bound to an
 * account of the tenant — third-party sign-in (OAuth / OpenID Connect, WeChat among them) and
 * directory links (LDAP) — with unbind. Bindings are made by the person signing in with the
 * provider or by the directory synchronisation, never typed in by an administrator.
 */

const Time = Type.String({ format: 'date-time', description: 'ISO 8601 time' });

export const ThirdUserKindValue = Type.Union(
  [Type.Literal('oauth'), Type.Literal('wechat'), Type.Literal('ldap')],
  {
    description:
      'oauth: an OAuth 2.0 / OpenID Connect sign-in provider; wechat: a WeChat sign-in provider ' +
      '(website QR or Official Account); ldap: the tenant directory',
  },
);
export type ThirdUserKind = Static<typeof ThirdUserKindValue>;

export const PageThirdUserBody = Type.Object(
  {
    ...PageInputFields,
    account: Type.Optional(Type.String({ maxLength: 64 })),
    nickName: Type.Optional(Type.String({ maxLength: 64, description: 'The account’s real name' })),
    phoneNumber: Type.Optional(Type.String({ maxLength: 32, description: 'The account’s phone number' })),
    platformType: Type.Optional(ThirdUserKindValue),
  },
  { additionalProperties: false },
);
export type ThirdUserFilter = Static<typeof PageThirdUserBody>;

export const ThirdUserOutput = Type.Object({
  id: Id,
  userId: Id,
  account: Type.String(),
  nickName: Nullable(Type.String({ description: 'The account’s real name' })),
  mobile: Nullable(Type.String({ description: 'The account’s phone number' })),
  platformType: ThirdUserKindValue,
  platformCode: Type.String({ description: 'The provider’s code, or ldap' }),
  platformName: Type.String({ description: 'The provider’s name, or LDAP' }),
  openId: Type.String({
    description:
      'The identity at the provider: its subject (WeChat: unionid, else openid), or the directory DN',
  }),
  externalName: Nullable(
    Type.String({ description: 'The name the provider gave when the identity was bound (WeChat nickname)' }),
  ),
  avatar: Nullable(Type.String({ description: 'The picture address the provider gave (WeChat headimgurl)' })),
  createTime: Time,
});
export type ThirdUserRow = Static<typeof ThirdUserOutput>;
