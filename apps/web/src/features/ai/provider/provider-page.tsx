import { Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../shared/permission/permissions';
import { LimitsTab } from './limits-tab';
import { ProvidersTab } from './providers-tab';
import { UsageTab } from './usage-tab';

/**
 * AI configuration → model providers (`/aiconfig/provider/index`): the tenant's OpenAI-compatible
 * endpoints and Dify chat apps with their models, the limits on AI use, and the usage so far. Each
 * tab shows where the caller holds its permission.
 */
export default function AiProviderPage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const [tab, setTab] = useState('providers');
  const items = [
    has('aiProvider:page') && {
      key: 'providers',
      label: t('aiProvider.providers'),
      children: <ProvidersTab />,
    },
    has('aiProvider:limits') && { key: 'limits', label: t('aiProvider.limits'), children: <LimitsTab /> },
    has('aiProvider:usage') && { key: 'usage', label: t('aiProvider.usage'), children: <UsageTab /> },
  ].filter((item) => !!item);
  // Only the open tab renders (its queries run when it is shown).
  return (
    <Tabs
      activeKey={items.some((i) => i.key === tab) ? tab : items[0]?.key}
      onChange={setTab}
      items={items}
      destroyOnHidden
    />
  );
}
