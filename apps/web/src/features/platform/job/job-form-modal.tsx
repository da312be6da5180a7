import type { JobDetailInput, JobDetailRow } from '@lintel/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, InputNumber, Radio, Select, Space, Switch } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/list/form-modal';
import { jobKeys, jobTypes } from './job-api';

export type JobFormMode = { kind: 'add' } | { kind: 'edit'; row: JobDetailRow };

interface Values extends Omit<JobDetailInput, 'httpHeaders'> {
  /** Headers as the user types them: one `Name: value` per line. */
  headersText?: string;
}

interface Props {
  mode: JobFormMode | null;
  onSubmit(values: JobDetailInput, mode: JobFormMode): Promise<void>;
  onClose(): void;
}

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD'] as const;

function parseHeaders(text: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of (text ?? '').split('\n')) {
    const at = line.indexOf(':');
    if (at > 0) out[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return out;
}

/** Add or edit a job: a handler of the server (built-in type) or an HTTP call. */
export function JobFormModal({ mode, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const createType = Form.useWatch('createType', form);
  const method = Form.useWatch('httpMethod', form);
  const { data: types = [] } = useQuery({ queryKey: jobKeys.types, queryFn: jobTypes, enabled: !!mode });
  const builtIn = mode?.kind === 'edit' && mode.row.builtIn;

  const values = useMemo((): Partial<Values> | null => {
    if (!mode) return null;
    if (mode.kind === 'add')
      return { createType: 2, concurrent: true, httpMethod: 'GET', httpTimeoutMs: 30000 };
    const { row } = mode;
    return {
      jobId: row.jobId,
      groupName: row.groupName ?? undefined,
      jobType: row.jobType,
      description: row.description,
      concurrent: row.concurrent,
      properties: row.properties,
      createType: row.createType === 2 ? 2 : 0,
      httpMethod: (row.http?.method as Values['httpMethod']) ?? 'GET',
      httpUrl: row.http?.url,
      httpBody: row.http?.body,
      httpTimeoutMs: row.http?.timeoutMs ?? 30000,
      headersText: Object.entries(row.http?.headers ?? {})
        .map(([k, v]) => `${k}: ${v}`)
        .join('\n'),
    };
  }, [mode]);

  const submit = ({ headersText, ...v }: Values) =>
    onSubmit(
      { ...v, jobType: v.createType === 2 ? 'http' : v.jobType, httpHeaders: parseHeaders(headersText) },
      mode!,
    );

  return (
    <FormModal
      values={values}
      title={mode ? t(`job.${mode.kind}JobTitle`) : ''}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      width={640}
    >
      <Form.Item
        name="jobId"
        label={t('job.jobId')}
        rules={[
          { required: true, message: t('job.jobIdRequired') },
          { pattern: /^[A-Za-z0-9_.:-]+$/, message: t('job.idPattern') },
        ]}
      >
        <Input maxLength={64} disabled={mode?.kind === 'edit'} />
      </Form.Item>
      <Form.Item name="groupName" label={t('job.groupName')}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="createType" label={t('job.createType')}>
        <Radio.Group disabled={builtIn}>
          <Radio value={0}>{t('job.createTypes.0')}</Radio>
          <Radio value={2}>{t('job.createTypes.2')}</Radio>
        </Radio.Group>
      </Form.Item>
      {createType === 2 ? (
        <>
          <Form.Item label={t('job.httpUrl')} required>
            <Space.Compact block>
              <Form.Item name="httpMethod" noStyle>
                <Select style={{ width: 110 }} options={METHODS.map((m) => ({ value: m, label: m }))} />
              </Form.Item>
              <Form.Item
                name="httpUrl"
                noStyle
                rules={[{ required: true, message: t('job.httpUrlRequired') }]}
              >
                <Input
                  maxLength={2048}
                  placeholder="https://example.com/hook  /api/..."
                  aria-label={t('job.httpUrl')}
                />
              </Form.Item>
            </Space.Compact>
          </Form.Item>
          <Form.Item name="headersText" label={t('job.httpHeaders')} extra={t('job.httpHeadersHint')}>
            <Input.TextArea rows={2} />
          </Form.Item>
          {method !== 'GET' && method !== 'HEAD' && (
            <Form.Item name="httpBody" label={t('job.httpBody')}>
              <Input.TextArea rows={3} maxLength={65536} />
            </Form.Item>
          )}
          <Form.Item name="httpTimeoutMs" label={t('job.httpTimeout')}>
            <InputNumber min={100} max={300000} step={1000} addonAfter="ms" style={{ width: 200 }} />
          </Form.Item>
        </>
      ) : (
        <Form.Item
          name="jobType"
          label={t('job.jobType')}
          rules={[{ required: true, message: t('job.jobTypeRequired') }]}
        >
          <Select
            disabled={builtIn}
            options={types.map((h) => ({
              value: h.name,
              label: t(`job.handlers.${h.name}`, { defaultValue: h.name }),
            }))}
          />
        </Form.Item>
      )}
      <Form.Item
        name="concurrent"
        label={t('job.concurrent')}
        valuePropName="checked"
        extra={t('job.concurrentHint')}
      >
        <Switch />
      </Form.Item>
      <Form.Item name="description" label={t('job.description')}>
        <Input maxLength={256} />
      </Form.Item>
      <Form.Item name="properties" label={t('job.properties')} extra={t('job.propertiesHint')}>
        <Input.TextArea rows={2} maxLength={8192} />
      </Form.Item>
    </FormModal>
  );
}
