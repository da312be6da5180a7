import type { FormInput, FormRow } from '@lintel/contracts';
import { Form, Input } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/list/form-modal';
import { StatusRadio, statusValue } from '../../../shared/list/list-parts';

export type FormEditMode = { kind: 'add' } | { kind: 'edit'; row: FormRow };

/** The fields of a form besides its design. */
export type FormSettings = Pick<FormInput, 'name' | 'code' | 'title' | 'description' | 'status'>;

interface Props {
  mode: FormEditMode | null;
  onSubmit(values: FormSettings, mode: FormEditMode): Promise<void>;
  onClose(): void;
}

/** Add a form, or edit its name, code, title, description and status (the design has its own view). */
export function FormEditModal({ mode, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormSettings>();
  const values = useMemo(
    (): Partial<FormSettings> | null =>
      !mode
        ? null
        : mode.kind === 'add'
          ? { status: 1 }
          : {
              name: mode.row.name,
              code: mode.row.code,
              title: mode.row.title,
              description: mode.row.description,
              status: statusValue(mode.row.status),
            },
    [mode],
  );
  return (
    <FormModal
      values={values}
      title={mode?.kind === 'edit' ? t('formDes.editTitle') : t('formDes.addTitle')}
      form={form}
      onSubmit={(v) => onSubmit(v, mode!)}
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label={t('formDes.name')}
        rules={[{ required: true, whitespace: true, message: t('formDes.nameRequired') }]}
      >
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item
        name="code"
        label={t('formDes.code')}
        rules={[
          { required: true, message: t('formDes.codeRequired') },
          { pattern: /^[A-Za-z][A-Za-z0-9_-]{0,63}$/, message: t('formDes.codeInvalid') },
        ]}
      >
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="title" label={t('formDes.formTitle')}>
        <Input maxLength={128} />
      </Form.Item>
      <Form.Item name="description" label={t('formDes.description')}>
        <Input.TextArea maxLength={512} rows={3} />
      </Form.Item>
      <Form.Item name="status" label={t('system.common.status')}>
        <StatusRadio />
      </Form.Item>
    </FormModal>
  );
}
