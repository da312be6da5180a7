import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  AutoComplete,
  Button,
  Card,
  Checkbox,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Switch,
} from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../../shared/api/client';
import { OPTION_KINDS, TEXT_KINDS, validFieldName, type FieldDesign, type FieldOption } from './design-model';

interface Props {
  field: FieldDesign | null;
  duplicate: boolean;
  onChange(patch: Partial<FieldDesign>): void;
}

/** The dictionary types to bind options to (sysDictType/list); typing a code works without the list. */
function useDictTypes() {
  return useQuery({
    queryKey: ['sysDictType', 'list', 'formDes'],
    queryFn: () => request<{ code: string; name: string }[]>('/api/sysDictType/list', { customCatch: true }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

const numberOrUndefined = (v: number | string | null) => (typeof v === 'number' ? v : undefined);

/** The selected field's properties: label, name, required, rules, default, options or dictionary, span. */
export function FieldProperties({ field, duplicate, onChange }: Props) {
  const { t } = useTranslation();
  const dictTypes = useDictTypes();
  if (!field) {
    return (
      <Card size="small" title={t('formDes.properties')}>
        <Empty description={t('formDes.noSelection')} />
      </Card>
    );
  }
  const item = (id: string, label: string, control: ReactNode, help?: string, error?: boolean) => (
    <Form.Item label={label} htmlFor={`fd-${id}`} help={help} validateStatus={error ? 'error' : undefined}>
      {control}
    </Form.Item>
  );
  const nameError = !validFieldName(field.name)
    ? t('formDes.nameInvalid')
    : duplicate
      ? t('formDes.nameDuplicate')
      : undefined;
  const options = field.options ?? [];
  const setOption = (index: number, patch: Partial<FieldOption>) =>
    onChange({ options: options.map((o, i) => (i === index ? { ...o, ...patch } : o)) });
  const optionChoices = options.map((o) => ({ value: o.value, label: o.label }));

  const defaultControl = () => {
    const id = 'fd-default';
    const set = (defaultValue: unknown) => onChange({ defaultValue });
    if (field.kind === 'number')
      return (
        <InputNumber
          id={id}
          value={field.defaultValue as number | undefined}
          onChange={(v) => set(numberOrUndefined(v))}
        />
      );
    if (field.kind === 'switch')
      return <Switch id={id} checked={Boolean(field.defaultValue)} onChange={(v) => set(v || undefined)} />;
    if (OPTION_KINDS.has(field.kind) && !field.dictCode)
      return (
        <Select
          id={id}
          allowClear
          mode={field.kind === 'checkbox' ? 'multiple' : undefined}
          options={optionChoices}
          value={field.defaultValue as string | string[] | undefined}
          onChange={(v) => set(Array.isArray(v) && v.length === 0 ? undefined : v)}
        />
      );
    if (OPTION_KINDS.has(field.kind)) return <Input id={id} disabled />;
    return (
      <Input
        id={id}
        value={(field.defaultValue as string | undefined) ?? ''}
        onChange={(e) => set(e.target.value || undefined)}
      />
    );
  };

  return (
    <Card size="small" title={t('formDes.properties')} data-testid="properties-panel">
      <Form layout="vertical" size="small" component="div">
        {item(
          'label',
          t('formDes.label'),
          <Input
            id="fd-label"
            maxLength={128}
            value={field.label}
            onChange={(e) => onChange({ label: e.target.value })}
          />,
        )}
        {item(
          'name',
          t('formDes.fieldName'),
          <Input
            id="fd-name"
            maxLength={64}
            value={field.name}
            onChange={(e) => onChange({ name: e.target.value.trim() })}
          />,
          nameError,
          Boolean(nameError),
        )}
        <Form.Item>
          <Checkbox checked={field.required} onChange={(e) => onChange({ required: e.target.checked })}>
            {t('formDes.required')}
          </Checkbox>
        </Form.Item>
        {item(
          'span',
          t('formDes.span'),
          <InputNumber
            id="fd-span"
            min={1}
            max={24}
            value={field.span}
            onChange={(v) => onChange({ span: typeof v === 'number' ? v : 24 })}
          />,
          t('formDes.spanHelp'),
        )}
        {field.kind !== 'switch' &&
          !OPTION_KINDS.has(field.kind) &&
          item(
            'placeholder',
            t('formDes.placeholder'),
            <Input
              id="fd-placeholder"
              maxLength={128}
              value={field.placeholder ?? ''}
              onChange={(e) => onChange({ placeholder: e.target.value || undefined })}
            />,
          )}
        {TEXT_KINDS.has(field.kind) && (
          <>
            <Flex gap={8}>
              {item(
                'minLength',
                t('formDes.minLength'),
                <InputNumber
                  id="fd-minLength"
                  min={0}
                  value={field.minLength}
                  onChange={(v) => onChange({ minLength: numberOrUndefined(v) })}
                />,
              )}
              {item(
                'maxLength',
                t('formDes.maxLength'),
                <InputNumber
                  id="fd-maxLength"
                  min={0}
                  value={field.maxLength}
                  onChange={(v) => onChange({ maxLength: numberOrUndefined(v) })}
                />,
              )}
            </Flex>
            {item(
              'pattern',
              t('formDes.pattern'),
              <Input
                id="fd-pattern"
                maxLength={256}
                value={field.pattern ?? ''}
                onChange={(e) => onChange({ pattern: e.target.value || undefined })}
              />,
            )}
            {field.kind === 'input' &&
              item(
                'format',
                t('formDes.format'),
                <Select
                  id="fd-format"
                  allowClear
                  value={field.format}
                  onChange={(format) => onChange({ format })}
                  options={[
                    { value: 'email', label: t('formDes.formats.email') },
                    { value: 'uri', label: t('formDes.formats.uri') },
                  ]}
                />,
              )}
          </>
        )}
        {field.kind === 'number' && (
          <>
            <Flex gap={8}>
              {item(
                'minimum',
                t('formDes.minimum'),
                <InputNumber
                  id="fd-minimum"
                  value={field.minimum}
                  onChange={(v) => onChange({ minimum: numberOrUndefined(v) })}
                />,
              )}
              {item(
                'maximum',
                t('formDes.maximum'),
                <InputNumber
                  id="fd-maximum"
                  value={field.maximum}
                  onChange={(v) => onChange({ maximum: numberOrUndefined(v) })}
                />,
              )}
            </Flex>
            <Form.Item>
              <Checkbox
                checked={Boolean(field.integer)}
                onChange={(e) => onChange({ integer: e.target.checked || undefined })}
              >
                {t('formDes.integer')}
              </Checkbox>
            </Form.Item>
          </>
        )}
        {OPTION_KINDS.has(field.kind) && (
          <>
            <Form.Item label={t('formDes.optionSource')}>
              <Radio.Group
                value={field.dictCode !== undefined ? 'dict' : 'fixed'}
                onChange={(e) =>
                  onChange(
                    e.target.value === 'dict'
                      ? { dictCode: '', defaultValue: undefined }
                      : { dictCode: undefined },
                  )
                }
                options={[
                  { value: 'fixed', label: t('formDes.fixedOptions') },
                  { value: 'dict', label: t('formDes.dictOptions') },
                ]}
              />
            </Form.Item>
            {field.dictCode !== undefined ? (
              item(
                'dict',
                t('formDes.dictCode'),
                <AutoComplete
                  id="fd-dict"
                  value={field.dictCode}
                  onChange={(dictCode: string) => onChange({ dictCode })}
                  options={(dictTypes.data ?? []).map((d) => ({
                    value: d.code,
                    label: `${d.name} (${d.code})`,
                  }))}
                  filterOption={(input, option) =>
                    String(option?.label ?? '')
                      .toLowerCase()
                      .includes(input.toLowerCase())
                  }
                />,
              )
            ) : (
              <Form.Item label={t('formDes.options')}>
                <Flex vertical gap={4}>
                  {options.map((option, index) => (
                    <Flex key={index} gap={4}>
                      <Input
                        aria-label={t('formDes.optionValue', { n: index + 1 })}
                        placeholder={t('formDes.value')}
                        value={option.value}
                        onChange={(e) => setOption(index, { value: e.target.value })}
                      />
                      <Input
                        aria-label={t('formDes.optionLabel', { n: index + 1 })}
                        placeholder={t('formDes.label')}
                        value={option.label}
                        onChange={(e) => setOption(index, { label: e.target.value })}
                      />
                      <Button
                        icon={<DeleteOutlined />}
                        aria-label={t('formDes.removeOption', { n: index + 1 })}
                        onClick={() => onChange({ options: options.filter((_, i) => i !== index) })}
                      />
                    </Flex>
                  ))}
                  <Button
                    icon={<PlusOutlined />}
                    onClick={() =>
                      onChange({ options: [...options, { value: String(options.length + 1), label: '' }] })
                    }
                  >
                    {t('formDes.addOption')}
                  </Button>
                </Flex>
              </Form.Item>
            )}
          </>
        )}
        {item('default', t('formDes.default'), defaultControl())}
      </Form>
    </Card>
  );
}
