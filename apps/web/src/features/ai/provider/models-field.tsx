import type { AiConnectionInput, AiModelInputValue } from '@lintel/contracts';
import { CloudDownloadOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Button,
  Checkbox,
  Form,
  Input,
  Modal,
  Radio,
  Space,
  Switch,
  Table,
  Typography,
  type FormInstance,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchModels } from './provider-api';
import type { ProviderFormValues } from './provider-form-modal';

interface Props {
  form: FormInstance<ProviderFormValues>;
  canFetch: boolean;
  connection(): AiConnectionInput;
}

/** Capability guesses for ids picked from a provider's list; the admin checks them before saving. */
const REASONING = /reason|thinking|\br1\b|qwq|qwen3/i;
const VISION = /vision|[-_]vl\b|vl-|\bvl\b/i;

/**
 * The provider's models as an editable table inside the form: model id (as the provider names it),
 * display name, reasoning, vision, the tenant's default (one), enabled. "Fetch from provider" lists the
 * provider's ids to pick from; typing an id by hand stays possible for providers without a list.
 */
export function ModelsField({ form, canFetch, connection }: Props) {
  const { t } = useTranslation();
  const [fetching, setFetching] = useState(false);
  const [offered, setOffered] = useState<string[] | null>(null);
  const [picked, setPicked] = useState<string[]>([]);

  const rows = (): AiModelInputValue[] => form.getFieldValue('models') ?? [];

  const makeDefault = (index: number) =>
    form.setFieldValue(
      'models',
      rows().map((m, i) => ({ ...m, isDefault: i === index })),
    );

  const load = async () => {
    setFetching(true);
    try {
      const ids = await fetchModels(connection());
      const have = new Set(rows().map((m) => m.modelId));
      setOffered(ids.filter((id) => !have.has(id)));
      setPicked([]);
    } catch {
      // The API client has shown the provider's refusal.
    } finally {
      setFetching(false);
    }
  };

  const addPicked = () => {
    const current = rows();
    form.setFieldValue('models', [
      ...current,
      ...picked.map((id, index) => ({
        modelId: id,
        name: id.split('/').at(-1) ?? id,
        reasoning: REASONING.test(id),
        vision: VISION.test(id),
        isDefault: current.length === 0 && index === 0,
        enabled: true,
      })),
    ]);
    setOffered(null);
  };

  return (
    <Form.List name="models">
      {(fields, { add, remove }) => (
        <Space direction="vertical" style={{ width: '100%', marginBottom: 16 }}>
          <Space style={{ justifyContent: 'space-between', width: '100%' }}>
            <Typography.Text strong>{t('aiProvider.models')}</Typography.Text>
            <Space>
              {canFetch && (
                <Button icon={<CloudDownloadOutlined />} loading={fetching} onClick={() => void load()}>
                  {t('aiProvider.fetchModels')}
                </Button>
              )}
              <Button
                icon={<PlusOutlined />}
                onClick={() =>
                  add({
                    modelId: '',
                    name: '',
                    reasoning: false,
                    vision: false,
                    isDefault: fields.length === 0,
                    enabled: true,
                  })
                }
              >
                {t('aiProvider.addModel')}
              </Button>
            </Space>
          </Space>
          <Table
            size="small"
            pagination={false}
            rowKey="key"
            dataSource={fields}
            locale={{ emptyText: t('aiProvider.noModels') }}
            columns={[
              {
                key: 'modelId',
                title: t('aiProvider.modelId'),
                render: (_: unknown, field) => (
                  <>
                    {/* A saved model keeps its id, so chats and usage that point at it stay with it. */}
                    <Form.Item name={[field.name, 'id']} hidden noStyle>
                      <Input />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'modelId']}
                      noStyle
                      rules={[{ required: true, whitespace: true }]}
                    >
                      <Input
                        maxLength={128}
                        aria-label={t('aiProvider.modelId')}
                        placeholder="deepseek-chat"
                      />
                    </Form.Item>
                  </>
                ),
              },
              {
                key: 'name',
                title: t('aiProvider.modelName'),
                render: (_: unknown, field) => (
                  <Form.Item
                    name={[field.name, 'name']}
                    noStyle
                    rules={[{ required: true, whitespace: true }]}
                  >
                    <Input maxLength={64} aria-label={t('aiProvider.modelName')} />
                  </Form.Item>
                ),
              },
              {
                key: 'reasoning',
                title: t('aiProvider.reasoning'),
                width: 90,
                align: 'center',
                render: (_: unknown, field) => (
                  <Form.Item name={[field.name, 'reasoning']} noStyle valuePropName="checked">
                    <Checkbox aria-label={t('aiProvider.reasoning')} />
                  </Form.Item>
                ),
              },
              {
                key: 'vision',
                title: t('aiProvider.vision'),
                width: 80,
                align: 'center',
                render: (_: unknown, field) => (
                  <Form.Item name={[field.name, 'vision']} noStyle valuePropName="checked">
                    <Checkbox aria-label={t('aiProvider.vision')} />
                  </Form.Item>
                ),
              },
              {
                key: 'isDefault',
                title: t('aiProvider.isDefault'),
                width: 80,
                align: 'center',
                render: (_: unknown, field) => (
                  <Form.Item name={[field.name, 'isDefault']} noStyle valuePropName="checked">
                    <Radio aria-label={t('aiProvider.isDefault')} onChange={() => makeDefault(field.name)} />
                  </Form.Item>
                ),
              },
              {
                key: 'enabled',
                title: t('system.common.enabled'),
                width: 80,
                align: 'center',
                render: (_: unknown, field) => (
                  <Form.Item name={[field.name, 'enabled']} noStyle valuePropName="checked">
                    <Switch size="small" aria-label={t('system.common.enabled')} />
                  </Form.Item>
                ),
              },
              {
                key: 'remove',
                width: 48,
                render: (_: unknown, field) => (
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('system.common.delete')}
                    onClick={() => remove(field.name)}
                  />
                ),
              },
            ]}
          />
          <Modal
            open={offered !== null}
            title={t('aiProvider.pickModels')}
            okText={t('system.common.add')}
            cancelText={t('system.common.cancel')}
            okButtonProps={{ disabled: picked.length === 0 }}
            onOk={addPicked}
            onCancel={() => setOffered(null)}
          >
            {offered?.length ? (
              <Space direction="vertical" style={{ width: '100%' }}>
                <Typography.Text type="secondary">
                  {t('aiProvider.pickModelsHint', { n: offered.length })}
                </Typography.Text>
                <Checkbox
                  checked={picked.length === offered.length}
                  indeterminate={picked.length > 0 && picked.length < offered.length}
                  onChange={(e) => setPicked(e.target.checked ? offered : [])}
                >
                  {t('aiProvider.pickAll')}
                </Checkbox>
                <Checkbox.Group
                  value={picked}
                  onChange={(values) => setPicked(values as string[])}
                  style={{
                    display: 'flex',
                    flexDirection: 'column',
                    gap: 4,
                    maxHeight: 320,
                    overflowY: 'auto',
                  }}
                  options={offered.map((id) => ({ value: id, label: id }))}
                />
              </Space>
            ) : (
              <Typography.Text type="secondary">{t('aiProvider.noModelsListed')}</Typography.Text>
            )}
          </Modal>
        </Space>
      )}
    </Form.List>
  );
}
