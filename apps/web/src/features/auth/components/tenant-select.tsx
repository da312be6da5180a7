import type { TenantOption } from '@lintel/contracts';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { request } from '../../../shared/api/client';

/** The enabled tenants the server offers for sign-in: none while the platform hides the choice. */
export const fetchTenantOptions = () => request<TenantOption[]>('/api/sysTenant/list');

/** Loaded only when there is a choice to make: most sites offer one tenant, or hide the list. */
const TenantSelectField = lazy(() => import('./tenant-select-field'));

/**
 * The sign-in page's tenant choice (Admin.NET's login drop-down): shown only when the server offers
 * more than one tenant (sys_hide_tenant_login off); otherwise the tenant comes from the address or
 * this device, as before.
 */
export function TenantSelect({ value, onChange }: { value: string; onChange(tenantId: string): void }) {
  const options = useQuery({
    queryKey: ['sysTenant', 'options'],
    queryFn: fetchTenantOptions,
    staleTime: 60_000,
  });
  if (!options.data || options.data.length < 2) return null;
  return (
    <Suspense fallback={null}>
      <TenantSelectField options={options.data} value={value} onChange={onChange} />
    </Suspense>
  );
}
