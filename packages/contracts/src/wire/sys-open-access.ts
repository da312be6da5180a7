import { Type, type Static } from 'typebox';
import { Id, Nullable, StatusValue } from './common.js';
import { PageInputFields, PageOf } from './paging.js';

/**
 * Open API access keys (sysOpenAccess, Admin.NET's SysOpenAccess): a key acts as one account of the
 * caller's tenant. A request signed with it carries the headers `accessKey`, `timestamp` (Unix
 * seconds), `nonce` and `sign` = Base64(HMAC-SHA256(secret, `METHOD&path&accessKey&timestamp&nonce`)).
 * The secret is shown once (add, secret) and never listed: rows say `hasSecret`.
 */

const Time = Type.String({ format: 'date-time', description: 'ISO 8601 time' });
const Remark = Type.Optional(Nullable(Type.String({ maxLength: 256 })));

export const PageOpenAccessBody = Type.Object(
  {
    ...PageInputFields,
    accessKey: Type.Optional(Type.String({ maxLength: 64 })),
    bindUserId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type OpenAccessFilter = Static<typeof PageOpenAccessBody>;

export const OpenAccessOutput = Type.Object({
  id: Id,
  accessKey: Type.String(),
  hasSecret: Type.Boolean(),
  bindTenantId: Id,
  bindUserId: Id,
  bindUserAccount: Nullable(Type.String()),
  bindUserName: Nullable(Type.String()),
  status: Type.Integer(),
  remark: Nullable(Type.String()),
  lastUsedTime: Nullable(Time),
  lastUsedIp: Nullable(Type.String()),
  createTime: Time,
});
export type OpenAccessRow = Static<typeof OpenAccessOutput>;
export const OpenAccessPage = PageOf(OpenAccessOutput);

export const AddOpenAccessBody = Type.Object(
  { bindUserId: Id, status: Type.Optional(StatusValue), remark: Remark },
  { additionalProperties: false },
);
export type OpenAccessInput = Static<typeof AddOpenAccessBody>;
export const UpdateOpenAccessBody = Type.Object(
  { id: Id, bindUserId: Id, status: Type.Optional(StatusValue), remark: Remark },
  { additionalProperties: false },
);
export type OpenAccessUpdate = Static<typeof UpdateOpenAccessBody>;

/** The key and its secret: answered by add and secret only, once. */
export const OpenAccessSecretOutput = Type.Object({
  id: Id,
  accessKey: Type.String(),
  accessSecret: Type.String(),
});
export type OpenAccessSecret = Static<typeof OpenAccessSecretOutput>;

/** What the signature helper signs (Admin.NET's generateSignature input). */
export const GenerateSignatureBody = Type.Object(
  {
    /** A saved key of the tenant (its secret is used on the server)… */
    accessKey: Type.String({ minLength: 1, maxLength: 64 }),
    /** …or the secret the caller holds; when given it is used instead. */
    accessSecret: Type.Optional(Type.String({ maxLength: 128 })),
    method: Type.String({ minLength: 3, maxLength: 7, pattern: '^[A-Za-z]+$' }),
    url: Type.String({ minLength: 1, maxLength: 512, description: 'The path (a query or host is dropped)' }),
    timestamp: Type.Integer({ minimum: 0, maximum: 99_999_999_999, description: 'Unix seconds' }),
    nonce: Type.String({ minLength: 1, maxLength: 64 }),
  },
  { additionalProperties: false },
);
export type GenerateSignatureInput = Static<typeof GenerateSignatureBody>;
export const GenerateSignatureOutput = Type.Object({
  /** `METHOD&path&accessKey&timestamp&nonce`: what was signed. */
  stringToSign: Type.String(),
  sign: Type.String(),
});
export type GenerateSignatureResult = Static<typeof GenerateSignatureOutput>;
