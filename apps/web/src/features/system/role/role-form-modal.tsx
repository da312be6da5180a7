import type { RoleInput, RoleRow } from '@lintel/contracts';
import { Form, Input, InputNumber } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/list/form-modal';
import { StatusRadio, statusValue } from '../../../shared/list/list-parts';

export type RoleFormMode = { kind: 'add' } | { kind: 'edit'; row: RoleRow };

interface Props {
  mode: RoleFormMode | null;
  onSubmit(values: RoleInput, mode: RoleFormMode): Promise<void>;
  onClose(): void;
}

/** Add or edit a role's own fields; its grants have their own dialogs. */
export function RoleFormModal({ mode, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RoleInput>();

  const values = useMemo(
    (): Partial<RoleInput> | null =>
      !mode
        ? null
        : mode.kind === 'add'
          ? { orderNo: 100, status: 1 }
          : {
              name: mode.row.name,
              code: mode.row.code,
              orderNo: mode.row.orderNo,
              status: statusValue(mode.row.status),
              remark: mode.row.remark,
            },
    [mode],
  );

  const builtIn = mode?.kind === 'edit' && mode.row.isSystem;

  return (
    <FormModal
      values={values}
      title={mode ? t(`system.role.${mode.kind}Title`) : ''}
      form={form}
      onSubmit={(v) => onSubmit(v, mode!)}
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label={t('system.role.name')}
        rules={[{ required: true, whitespace: true, message: t('system.role.nameRequired') }]}
      >
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item
        name="code"
        label={t('system.role.code')}
        extra={builtIn ? t('system.role.builtInCode') : undefined}
        rules={[
          { required: true, whitespace: true, message: t('system.role.codeRequired') },
          { pattern: /^[A-Za-z0-9_.:-]+$/, message: t('system.role.codePattern') },
        ]}
      >
        <Input maxLength={64} disabled={builtIn} />
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
