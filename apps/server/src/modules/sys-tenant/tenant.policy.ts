import { DEFAULT_TENANT_ID, Status } from '@lintel/contracts';
import { badRequest } from '../../platform/http/errors.js';

/**
 * What may happen to a tenant as a row: the default (platform) tenant, where the super admin
 * lives, is never disabled or deleted; a tenant's isolation type and database are chosen once
 * (moving a tenant's data is not offered).
 */
export const tenantPolicy = {
  assertStatus(id: string, status: number | undefined): void {
    if (id === DEFAULT_TENANT_ID && status === Status.Disable) throw badRequest('tenant.defaultProtected');
  },

  assertDeletable(id: string): void {
    if (id === DEFAULT_TENANT_ID) throw badRequest('tenant.defaultProtected');
  },

  assertIsolationKept(
    current: { tenantType: number; connection: string | null },
    next: { tenantType: number; connection: string | null },
  ): void {
    if (current.tenantType !== next.tenantType) throw badRequest('tenantdb.typeFixed');
    if ((current.connection?.trim() || null) !== next.connection)
      throw badRequest('tenantdb.connectionFixed');
  },
};
