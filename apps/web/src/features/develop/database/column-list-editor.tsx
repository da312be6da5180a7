import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Input, InputNumber, Select, Table, Tooltip } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { NEW_COLUMN, takesDigits, takesLength, type ColumnFormValues } from './column-spec';
import { COLUMN_TYPES, SQL_NAME } from './database-api';

const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

/**
 * The columns of a new table, one editable row each (name, type, length, decimal digits, nullable,
 * default, description): the form field `columnList` of the add-table dialog.
 */
export function ColumnListEditor() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<{ columnList: ColumnFormValues[] }>();
  const rows = Form.useWatch('columnList', form) ?? [];
  const label = (field: string, index: number) =>
    t('develop.database.column.cellLabel', { field: t(`develop.database.column.${field}`), n: index + 1 });

  return (
    <Form.List
      name="columnList"
      rules={[
        {
          validator: async (_rule, list: unknown[] | undefined) => {
            if (!list?.length) throw new Error(t('develop.database.table.columnsRequired'));
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <>
          <Table
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={fields}
            scroll={{ x: 980 }}
            columns={[
              {
                title: t('develop.database.column.name'),
                key: 'name',
                width: 190,
                render: (_: unknown, field, index) => (
                  <Form.Item
                    name={[field.name, 'dbColumnName']}
                    style={{ margin: 0 }}
                    rules={[
                      { required: true, message: t('develop.database.column.nameRequired') },
                      { pattern: SQL_NAME, message: t('develop.database.nameRule') },
                    ]}
                  >
                    <Input maxLength={63} autoComplete="off" aria-label={label('name', index)} />
                  </Form.Item>
                ),
              },
              {
                title: t('develop.database.column.type'),
                key: 'type',
                width: 140,
                render: (_: unknown, field, index) => (
                  <Form.Item name={[field.name, 'columnType']} style={{ margin: 0 }}>
                    <Select
                      aria-label={label('type', index)}
                      options={COLUMN_TYPES.map((value) => ({ value, label: value }))}
                    />
                  </Form.Item>
                ),
              },
              {
                title: t('develop.database.column.length'),
                key: 'length',
                width: 100,
                render: (_: unknown, field, index) => (
                  <Form.Item name={[field.name, 'length']} style={{ margin: 0 }}>
                    <InputNumber
                      min={1}
                      max={10485760}
                      disabled={!takesLength(rows[index]?.columnType)}
                      aria-label={label('length', index)}
                      style={{ width: '100%' }}
                    />
                  </Form.Item>
                ),
              },
              {
                title: t('develop.database.column.decimals'),
                key: 'decimals',
                width: 90,
                render: (_: unknown, field, index) => (
                  <Form.Item name={[field.name, 'decimalDigits']} style={{ margin: 0 }}>
                    <InputNumber
                      min={0}
                      max={30}
                      disabled={!takesDigits(rows[index]?.columnType)}
                      aria-label={label('decimals', index)}
                      style={{ width: '100%' }}
                    />
                  </Form.Item>
                ),
              },
              {
                title: t('develop.database.column.nullable'),
                key: 'nullable',
                width: 80,
                align: 'center',
                render: (_: unknown, field, index) => (
                  <Form.Item name={[field.name, 'isNullable']} valuePropName="checked" style={{ margin: 0 }}>
                    <Checkbox aria-label={label('nullable', index)} />
                  </Form.Item>
                ),
              },
              {
                title: t('develop.database.column.default'),
                key: 'default',
                width: 130,
                render: (_: unknown, field, index) => (
                  <Form.Item name={[field.name, 'defaultValue']} style={{ margin: 0 }}>
                    <Input maxLength={256} autoComplete="off" aria-label={label('default', index)} />
                  </Form.Item>
                ),
              },
              {
                title: t('develop.database.column.description'),
                key: 'description',
                width: 190,
                render: (_: unknown, field, index) => (
                  <Form.Item name={[field.name, 'columnDescription']} style={{ margin: 0 }}>
                    <Input maxLength={256} aria-label={label('description', index)} />
                  </Form.Item>
                ),
              },
              {
                // Named for assistive technology only: the buttons below say what they do.
                title: <span style={VISUALLY_HIDDEN}>{t('develop.database.column.remove')}</span>,
                key: 'remove',
                width: 50,
                render: (_: unknown, field, index) => (
                  <Tooltip title={t('develop.database.column.remove')}>
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`${t('develop.database.column.remove')} ${index + 1}`}
                      disabled={fields.length === 1}
                      onClick={() => remove(field.name)}
                    />
                  </Tooltip>
                ),
              },
            ]}
          />
          <Button
            type="dashed"
            block
            icon={<PlusOutlined />}
            style={{ marginTop: 8 }}
            onClick={() => add({ ...NEW_COLUMN })}
          >
            {t('develop.database.column.addRow')}
          </Button>
          <Form.ErrorList errors={errors} />
        </>
      )}
    </Form.List>
  );
}
