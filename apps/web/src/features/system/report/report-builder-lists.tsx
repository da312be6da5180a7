import type { ReportAggregateFn, ReportFilterOp } from '@lintel/contracts';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';

// The wire's lists (wire/sys-report.ts), repeated as types check them: the web bundle carries no TypeBox.
const REPORT_AGGREGATES: ReportAggregateFn[] = ['count', 'sum', 'avg', 'min', 'max'];
const REPORT_FILTER_OPS: ReportFilterOp[] = [
  'eq',
  'ne',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'between',
  'isNull',
  'notNull',
];

type Options = { value: string; label: string }[];

/** The builder's aggregates (count, sum… of a field, named) and filters (a field against a value or a parameter). */
export function BuilderLists({
  fieldOptions,
  paramOptions,
}: {
  fieldOptions: Options;
  paramOptions: Options;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Form.List name="aggregates">
        {(items, { add, remove }) => (
          <Form.Item label={t('report.aggregates')}>
            {items.map((item) => (
              <Space key={item.key} align="start">
                <Form.Item name={[item.name, 'fn']} rules={[{ required: true }]}>
                  <Select
                    style={{ width: 110 }}
                    aria-label={t('report.aggregateFn')}
                    options={REPORT_AGGREGATES.map((fn) => ({ value: fn, label: fn }))}
                  />
                </Form.Item>
                <Form.Item name={[item.name, 'field']}>
                  <Select
                    allowClear
                    style={{ width: 180 }}
                    aria-label={t('report.field')}
                    placeholder="*"
                    options={fieldOptions}
                  />
                </Form.Item>
                <Form.Item
                  name={[item.name, 'alias']}
                  rules={[{ required: true, pattern: /^[A-Za-z_][A-Za-z0-9_]*$/ }]}
                >
                  <Input
                    style={{ width: 160 }}
                    aria-label={t('report.alias')}
                    placeholder={t('report.alias')}
                  />
                </Form.Item>
                <Button
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={t('report.remove')}
                  onClick={() => remove(item.name)}
                />
              </Space>
            ))}
            <Button icon={<PlusOutlined />} onClick={() => add({ fn: 'count', alias: 'total' })}>
              {t('report.addAggregate')}
            </Button>
          </Form.Item>
        )}
      </Form.List>
      <Form.List name="filters">
        {(items, { add, remove }) => (
          <Form.Item label={t('report.filters')}>
            {items.map((item) => (
              <Space key={item.key} align="start">
                <Form.Item name={[item.name, 'field']} rules={[{ required: true }]}>
                  <Select style={{ width: 180 }} aria-label={t('report.field')} options={fieldOptions} />
                </Form.Item>
                <Form.Item name={[item.name, 'op']} rules={[{ required: true }]}>
                  <Select
                    style={{ width: 110 }}
                    aria-label={t('report.operator')}
                    options={REPORT_FILTER_OPS.map((op) => ({
                      value: op,
                      label: t(`report.op.${op}`),
                    }))}
                  />
                </Form.Item>
                <Form.Item name={[item.name, 'param']}>
                  <Select
                    allowClear
                    style={{ width: 160 }}
                    aria-label={t('report.param')}
                    placeholder={t('report.param')}
                    options={paramOptions}
                  />
                </Form.Item>
                <Form.Item name={[item.name, 'value']}>
                  <Input
                    style={{ width: 140 }}
                    aria-label={t('report.value')}
                    placeholder={t('report.value')}
                  />
                </Form.Item>
                <Button
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={t('report.remove')}
                  onClick={() => remove(item.name)}
                />
              </Space>
            ))}
            <Button icon={<PlusOutlined />} onClick={() => add({ op: 'eq' })}>
              {t('report.addFilter')}
            </Button>
          </Form.Item>
        )}
      </Form.List>
    </>
  );
}
