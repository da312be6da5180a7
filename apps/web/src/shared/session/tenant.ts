import { DEFAULT_TENANT_ID } from '@lintel/contracts';
import { local, TENANT_ID_KEY } from '../storage';

/** SPEC 2 and 9: only tenant ids above 99999 are real tenants to carry through sign-in. */
export const isTenantId = (value: string | null | undefined): value is string =>
  !!value && /^\d+$/.test(value) && Number(value) > 99_999;

/** The tenant of this device: a `tid` in the address wins and is remembered; else the stored one. */
export function currentTenantId(tid?: string | null): string {
  if (isTenantId(tid)) {
    local.set(TENANT_ID_KEY, tid);
    return tid;
  }
  const stored = local.get<string>(TENANT_ID_KEY);
  return isTenantId(stored) ? stored : DEFAULT_TENANT_ID;
}
