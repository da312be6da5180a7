import type { TenantOption } from '@lintel/contracts';
import { Flex, Select } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  options: TenantOption[];
  value: string;
  onChange(tenantId: string): void;
}

/** The labelled tenant drop-down (its own chunk: antd's Select is a sixth of the sign-in page's code). */
export default function TenantSelectField({ options, value, onChange }: Props) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Flex vertical gap={4} style={{ marginBottom: 16 }}>
      <label htmlFor={id}>{t('login.tenant')}</label>
      <Select
        id={id}
        // A remembered tenant no longer offered (disabled since) shows as no choice, not as its id.
        value={options.some((o) => o.value === value) ? value : undefined}
        onChange={onChange}
        showSearch={{ optionFilterProp: 'label' }}
        options={options.map((o) => ({ value: o.value, label: o.label }))}
        data-testid="tenant-select"
      />
    </Flex>
  );
}
