import { Alert, Form, Input } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/list/form-modal';
import { ColumnListEditor } from './column-list-editor';
import { NEW_COLUMN, type ColumnFormValues } from './column-spec';
import type { TableRow } from '@lintel/contracts';
import { SQL_NAME } from './database-api';

export type TableFormMode = { kind: 'add' } | { kind: 'edit'; table: TableRow };

export interface TableFormValues {
  tableName: string;
  description?: string | null;
  /** Add only: the table's own columns (the id, tenant and audit columns come with every table). */
  columnList: ColumnFormValues[];
}

interface Props {
  mode: TableFormMode | null;
  onSubmit(values: TableFormValues, mode: TableFormMode): Promise<void>;
  onClose(): void;
}

/** Create a table with its columns, or rename a table and change its description. */
export function TableFormModal({ mode, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TableFormValues>();
  const values = useMemo(
    (): Partial<TableFormValues> | null =>
      !mode
        ? null
        : mode.kind === 'add'
          ? { columnList: [{ ...NEW_COLUMN }] }
          : { tableName: mode.table.name, description: mode.table.description },
    [mode],
  );

  return (
    <FormModal
      values={values}
      title={mode ? t(`develop.database.table.${mode.kind}Title`) : ''}
      form={form}
      width={mode?.kind === 'add' ? 1080 : 560}
      onSubmit={(v) => onSubmit(v, mode!)}
      onClose={onClose}
    >
      <Form.Item
        name="tableName"
        label={t('develop.database.table.name')}
        extra={t('develop.database.nameRule')}
        rules={[
          { required: true, message: t('develop.database.table.nameRequired') },
          { pattern: SQL_NAME, message: t('develop.database.nameRule') },
          {
            validator: async (_rule, value: string | undefined) => {
              if (value && /^(sys_|lintel_|pg_)/.test(value))
                throw new Error(t('develop.database.table.reservedPrefix'));
            },
          },
        ]}
      >
        <Input maxLength={63} autoComplete="off" />
      </Form.Item>
      <Form.Item name="description" label={t('develop.database.table.description')}>
        <Input maxLength={256} />
      </Form.Item>
      {mode?.kind === 'add' && (
        <>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            title={t('develop.database.table.baseHint')}
          />
          <ColumnListEditor />
        </>
      )}
    </FormModal>
  );
}
