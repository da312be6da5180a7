import type {
  AiConnectionOutcome,
  AiModelInputValue,
  AiProviderDetail,
  AiProviderInput,
} from '@lintel/contracts';
import { ApiOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Select, Space, Switch, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/list/form-modal';
import { ConnectionResult } from './connection-result';
import { testConnection } from './provider-api';
import { ModelsField } from './models-field';
import { PROVIDER_PRESETS } from './provider-presets';

export type ProviderFormMode = { kind: 'add' } | { kind: 'edit'; detail: AiProviderDetail };

export type ProviderFormValues = Omit<AiProviderInput, 'models'> & { models: AiModelInputValue[] };

interface Props {
  mode: ProviderFormMode | null;
  canTest: boolean;
  canFetch: boolean;
  onSubmit(values: ProviderFormValues, mode: ProviderFormMode): Promise<void>;
  onClose(): void;
}

/**
 * Add or edit a provider with its models in one form. The API key is written, never shown: a saved
 * key leaves the field empty ("saved"), and an empty field keeps it. A preset fills the kind, base
 * URL and a first model list; "Test connection" tries what the form holds, saved or not.
 */
export function ProviderFormModal({ mode, canTest, canFetch, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProviderFormValues>();
  const [testing, setTesting] = useState(false);
  // A result belongs to the form it was taken in: another provider (or none) does not show it.
  const [result, setResult] = useState<{ mode: ProviderFormMode; outcome: AiConnectionOutcome } | null>(null);
  const outcome = result && result.mode === mode ? result.outcome : null;
  const kind = Form.useWatch('kind', form);
  const saved = mode?.kind === 'edit' ? mode.detail : undefined;

  const values = useMemo((): Partial<ProviderFormValues> | null => {
    if (!mode) return null;
    if (mode.kind === 'add') return { kind: 'openai', enabled: true, orderNo: 100, apiKey: '', models: [] };
    const d = mode.detail;
    return {
      kind: d.kind,
      name: d.name,
      baseUrl: d.baseUrl,
      apiKey: '',
      enabled: d.enabled,
      orderNo: d.orderNo,
      remark: d.remark ?? '',
      models: d.models.map((m) => ({
        id: m.id,
        modelId: m.modelId,
        name: m.name,
        reasoning: m.reasoning,
        vision: m.vision,
        isDefault: m.isDefault,
        enabled: m.enabled,
        orderNo: m.orderNo,
      })),
    };
  }, [mode]);

  const applyPreset = (key: string) => {
    const preset = PROVIDER_PRESETS.find((p) => p.key === key);
    if (!preset) return;
    const current = form.getFieldsValue();
    form.setFieldsValue({
      kind: preset.kind,
      baseUrl: preset.baseUrl,
      name: current.name?.trim() ? current.name : preset.label,
      models: current.models?.length
        ? current.models
        : preset.models.map((m, index) => ({
            modelId: m.modelId,
            name: m.modelId,
            reasoning: !!m.reasoning,
            vision: !!m.vision,
            isDefault: index === 0,
            enabled: true,
          })),
    });
  };

  /** The connection the form describes: its values, over the saved provider's key when none is typed. */
  const connection = () => {
    const v = form.getFieldsValue();
    const models = v.models ?? [];
    return {
      ...(saved ? { id: saved.id } : {}),
      kind: v.kind,
      ...(v.baseUrl?.trim() ? { baseUrl: v.baseUrl.trim() } : {}),
      ...(v.apiKey?.trim() ? { apiKey: v.apiKey.trim() } : {}),
      ...((models.find((m) => m?.isDefault) ?? models[0])?.modelId
        ? { modelId: (models.find((m) => m?.isDefault) ?? models[0])!.modelId }
        : {}),
    };
  };

  const test = async () => {
    const valid = await form.validateFields(['baseUrl']).catch(() => null);
    if (!valid) return;
    const current = mode!;
    setTesting(true);
    setResult(null);
    try {
      setResult({ mode: current, outcome: await testConnection(connection()) });
    } catch {
      // The API client has shown the refusal (an address the server may not call, say).
    } finally {
      setTesting(false);
    }
  };

  return (
    <FormModal
      values={values}
      width={960}
      title={mode ? t(mode.kind === 'add' ? 'aiProvider.addTitle' : 'aiProvider.editTitle') : ''}
      form={form}
      onSubmit={(v) => onSubmit({ ...v, models: v.models ?? [] }, mode!)}
      onClose={onClose}
    >
      <Space wrap align="start" size={16} style={{ width: '100%' }}>
        <Form.Item label={t('aiProvider.preset')} style={{ minWidth: 240 }}>
          <Select
            aria-label={t('aiProvider.preset')}
            placeholder={t('aiProvider.presetHint')}
            options={PROVIDER_PRESETS.map((p) => ({ value: p.key, label: p.label }))}
            onChange={applyPreset}
            allowClear
          />
        </Form.Item>
        <Form.Item
          name="kind"
          label={t('aiProvider.kind')}
          rules={[{ required: true }]}
          style={{ minWidth: 260 }}
        >
          <Select
            options={[
              { value: 'openai', label: t('aiProvider.kindOpenai') },
              { value: 'dify', label: t('aiProvider.kindDify') },
            ]}
          />
        </Form.Item>
        <Form.Item name="name" label={t('aiProvider.name')} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={64} style={{ width: 260 }} />
        </Form.Item>
      </Space>
      <Form.Item
        name="baseUrl"
        label={t('aiProvider.baseUrl')}
        extra={t(kind === 'dify' ? 'aiProvider.baseUrlDifyHint' : 'aiProvider.baseUrlHint')}
        rules={[
          { required: true, whitespace: true },
          { type: 'url', message: t('aiProvider.baseUrlInvalid') },
        ]}
      >
        <Input maxLength={512} placeholder="https://api.deepseek.com/v1" />
      </Form.Item>
      <Form.Item
        name="apiKey"
        label={
          <Space size={6}>
            {t('aiProvider.apiKey')}
            {saved?.hasApiKey && <Tag color="success">{t('aiProvider.keySaved')}</Tag>}
          </Space>
        }
        extra={saved?.hasApiKey ? t('aiProvider.keyKeepHint') : t('aiProvider.keyHint')}
        rules={[{ required: kind === 'dify' && !saved?.hasApiKey, whitespace: true }]}
      >
        <Input.Password
          maxLength={512}
          autoComplete="new-password"
          placeholder={saved?.hasApiKey ? '••••••••' : 'sk-…'}
        />
      </Form.Item>
      <Space wrap size={16}>
        <Form.Item name="enabled" label={t('system.common.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="orderNo" label={t('system.common.order')}>
          <InputNumber min={0} max={999999} />
        </Form.Item>
        <Form.Item name="remark" label={t('system.common.remark')}>
          <Input maxLength={256} style={{ width: 420 }} />
        </Form.Item>
      </Space>
      <ModelsField form={form} canFetch={canFetch} connection={connection} />
      {canTest && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Button icon={<ApiOutlined />} loading={testing} onClick={() => void test()}>
            {t('aiProvider.test')}
          </Button>
          {outcome && <ConnectionResult outcome={outcome} />}
        </Space>
      )}
    </FormModal>
  );
}
