import type { JobTriggerInput, JobTriggerRow } from '@lintel/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, DatePicker, Form, Input, InputNumber, Radio, Switch, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/list/form-modal';
import { cronPreview, jobKeys } from './job-api';

export type TriggerFormMode =
  { kind: 'add'; jobId: string } | { kind: 'edit'; jobId: string; row: JobTriggerRow };

interface Values extends Omit<JobTriggerInput, 'runAt' | 'startTime' | 'endTime' | 'intervalMs'> {
  runAt?: Dayjs | null;
  startTime?: Dayjs | null;
  endTime?: Dayjs | null;
  /** Shown in seconds; sent in milliseconds. */
  intervalSeconds?: number | null;
}

interface Props {
  mode: TriggerFormMode | null;
  onSubmit(values: JobTriggerInput, mode: TriggerFormMode): Promise<void>;
  onClose(): void;
}

const day = (value: string | null | undefined) => (value ? dayjs(value) : null);
const iso = (value: Dayjs | null | undefined) => (value ? value.toISOString() : null);

/** The next five fires of the typed cron expression, in the reader's time, or why it is not valid. */
function CronPreview({ expression }: { expression: string }) {
  const { t } = useTranslation();
  const trimmed = expression.trim();
  const { data, isError } = useQuery({
    queryKey: jobKeys.preview(trimmed),
    queryFn: () => cronPreview(trimmed),
    enabled: trimmed.length > 0,
    retry: false,
  });
  if (!trimmed) return null;
  if (isError) return <Alert type="warning" showIcon message={t('job.cronInvalid')} />;
  if (!data) return null;
  return (
    <div data-testid="cron-preview">
      <Typography.Text type="secondary">{t('job.cronNext')}</Typography.Text>
      <ol style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
        {data.map((time) => (
          <li key={time}>{dayjs(time).format('YYYY-MM-DD HH:mm:ss (ddd)')}</li>
        ))}
      </ol>
    </div>
  );
}

/** Add or edit a trigger: cron (with seconds), a fixed interval, or one run at a time. */
export function TriggerFormModal({ mode, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form);
  const expression = Form.useWatch('expression', form) ?? '';

  const values = useMemo((): Partial<Values> | null => {
    if (!mode) return null;
    if (mode.kind === 'add')
      return {
        jobId: mode.jobId,
        kind: 'cron',
        expression: '0 * * * * *',
        numRetries: 0,
        retryTimeout: 1000,
        maxNumberOfRuns: 0,
        maxNumberOfErrors: 0,
        runOnStart: false,
      };
    const { row } = mode;
    return {
      jobId: row.jobId,
      triggerId: row.triggerId,
      kind: row.kind as Values['kind'],
      expression: row.expression,
      intervalSeconds: row.intervalMs === null ? null : row.intervalMs / 1000,
      runAt: day(row.runAt),
      startTime: day(row.startTime),
      endTime: day(row.endTime),
      maxNumberOfRuns: row.maxNumberOfRuns,
      maxNumberOfErrors: row.maxNumberOfErrors,
      numRetries: row.numRetries,
      retryTimeout: row.retryTimeout,
      runOnStart: row.runOnStart,
      description: row.description,
    };
  }, [mode]);

  const submit = ({ intervalSeconds, runAt, startTime, endTime, ...v }: Values) =>
    onSubmit(
      {
        ...v,
        jobId: mode!.jobId,
        intervalMs: intervalSeconds ? Math.round(intervalSeconds * 1000) : null,
        runAt: iso(runAt),
        startTime: iso(startTime),
        endTime: iso(endTime),
      },
      mode!,
    );

  return (
    <FormModal
      values={values}
      title={mode ? t(`job.${mode.kind}TriggerTitle`) : ''}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      width={600}
    >
      <Form.Item
        name="triggerId"
        label={t('job.triggerId')}
        rules={[
          { required: true, message: t('job.triggerIdRequired') },
          { pattern: /^[A-Za-z0-9_.:-]+$/, message: t('job.idPattern') },
        ]}
      >
        <Input maxLength={64} disabled={mode?.kind === 'edit'} />
      </Form.Item>
      <Form.Item name="kind" label={t('job.kind')}>
        <Radio.Group optionType="button">
          {(['cron', 'interval', 'once'] as const).map((k) => (
            <Radio.Button key={k} value={k}>
              {t(`job.kinds.${k}`)}
            </Radio.Button>
          ))}
        </Radio.Group>
      </Form.Item>
      {kind === 'cron' && (
        <Form.Item label={t('job.expression')} required extra={t('job.cronHint')}>
          <Form.Item
            name="expression"
            noStyle
            rules={[{ required: true, message: t('job.expressionRequired') }]}
          >
            <Input maxLength={128} aria-label={t('job.expression')} style={{ fontFamily: 'monospace' }} />
          </Form.Item>
          <div style={{ marginTop: 8 }}>
            <CronPreview expression={expression ?? ''} />
          </div>
        </Form.Item>
      )}
      {kind === 'interval' && (
        <Form.Item
          name="intervalSeconds"
          label={t('job.interval')}
          rules={[{ required: true, message: t('job.intervalRequired') }]}
        >
          <InputNumber min={1} max={31536000} addonAfter={t('job.seconds')} style={{ width: 220 }} />
        </Form.Item>
      )}
      {kind === 'once' && (
        <Form.Item
          name="runAt"
          label={t('job.runAt')}
          rules={[{ required: true, message: t('job.runAtRequired') }]}
        >
          <DatePicker showTime />
        </Form.Item>
      )}
      <Form.Item label={t('job.window')} style={{ marginBottom: 0 }}>
        <Form.Item name="startTime" style={{ display: 'inline-block', marginInlineEnd: 8 }}>
          <DatePicker showTime placeholder={t('job.startTime')} aria-label={t('job.startTime')} />
        </Form.Item>
        <Form.Item name="endTime" style={{ display: 'inline-block' }}>
          <DatePicker showTime placeholder={t('job.endTime')} aria-label={t('job.endTime')} />
        </Form.Item>
      </Form.Item>
      <Form.Item label={t('job.limits')} style={{ marginBottom: 0 }}>
        <Form.Item name="maxNumberOfRuns" style={{ display: 'inline-block', marginInlineEnd: 8 }}>
          <InputNumber min={0} addonBefore={t('job.maxRuns')} aria-label={t('job.maxRuns')} />
        </Form.Item>
        <Form.Item name="maxNumberOfErrors" style={{ display: 'inline-block' }}>
          <InputNumber min={0} addonBefore={t('job.maxErrors')} aria-label={t('job.maxErrors')} />
        </Form.Item>
      </Form.Item>
      <Form.Item label={t('job.retries')} style={{ marginBottom: 0 }}>
        <Form.Item name="numRetries" style={{ display: 'inline-block', marginInlineEnd: 8 }}>
          <InputNumber min={0} max={10} aria-label={t('job.retries')} />
        </Form.Item>
        <Form.Item name="retryTimeout" style={{ display: 'inline-block' }}>
          <InputNumber min={0} max={3600000} step={1000} addonAfter="ms" aria-label={t('job.retryTimeout')} />
        </Form.Item>
      </Form.Item>
      <Form.Item name="runOnStart" label={t('job.runOnStart')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="description" label={t('job.description')}>
        <Input maxLength={256} />
      </Form.Item>
    </FormModal>
  );
}
