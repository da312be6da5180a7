import { Checkbox, Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/list/form-modal';
import { columnFormValues, NEW_COLUMN, takesDigits, takesLength, type ColumnFormValues } from './column-spec';
import type { ColumnRow } from '@lintel/contracts';
import { COLUMN_TYPES, SQL_NAME } from './database-api';

export type ColumnFormMode = { kind: 'add' } | { kind: 'edit'; column: ColumnRow };

interface Props {
  mode: ColumnFormMode | null;
  tableName: string;
  onSubmit(values: ColumnFormValues, mode: ColumnFormMode): Promise<void>;
  onClose(): void;
}

/** Add a column to a table, or rename, retype or describe one. */
export function ColumnFormModal({ mode, tableName, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ColumnFormValues>();
  const type = Form.useWatch('columnType', form);
  const values = useMemo(
    (): Partial<ColumnFormValues> | null =>
      !mode ? null : mode.kind === 'add' ? NEW_COLUMN : columnFormValues(mode.column),
    [mode],
  );

  return (
    <FormModal
      values={values}
      title={mode ? t(`develop.database.column.${mode.kind}Title`, { table: tableName }) : ''}
      form={form}
      width={640}
      onSubmit={(v) => onSubmit(v, mode!)}
      onClose={onClose}
    >
      <Form.Item
        name="dbColumnName"
        label={t('develop.database.column.name')}
        extra={t('develop.database.nameRule')}
        rules={[
          { required: true, message: t('develop.database.column.nameRequired') },
          { pattern: SQL_NAME, message: t('develop.database.nameRule') },
        ]}
      >
        <Input maxLength={63} autoComplete="off" />
      </Form.Item>
      <Row gutter={12}>
        <Col span={10}>
          <Form.Item
            name="columnType"
            label={t('develop.database.column.type')}
            rules={[{ required: true, message: t('develop.database.column.typeRequired') }]}
          >
            <Select options={COLUMN_TYPES.map((value) => ({ value, label: value }))} />
          </Form.Item>
        </Col>
        <Col span={7}>
          <Form.Item name="length" label={t('develop.database.column.length')}>
            <InputNumber min={1} max={10485760} disabled={!takesLength(type)} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={7}>
          <Form.Item name="decimalDigits" label={t('develop.database.column.decimals')}>
            <InputNumber min={0} max={30} disabled={!takesDigits(type)} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="isNullable" valuePropName="checked">
        <Checkbox>{t('develop.database.column.nullable')}</Checkbox>
      </Form.Item>
      <Form.Item
        name="defaultValue"
        label={t('develop.database.column.default')}
        extra={t('develop.database.column.defaultHint')}
      >
        <Input maxLength={256} autoComplete="off" />
      </Form.Item>
      <Form.Item name="columnDescription" label={t('develop.database.column.description')}>
        <Input maxLength={256} />
      </Form.Item>
    </FormModal>
  );
}
