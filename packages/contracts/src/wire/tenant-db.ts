import { Type, type Static } from 'typebox';
import { ACCOUNT_NAME } from '../account-rules.js';
import { Id, Nullable } from './common.js';

/** Tenant databases (sysTenant createDb, initTenantDb, syncTenantDb, tenantDbList). */

export const CreateTenantDbBody = Type.Object(
  {
    id: Id,
    adminAccount: Type.Optional(
      Type.String({
        ...ACCOUNT_NAME,
        description: "Account name of the tenant's administrator in its new database (default admin)",
      }),
    ),
  },
  { additionalProperties: false },
);
export type CreateTenantDbInput = Static<typeof CreateTenantDbBody>;

export const TenantDbRowSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  kind: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
  location: Type.String({ description: 'PGlite folder, memory, or PostgreSQL URL without its password' }),
  ownConnection: Type.Boolean({ description: 'The tenant named its own connection string' }),
  created: Type.Boolean({ description: 'The database exists' }),
  initialised: Type.Boolean({ description: 'The database holds the tenant (initTenantData ran)' }),
  version: Nullable(Type.String({ description: 'Newest migration applied' })),
});
export type TenantDbRow = Static<typeof TenantDbRowSchema>;

export const TenantDbSyncRow = Type.Object({
  id: Type.String(),
  name: Type.String(),
  status: Type.Union([Type.Literal('synced'), Type.Literal('notCreated'), Type.Literal('failed')]),
  version: Nullable(Type.String()),
  menus: Type.Integer({ description: 'Menus copied from the main database' }),
  error: Nullable(Type.String()),
});
export type TenantDbSyncRow = Static<typeof TenantDbSyncRow>;
