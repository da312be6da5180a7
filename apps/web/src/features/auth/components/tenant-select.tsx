import type { TenantOption } from '@lintel/contracts';
import { useQuery } from '@tanstack/react-query';
import { Flex, Select } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../../shared/api/client';

/** The enabled tenants the server offers for sign-in: none while the platform hides the choice. */
export const fetchTenantOptions = () => request<TenantOption[]>('/api/sysTenant/list');

/**
 * The sign-in page's tenant choice (Admin.NET's login drop-down): shown only when the server offers
 * more than one tenant (sys_hide_tenant_login off); otherwise the tenant comes from the address or
 * this device, as before.
 */
export function TenantSelect({ value, onChange }: { value: string; onChange(tenantId: string): void }) {
  const { t } = useTranslation();
  const id = useId();
  const options = useQuery({
    queryKey: ['sysTenant', 'options'],
    queryFn: fetchTenantOptions,
    staleTime: 60_000,
  });
  if (!options.data || options.data.length < 2) return null;
  return (
    <Flex vertical gap={4} style={{ marginBottom: 16 }}>
      <label htmlFor={id}>{t('login.tenant')}</label>
      <Select
        id={id}
        // A remembered tenant no longer offered (disabled since) shows as no choice, not as its id.
        value={options.data.some((o) => o.value === value) ? value : undefined}
        onChange={onChange}
        showSearch={{ optionFilterProp: 'label' }}
        options={options.data.map((o) => ({ value: o.value, label: o.label }))}
        data-testid="tenant-select"
      />
    </Flex>
  );
}
