import type { OpenAccessInput, OpenAccessRow } from '@lintel/contracts';
import { Form, Input, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pickAccounts } from '../../../shared/api/account-picker';
import { FormModal } from '../../../shared/list/form-modal';
import { StatusRadio, statusValue } from '../../../shared/list/list-parts';

export type OpenAccessFormMode = { kind: 'add' } | { kind: 'edit'; row: OpenAccessRow };

interface Props {
  mode: OpenAccessFormMode | null;
  onSubmit(values: OpenAccessInput, mode: OpenAccessFormMode): Promise<void>;
  onClose(): void;
}

/** Add a key (the account it acts as) or change a key's account, status and remark. */
export function OpenAccessFormModal({ mode, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<OpenAccessInput>();
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);

  const values = useMemo((): Partial<OpenAccessInput> | null => {
    if (!mode) return null;
    if (mode.kind === 'add') return { status: 1 };
    const { row } = mode;
    return { bindUserId: row.bindUserId, status: statusValue(row.status), remark: row.remark };
  }, [mode]);
  // The saved account shows by name before anything is searched.
  const saved =
    mode?.kind === 'edit'
      ? [{ value: mode.row.bindUserId, label: accountLabel(mode.row.bindUserAccount, mode.row.bindUserName) }]
      : [];
  const close = () => {
    setOptions([]);
    onClose();
  };

  const search = async (keyword: string) => {
    if (!keyword.trim()) return;
    const rows = await pickAccounts(keyword.trim()).catch(() => []);
    setOptions(rows.map((row) => ({ value: row.id, label: accountLabel(row.account, row.realName) })));
  };

  return (
    <FormModal
      values={values}
      title={mode ? t(`openAccess.${mode.kind}Title`) : ''}
      form={form}
      onSubmit={async (v) => {
        await onSubmit(v, mode!);
        setOptions([]);
      }}
      onClose={close}
    >
      <Form.Item
        name="bindUserId"
        label={t('openAccess.bindUser')}
        extra={t('openAccess.bindUserHint')}
        rules={[{ required: true, message: t('openAccess.bindUserRequired') }]}
      >
        <Select
          showSearch={{ filterOption: false, onSearch: (value) => void search(value) }}
          placeholder={t('openAccess.bindUserPlaceholder')}
          options={options.length ? options : saved}
        />
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

export const accountLabel = (account: string | null, name: string | null) =>
  name ? `${account ?? ''} (${name})` : (account ?? '');
