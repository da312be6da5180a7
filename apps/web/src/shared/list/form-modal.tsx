import { Form, Modal, type FormInstance } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/api-error';
import { showServerFieldErrors } from '../api/field-errors';

interface Props<T> {
  /** The values the form opens with; a new object (a new row, another mode) resets the form. */
  values: Partial<T> | null;
  title: string;
  form: FormInstance<T>;
  onSubmit(values: T): Promise<void>;
  onClose(): void;
  width?: number;
  /** The primary button's word: what it does (default "Save"; "Send" for a message). */
  okText?: string;
  children: ReactNode;
}

/**
 * The add / edit / copy dialog of a management list: opens when `values` is given, validates,
 * shows the save in progress and stays open when the server refuses (its toast says why, and each
 * field the server names shows the server's message under it).
 */
export function FormModal<T extends object>({
  values,
  title,
  form,
  onSubmit,
  onClose,
  width,
  okText,
  children,
}: Props<T>) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!values) return;
    form.resetFields();
    form.setFieldsValue(values as Parameters<FormInstance<T>['setFieldsValue']>[0]);
  }, [values, form]);

  const submit = async () => {
    // Invalid fields show their messages under each field; nothing else to report.
    const valid = await form.validateFields().catch(() => null);
    if (!valid) return;
    setSaving(true);
    try {
      await onSubmit(valid);
    } catch (error) {
      // A refusal has been toasted by the API client; the fields it names show their message too.
      if (!(error instanceof ApiError)) throw error;
      showServerFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={!!values}
      title={title}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      okText={okText ?? t('system.common.save')}
      cancelText={t('system.common.cancel')}
      destroyOnHidden
      width={width}
    >
      {/* Named, so its field ids (dialog_name...) never collide with the search card's (name...). */}
      <Form form={form} layout="vertical" name="dialog">
        {children}
      </Form>
    </Modal>
  );
}
