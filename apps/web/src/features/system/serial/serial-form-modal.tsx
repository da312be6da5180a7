import type { SerialInput, SerialRow } from '@lintel/contracts';
import { Form, Input, InputNumber, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/list/form-modal';
import { StatusRadio, statusValue } from '../../../shared/list/list-parts';

export type SerialFormMode = { kind: 'add' } | { kind: 'edit'; row: SerialRow };

export const DATE_PARTS = ['none', 'yyyy', 'yyyyMM', 'yyyyMMdd'] as const;
export const RESET_RULES = ['never', 'daily', 'monthly', 'yearly'] as const;

interface Props {
  mode: SerialFormMode | null;
  onSubmit(values: SerialInput, mode: SerialFormMode): Promise<void>;
  onClose(): void;
}

/** Add or edit a sequence's pattern (its counter moves only by `next`). */
export function SerialFormModal({ mode, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SerialInput>();
  const values = useMemo((): Partial<SerialInput> | null => {
    if (!mode) return null;
    if (mode.kind === 'add')
      return { prefix: '', datePart: 'yyyyMMdd', padding: 4, resetRule: 'daily', status: 1 };
    const { row } = mode;
    return {
      code: row.code,
      name: row.name,
      prefix: row.prefix,
      datePart: row.datePart,
      padding: row.padding,
      resetRule: row.resetRule,
      status: statusValue(row.status),
      remark: row.remark,
    };
  }, [mode]);

  return (
    <FormModal
      values={values}
      title={mode ? t(`serial.${mode.kind}Title`) : ''}
      form={form}
      onSubmit={(v) => onSubmit(v, mode!)}
      onClose={onClose}
    >
      <Form.Item
        name="code"
        label={t('serial.code')}
        extra={t('serial.codeHint')}
        rules={[
          { required: true, whitespace: true, message: t('serial.codeRequired') },
          { pattern: /^[A-Za-z0-9_.:-]+$/, message: t('serial.codePattern') },
        ]}
      >
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('serial.name')}
        rules={[{ required: true, whitespace: true, message: t('serial.nameRequired') }]}
      >
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item
        name="prefix"
        label={t('serial.prefix')}
        rules={[{ pattern: /^\S*$/, message: t('serial.prefixPattern') }]}
      >
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="datePart" label={t('serial.datePart')}>
        <Select options={DATE_PARTS.map((value) => ({ value, label: t(`serial.datePart_${value}`) }))} />
      </Form.Item>
      <Form.Item name="padding" label={t('serial.padding')}>
        <InputNumber min={1} max={12} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="resetRule" label={t('serial.resetRule')}>
        <Select options={RESET_RULES.map((value) => ({ value, label: t(`serial.reset_${value}`) }))} />
      </Form.Item>
      <Form.Item name="status" label={t('system.common.status')}>
        <StatusRadio />
      </Form.Item>
      <Form.Item name="remark" label={t('system.common.remark')}>
        <Input.TextArea maxLength={256} rows={2} />
      </Form.Item>
    </FormModal>
  );
}
