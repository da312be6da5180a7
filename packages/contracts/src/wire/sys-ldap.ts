import { Type, type Static } from 'typebox';
import { Id, Nullable, StatusValue } from './common.js';
import { PageInputFields } from './paging.js';

/**
 * Directory sign-in (sysLdap, Admin.NET's SysLdap): one LDAP / Active Directory setting per tenant.
 * Linked accounts sign in with their directory password while the setting is enabled; `syncDept`
 * and `syncUser` bring the directory's organisational units and people in (a preview first when
 * `preview` is true). The bind password is written, never read back: rows say `hasBindPass`.
 */

const Time = Type.String({ format: 'date-time', description: 'ISO 8601 time' });
const Attribute = (fallback: string) =>
  Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z][A-Za-z0-9-]*$', default: fallback });

export const LdapTlsValue = Type.Union(
  [Type.Literal('none'), Type.Literal('ldaps'), Type.Literal('starttls')],
  {
    description:
      'none: plain LDAP; ldaps: TLS from the start (port 636); starttls: upgraded after connecting',
  },
);
export type LdapTls = Static<typeof LdapTlsValue>;

const LdapFields = {
  host: Type.String({
    minLength: 1,
    maxLength: 128,
    pattern: '^[A-Za-z0-9._:\\[\\]-]+$',
    description: 'Directory host (private addresses only where ALLOW_PRIVATE_HOSTS names them)',
  }),
  port: Type.Integer({ minimum: 1, maximum: 65535 }),
  tls: Type.Optional(LdapTlsValue),
  caCert: Type.Optional(
    Nullable(
      Type.String({
        maxLength: 16384,
        description:
          'PEM certificate(s) of the private CA that signed the directory certificate (ldaps, starttls); empty: the public CAs Node.js trusts',
      }),
    ),
  ),
  baseDn: Type.String({ minLength: 1, maxLength: 256, description: 'Where people and units are searched' }),
  bindDn: Type.String({ minLength: 1, maxLength: 256, description: 'The service account that searches' }),
  bindPass: Type.Optional(
    Type.String({ maxLength: 256, description: 'Written only; empty keeps the saved one on update' }),
  ),
  authFilter: Type.String({
    minLength: 1,
    maxLength: 256,
    description: 'Finds a person by the name typed at sign-in: %s stands for it (sAMAccountName=%s, uid=%s)',
  }),
  version: Type.Optional(Type.Integer({ minimum: 3, maximum: 3, default: 3 })),
  bindAttrAccount: Type.Optional(Attribute('sAMAccountName')),
  bindAttrEmployeeId: Type.Optional(Attribute('EmployeeId')),
  bindAttrCode: Type.Optional(Attribute('objectGUID')),
  bindAttrName: Type.Optional(Attribute('cn')),
  status: Type.Optional(StatusValue),
  remark: Type.Optional(Nullable(Type.String({ maxLength: 256 }))),
};

export const AddLdapBody = Type.Object(LdapFields, { additionalProperties: false });
export type LdapInput = Static<typeof AddLdapBody>;
export const UpdateLdapBody = Type.Object({ id: Id, ...LdapFields }, { additionalProperties: false });
export type LdapUpdate = Static<typeof UpdateLdapBody>;

export const PageLdapBody = Type.Object(
  {
    ...PageInputFields,
    keyword: Type.Optional(Type.String({ maxLength: 128 })),
    host: Type.Optional(Type.String({ maxLength: 128 })),
  },
  { additionalProperties: false },
);
export type LdapFilter = Static<typeof PageLdapBody>;

export const LdapOutput = Type.Object({
  id: Id,
  tenantId: Id,
  host: Type.String(),
  port: Type.Integer(),
  tls: LdapTlsValue,
  caCert: Nullable(Type.String({ description: 'PEM of the trusted private CA, or null' })),
  baseDn: Type.String(),
  bindDn: Type.String(),
  hasBindPass: Type.Boolean(),
  authFilter: Type.String(),
  version: Type.Integer(),
  bindAttrAccount: Type.String(),
  bindAttrEmployeeId: Type.String(),
  bindAttrCode: Type.String(),
  bindAttrName: Type.String(),
  status: Type.Integer(),
  remark: Nullable(Type.String()),
  createTime: Time,
  updateTime: Nullable(Time),
  createUserName: Nullable(Type.String()),
  updateUserName: Nullable(Type.String()),
});
export type LdapRow = Static<typeof LdapOutput>;

export const LdapSyncBody = Type.Object(
  {
    id: Id,
    preview: Type.Optional(Type.Boolean({ description: 'true: report what would change, change nothing' })),
  },
  { additionalProperties: false },
);
export type LdapSyncInput = Static<typeof LdapSyncBody>;

export const LdapSyncAction = Type.Union(
  [
    Type.Literal('add'),
    Type.Literal('update'),
    Type.Literal('link'),
    Type.Literal('keep'),
    Type.Literal('skip'),
    Type.Literal('disable'),
  ],
  {
    description:
      'add: new; update: changed; link: an existing account bound; keep: unchanged; skip: not taken; disable: a linked account whose entry left the directory',
  },
);
export type LdapSyncActionValue = Static<typeof LdapSyncAction>;

export const LdapSyncItem = Type.Object({
  dn: Type.String(),
  name: Type.String({ description: 'Account name (people) or unit name' }),
  action: LdapSyncAction,
  reason: Nullable(Type.String({ description: 'Why an entry was skipped, in the caller’s language' })),
});
export type LdapSyncItemRow = Static<typeof LdapSyncItem>;

/** Admin.NET's SyncLdapResult (`added`, `total`) with the rest of the report. */
export const LdapSyncOutput = Type.Object({
  preview: Type.Boolean(),
  total: Type.Integer(),
  added: Type.Integer(),
  updated: Type.Integer(),
  linked: Type.Integer(),
  kept: Type.Integer(),
  skipped: Type.Integer(),
  disabled: Type.Integer({ description: 'Linked accounts disabled because their entry left the directory' }),
  items: Type.Array(LdapSyncItem),
});
export type LdapSyncReport = Static<typeof LdapSyncOutput>;

export const LdapTestOutput = Type.Object({
  people: Type.Integer({ description: 'Entries the sign-in filter matches under the base (up to 1000)' }),
  units: Type.Integer({ description: 'Organisational units under the base (up to 1000)' }),
});
export type LdapTestResult = Static<typeof LdapTestOutput>;
