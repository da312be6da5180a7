import type { PosInput, PosRow } from '@lintel/contracts';
import { Form, Input, InputNumber } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/list/form-modal';
import { StatusRadio, statusValue } from '../../../shared/list/list-parts';

export type PosFormMode = { kind: 'add' } | { kind: 'edit'; row: PosRow } | { kind: 'copy'; row: PosRow };

interface Props {
  mode: PosFormMode | null;
  onSubmit(values: PosInput, mode: PosFormMode): Promise<void>;
  onClose(): void;
}

/** Add, edit or copy a position (copy starts from a row's values with an empty code). */
export function PosFormModal({ mode, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PosInput>();

  const values = useMemo(
    (): Partial<PosInput> | null =>
      !mode
        ? null
        : mode.kind === 'add'
          ? { orderNo: 100, status: 1 }
          : {
              name: mode.row.name,
              code: mode.kind === 'copy' ? '' : (mode.row.code ?? ''),
              orderNo: mode.row.orderNo,
              status: statusValue(mode.row.status),
              remark: mode.row.remark,
            },
    [mode],
  );

  return (
    <FormModal
      values={values}
      title={mode ? t(`system.pos.${mode.kind}Title`) : ''}
      form={form}
      onSubmit={(v) => onSubmit(v, mode!)}
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label={t('system.pos.name')}
        rules={[{ required: true, whitespace: true, message: t('system.pos.nameRequired') }]}
      >
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item
        name="code"
        label={t('system.pos.code')}
        rules={[{ required: true, whitespace: true, message: t('system.pos.codeRequired') }]}
      >
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="orderNo" label={t('system.common.order')}>
        <InputNumber min={0} max={999999} style={{ width: '100%' }} />
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
