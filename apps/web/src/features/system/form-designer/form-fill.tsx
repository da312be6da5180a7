import type { FormRow } from '@lintel/contracts';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Result, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SchemaForm, type FormJsonSchema, type FormUiSchema } from '../../../shared/form-render/schema-form';
import { formKeys, formVersion, submitFormData } from './form-designer-api';

/** Fills the published version of a form and submits it (the server validates it again). */
export function FormFill({
  form,
  onBack,
  onSubmitted,
}: {
  form: FormRow;
  onBack(): void;
  onSubmitted(): void;
}) {
  const { t } = useTranslation();
  const [done, setDone] = useState(0);
  const version = useQuery({
    queryKey: formKeys.version(form.id, form.publishedVersion),
    queryFn: () => formVersion(form.id, form.publishedVersion),
    enabled: form.publishedVersion > 0,
  });
  return (
    <Card
      size="small"
      title={
        <Flex align="center" gap={8}>
          <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
            {t('formDes.back')}
          </Button>
          <Typography.Text strong>{form.title || form.name}</Typography.Text>
          <Typography.Text type="secondary">
            {t('formDes.versionN', { n: form.publishedVersion })}
          </Typography.Text>
        </Flex>
      }
    >
      {form.description && <Typography.Paragraph>{form.description}</Typography.Paragraph>}
      {form.publishedVersion === 0 ? (
        <Alert type="info" title={t('formDes.notPublished')} />
      ) : done > 0 ? (
        <Result
          status="success"
          title={t('formDes.submitted')}
          extra={
            <Button type="primary" onClick={() => setDone(0)}>
              {t('formDes.fillAgain')}
            </Button>
          }
        />
      ) : version.data ? (
        <SchemaForm
          schema={version.data.schema as FormJsonSchema}
          uiSchema={version.data.uiSchema as FormUiSchema}
          ariaLabel={form.title || form.name}
          onSubmit={async (values) => {
            await submitFormData(form.id, form.publishedVersion, values);
            setDone((n) => n + 1);
            onSubmitted();
          }}
        />
      ) : (
        <Spin />
      )}
    </Card>
  );
}
