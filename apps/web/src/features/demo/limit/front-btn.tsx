import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { PermissionCode } from '@lintel/contracts';
import { Button, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth, usePermissions } from '../../../shared/permission/permissions';
import { DemoCard } from '../demo-card';

const CODES = [
  { code: 'demo:frontBtnAdd', label: 'demo.frontBtn.add', icon: <PlusOutlined /> },
  { code: 'demo:frontBtnEdit', label: 'demo.frontBtn.edit', icon: <EditOutlined /> },
  { code: 'demo:frontBtnDelete', label: 'demo.frontBtn.delete', icon: <DeleteOutlined /> },
] as const satisfies readonly { code: PermissionCode; label: string; icon: unknown }[];

/** Front-end button permission: each button shows only to holders of its button code. */
export default function FrontButtonPermission() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const [pressed, setPressed] = useState<string | null>(null);
  return (
    <DemoCard title="routes.demoFrontBtn" intro="demo.frontBtn.intro">
      <Space wrap data-testid="front-buttons">
        {CODES.map(({ code, label, icon }) => (
          <Auth key={code} value={code}>
            <Button icon={icon} onClick={() => setPressed(code)}>
              {t(label)}
            </Button>
          </Auth>
        ))}
      </Space>
      {pressed && <p role="status">{t('demo.frontBtn.pressed', { code: pressed })}</p>}
      <Table
        style={{ marginTop: 16 }}
        size="small"
        pagination={false}
        rowKey="code"
        dataSource={CODES.map(({ code, label }) => ({ code, label: t(label), held: has(code) }))}
        columns={[
          { title: t('demo.common.code'), dataIndex: 'code' },
          { title: t('demo.frontBtn.button'), dataIndex: 'label' },
          {
            title: t('demo.common.state'),
            dataIndex: 'held',
            render: (held: boolean) => (
              <Tag color={held ? 'success' : 'default'}>
                {held ? t('demo.common.held') : t('demo.common.notHeld')}
              </Tag>
            ),
          },
        ]}
      />
    </DemoCard>
  );
}
