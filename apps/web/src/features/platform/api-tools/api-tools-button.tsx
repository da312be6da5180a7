import { ToolOutlined } from '@ant-design/icons';
import type { PermissionCode } from '@lintel/contracts';
import { Button, Drawer, Tabs } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../shared/permission/permissions';
import { ApiListTab } from './api-list-tab';
import { EncryptTab } from './encrypt-tab';
import { KeyPairTab } from './key-pair-tab';

const TOOLS: { key: string; permission: PermissionCode; label: string; view: () => ReactNode }[] = [
  { key: 'list', permission: 'sysCommon:apiList', label: 'apiTools.list', view: () => <ApiListTab /> },
  {
    key: 'keyPair',
    permission: 'sysCommon:smKeyPair',
    label: 'apiTools.keyPair',
    view: () => <KeyPairTab />,
  },
  {
    key: 'encrypt',
    permission: 'sysCommon:encryptPlainText',
    label: 'apiTools.encryptTitle',
    view: () => <EncryptTab />,
  },
];

/**
 * The developer tools of the API documentation page (the sysApi menu holds their button codes): the
 * route list, SM2 key pairs and encrypted text, in a drawer beside the documentation. Each tool shows
 * for its own permission; the bar is left out when none is held.
 */
export function ApiToolsBar({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const [open, setOpen] = useState(false);
  const tools = TOOLS.filter((tool) => has(tool.permission));
  if (tools.length === 0) return null;
  return (
    <div className={className} data-testid="api-tools-bar">
      <Button size="small" icon={<ToolOutlined />} onClick={() => setOpen(true)}>
        {t('apiTools.open')}
      </Button>
      <Drawer
        open={open}
        title={t('apiTools.title')}
        size={760}
        onClose={() => setOpen(false)}
        destroyOnHidden
      >
        <Tabs items={tools.map((tool) => ({ key: tool.key, label: t(tool.label), children: tool.view() }))} />
      </Drawer>
    </div>
  );
}
