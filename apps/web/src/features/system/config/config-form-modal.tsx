import type { ConfigInput, ConfigRow } from '@lintel/contracts';
import { AutoComplete, Form, Input, InputNumber } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/list/form-modal';

export type ConfigFormMode = { kind: 'add'; group?: string } | { kind: 'edit'; row: ConfigRow };

const CODE = /^[A-Za-z][A-Za-z0-9_.:-]*$/;

interface Props {
  mode: ConfigFormMode | null;
  groups: string[];
  onSubmit(values: ConfigInput, mode: ConfigFormMode): Promise<void>;
  onClose(): void;
}

/** Add or edit a configuration item; a system item keeps its code (the product reads it by code). */
export function ConfigFormModal({ mode, groups, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ConfigInput>();
  const values = useMemo(
    (): Partial<ConfigInput> | null =>
      !mode
        ? null
        : mode.kind === 'add'
          ? { groupCode: mode.group ?? 'Default', orderNo: 100, value: '' }
          : {
              name: mode.row.name,
              code: mode.row.code,
              value: mode.row.value ?? '',
              groupCode: mode.row.groupCode,
              orderNo: mode.row.orderNo,
              remark: mode.row.remark ?? '',
            },
    [mode],
  );
  const system = mode?.kind === 'edit' && mode.row.sysFlag === 'Y';
  return (
    <FormModal
      values={values}
      title={mode ? t(mode.kind === 'add' ? 'config.addTitle' : 'config.editTitle') : ''}
      form={form}
      onSubmit={(v) => onSubmit({ ...v, value: v.value ?? '' }, mode!)}
      onClose={onClose}
    >
      <Form.Item name="name" label={t('config.name')} rules={[{ required: true, whitespace: true }]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item
        name="code"
        label={t('config.code')}
        extra={system ? t('config.systemCodeHint') : t('config.codeHint')}
        rules={[{ required: true, pattern: CODE, message: t('config.codeHint') }]}
      >
        <Input maxLength={64} disabled={system} />
      </Form.Item>
      <Form.Item name="value" label={t('config.value')}>
        <Input.TextArea maxLength={512} rows={2} />
      </Form.Item>
      <Form.Item
        name="groupCode"
        label={t('config.group')}
        rules={[{ required: true, pattern: CODE, message: t('config.codeHint') }]}
      >
        <AutoComplete options={groups.map((g) => ({ value: g }))} maxLength={64} />
      </Form.Item>
      <Form.Item name="orderNo" label={t('system.common.order')}>
        <InputNumber min={0} max={999999} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="remark" label={t('system.common.remark')}>
        <Input.TextArea maxLength={256} rows={2} />
      </Form.Item>
    </FormModal>
  );
}
