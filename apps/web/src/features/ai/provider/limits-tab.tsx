import type { AiLimitsValue } from '@lintel/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, InputNumber, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/api/notify';
import { usePermissions } from '../../../shared/permission/permissions';
import { getLimits, providerKeys, setLimits } from './provider-api';

const FIELDS = [
  { name: 'tenantRequestsPerMinute', max: 1_000_000 },
  { name: 'userRequestsPerMinute', max: 1_000_000 },
  { name: 'tenantTokensPerDay', max: 1_000_000_000_000 },
  { name: 'userTokensPerDay', max: 1_000_000_000_000 },
] as const;

/** The tenant's limits on AI use: requests per minute and tokens per day, for the tenant and per user. */
export function LimitsTab() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<AiLimitsValue>();
  const [saving, setSaving] = useState(false);
  const limits = useQuery({ queryKey: providerKeys.limits, queryFn: getLimits });
  const editable = has('aiProvider:setLimits');

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await setLimits(values);
      notifier().success(t('system.common.saved'));
      await queryClient.invalidateQueries({ queryKey: providerKeys.limits });
    } catch {
      // Shown by the API client.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card size="small">
      <Alert type="info" showIcon message={t('aiProvider.limitsHint')} style={{ marginBottom: 16 }} />
      {/* The form opens with the saved values: it is drawn once they are here. */}
      {!limits.data ? (
        <Skeleton active />
      ) : (
        <Form
          form={form}
          layout="vertical"
          name="aiLimits"
          disabled={!editable}
          initialValues={limits.data}
          style={{ maxWidth: 480 }}
        >
          {FIELDS.map((field) => (
            <Form.Item
              key={field.name}
              name={field.name}
              label={t(`aiProvider.limit.${field.name}`)}
              rules={[{ required: true }]}
            >
              <InputNumber min={0} max={field.max} precision={0} placeholder="0" style={{ width: '100%' }} />
            </Form.Item>
          ))}
          {editable && (
            <Button type="primary" loading={saving} onClick={() => void save()}>
              {t('system.common.save')}
            </Button>
          )}
        </Form>
      )}
    </Card>
  );
}
