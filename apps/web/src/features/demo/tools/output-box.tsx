import { Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A tool's result: read-only, selectable, with antd's copy button beside its label. */
export function OutputBox({ id, value, rows = 6 }: { id: string; value: string; rows?: number }) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space>
        <label htmlFor={id}>{t('demo.tools.output')}</label>
        {value && <Typography.Text copyable={{ text: value }} />}
      </Space>
      <Input.TextArea
        id={id}
        data-testid={id}
        readOnly
        rows={rows}
        value={value}
        style={{ fontFamily: 'monospace' }}
      />
    </Space>
  );
}
