/** The wire of the tenant databases lives in @lintel/contracts (wire/tenant-db.ts). */
export {
  CreateTenantDbBody,
  TenantDbRowSchema,
  TenantDbSyncRow,
  type CreateTenantDbInput,
} from '@lintel/contracts/wire';
