import Form from '@rjsf/antd';
import {
  getSubmitButtonOptions,
  type ObjectFieldTemplateProps,
  type RJSFSchema,
  type SubmitButtonProps,
  type UiSchema,
  type WidgetProps,
} from '@rjsf/utils';
import { Button, Col, Row, Spin, Switch, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dictBindings, useDictOptions, type DictOption } from './dict-options';
import type { FieldUiOptions, FormValues, SchemaFormProps } from './form-types';
import { safeValidator } from './safe-validator';

const optionsOf = (ui: UiSchema | undefined, name: string): FieldUiOptions =>
  ((ui?.[name] as UiSchema | undefined)?.['ui:options'] as FieldUiOptions | undefined) ?? {};

/** The fields in a 24-column grid: each field's `ui:options.span` is its antd Col span. */
function GridObjectTemplate({ properties, title, description, uiSchema }: ObjectFieldTemplateProps) {
  return (
    <>
      {/* Not a heading: the page around the form owns the outline. */}
      {title && (
        <Typography.Paragraph strong style={{ fontSize: 16 }}>
          {title}
        </Typography.Paragraph>
      )}
      {description && <Typography.Paragraph type="secondary">{description}</Typography.Paragraph>}
      <Row gutter={16}>
        {properties
          .filter((p) => !p.hidden)
          .map((p) => (
            <Col key={p.name} xs={24} md={Math.min(24, Math.max(1, optionsOf(uiSchema, p.name).span ?? 24))}>
              {p.content}
            </Col>
          ))}
      </Row>
    </>
  );
}

/** The primary submit button (the theme's passes `type: 'submit'`, which antd does not know). */
function SubmitButton({ uiSchema }: SubmitButtonProps) {
  const { submitText, norender, props } = getSubmitButtonOptions(uiSchema);
  if (norender) return null;
  return (
    <Button type="primary" htmlType="submit" disabled={Boolean(props?.disabled)}>
      {submitText}
    </Button>
  );
}

/** A boolean as an antd Switch (the theme's default is a checkbox). */
function SwitchWidget({ id, value, onChange, disabled, readonly, label }: WidgetProps) {
  return (
    <Switch
      id={id}
      checked={Boolean(value)}
      disabled={disabled || readonly}
      aria-label={label}
      onChange={(checked) => onChange(checked)}
    />
  );
}

/** The schema and uiSchema with each dictionary's enabled items as the field's enum and its labels. */
function withDictionaries(
  schema: RJSFSchema,
  ui: UiSchema,
  bound: [string, string][],
  items: Map<string, DictOption[]>,
): { schema: RJSFSchema; ui: UiSchema } {
  if (bound.length === 0) return { schema, ui };
  const properties = { ...(schema.properties ?? {}) } as Record<string, RJSFSchema>;
  const nextUi: UiSchema = { ...ui };
  for (const [name, code] of bound) {
    const field = properties[name];
    const list = items.get(code) ?? [];
    if (!field || list.length === 0) continue;
    const values = list.map((i) => i.value);
    properties[name] =
      field.type === 'array'
        ? { ...field, items: { ...(field.items as RJSFSchema), enum: values }, uniqueItems: true }
        : { ...field, enum: values };
    nextUi[name] = { ...(ui[name] as UiSchema), 'ui:enumNames': list.map((i) => i.label) };
  }
  return { schema: { ...schema, properties }, ui: nextUi };
}

/** The renderer itself (schema-form.tsx loads it lazily). */
export default function SchemaFormImpl({
  schema,
  uiSchema,
  formData,
  onSubmit,
  onChange,
  readOnly,
  submitText,
  ariaLabel,
}: SchemaFormProps) {
  const { t } = useTranslation();
  const validator = useMemo(() => safeValidator((key, params) => t(key, params)), [t]);
  const [values, setValues] = useState<FormValues>(formData ?? {});
  const [submitting, setSubmitting] = useState(false);
  const bound = useMemo(() => dictBindings(uiSchema), [uiSchema]);
  const { loading, items } = useDictOptions(bound.map(([, code]) => code));
  const merged = withDictionaries(schema, uiSchema ?? {}, bound, items);
  const ui: UiSchema = {
    ...merged.ui,
    'ui:submitButtonOptions': {
      norender: Boolean(readOnly) || !onSubmit,
      submitText: submitText ?? t('formDes.submit'),
      props: { disabled: submitting },
    },
  };
  if (loading) return <Spin />;

  return (
    <section aria-label={ariaLabel}>
      <Form
        schema={merged.schema}
        uiSchema={ui}
        formData={values}
        validator={validator}
        readonly={readOnly}
        showErrorList={false}
        // The errors show under their fields; without a handler rjsf would also log them.
        onError={() => undefined}
        noHtml5Validate
        templates={{ ObjectFieldTemplate: GridObjectTemplate, ButtonTemplates: { SubmitButton } }}
        widgets={{ switch: SwitchWidget }}
        onChange={(event) => {
          const next = (event.formData ?? {}) as FormValues;
          setValues(next);
          onChange?.(next);
        }}
        onSubmit={async (event) => {
          if (!onSubmit) return;
          setSubmitting(true);
          try {
            await onSubmit((event.formData ?? {}) as FormValues);
          } finally {
            setSubmitting(false);
          }
        }}
      />
    </section>
  );
}
