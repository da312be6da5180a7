import type { ReportConfigDetailRow, ReportViewRow } from '@lintel/contracts';
import { DeleteOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Divider, Drawer, Form, Input, Radio, Select, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../shared/permission/permissions';
import { listSources, previewReport, reportCatalog, reportKeys } from './report-api';
import { builderColumns, fromDetail, toInput, type EditorValues } from './report-editor-values';
import { BuilderLists } from './report-builder-lists';
import { ReportViewer } from './report-viewer';

interface Props {
  /** The report to edit, `null` for a new one; the drawer is closed when `open` is false. */
  row: ReportConfigDetailRow | null;
  open: boolean;
  onSave(values: ReturnType<typeof toInput>): Promise<void>;
  onClose(): void;
}

const PARAM_TYPES = ['text', 'number', 'date', 'dateRange', 'select'] as const;

/** Add or edit a report (mounted per report: the parent keys it): source, SQL or builder, parameters, chart, columns, and a preview of the draft. */
export function ReportEditor({ row, open, onSave, onClose }: Props) {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const [form] = Form.useForm<EditorValues>();
  const [saving, setSaving] = useState(false);
  const [draft, setDraft] = useState<{
    version: number;
    view: ReportViewRow;
    input: ReturnType<typeof toInput>;
  } | null>(null);
  const { data: sources = [] } = useQuery({
    queryKey: reportKeys.sourceList,
    queryFn: listSources,
    enabled: open,
  });
  const { data: catalog = [] } = useQuery({
    queryKey: reportKeys.catalog,
    queryFn: reportCatalog,
    enabled: open,
  });

  const initial = useMemo(() => fromDetail(row), [row]);

  const mode = Form.useWatch('mode', form);
  const table = Form.useWatch('table', form);
  const all = Form.useWatch([], form) as Partial<EditorValues> | undefined;
  const fieldOptions = useMemo(
    () =>
      (catalog.find((c) => c.table === table)?.fields ?? []).map((f) => ({ value: f.name, label: f.name })),
    [catalog, table],
  );
  const resultOptions = (mode === 'builder' ? builderColumns(all ?? {}) : []).map((c) => ({
    value: c,
    label: c,
  }));
  const paramOptions = (all?.params ?? [])
    .filter((p) => p?.name)
    .map((p) => ({ value: p.name, label: p.label || p.name }));

  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await onSave(toInput(values));
    } finally {
      setSaving(false);
    }
  };
  const preview = async () => {
    const input = toInput(await form.validateFields());
    setDraft((previous) => ({
      version: (previous?.version ?? 0) + 1,
      input,
      view: {
        id: row?.id ?? '0',
        name: input.name,
        params: input.params,
        chart: input.chart ?? null,
        columns: input.columns,
      },
    }));
  };

  return (
    <Drawer
      open={open}
      width={960}
      title={row ? t('report.editReport') : t('report.addReport')}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          {has('sysReportConfig:preview') && (
            <Button icon={<EyeOutlined />} onClick={() => void preview()}>
              {t('report.preview')}
            </Button>
          )}
          <Button type="primary" loading={saving} onClick={() => void save()}>
            {t('report.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} name="reportEditor" layout="vertical" requiredMark={false} initialValues={initial}>
        <Space wrap align="start">
          <Form.Item
            name="name"
            label={t('report.reportName')}
            rules={[{ required: true, whitespace: true }]}
          >
            <Input maxLength={64} style={{ width: 260 }} />
          </Form.Item>
          <Form.Item name="groupName" label={t('report.groupName')}>
            <Input maxLength={64} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="dataSourceId" label={t('report.dataSource')}>
            <Select
              style={{ width: 240 }}
              options={[
                { value: '', label: t('report.productDatabase') },
                ...sources.map((s) => ({ value: s.id, label: s.name })),
              ]}
            />
          </Form.Item>
          <Form.Item name="mode" label={t('report.mode')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'builder', label: t('report.modeBuilder') },
                { value: 'sql', label: t('report.modeSql') },
              ]}
            />
          </Form.Item>
        </Space>

        {mode === 'sql' ? (
          <Form.Item
            name="sqlText"
            label={t('report.sql')}
            extra={t('report.sqlHint')}
            rules={[{ required: true }]}
          >
            <Input.TextArea rows={8} style={{ fontFamily: 'monospace' }} maxLength={20000} />
          </Form.Item>
        ) : (
          <>
            <Space wrap align="start">
              <Form.Item name="table" label={t('report.table')} rules={[{ required: true }]}>
                <Select
                  style={{ width: 200 }}
                  options={catalog.map((c) => ({ value: c.table, label: c.table }))}
                />
              </Form.Item>
              <Form.Item name="fields" label={t('report.fields')}>
                <Select mode="multiple" style={{ width: 320 }} options={fieldOptions} />
              </Form.Item>
              <Form.Item name="groupBy" label={t('report.groupBy')}>
                <Select mode="multiple" style={{ width: 260 }} options={fieldOptions} />
              </Form.Item>
            </Space>
            <BuilderLists fieldOptions={fieldOptions} paramOptions={paramOptions} />
          </>
        )}

        <Divider titlePlacement="start">{t('report.params')}</Divider>
        <Form.List name="params">
          {(items, { add, remove }) => (
            <>
              {items.map((item) => (
                <Space key={item.key} align="start" wrap>
                  <Form.Item
                    name={[item.name, 'name']}
                    rules={[{ required: true, pattern: /^[A-Za-z_][A-Za-z0-9_]*$/ }]}
                  >
                    <Input
                      style={{ width: 130 }}
                      aria-label={t('report.paramName')}
                      placeholder={t('report.paramName')}
                    />
                  </Form.Item>
                  <Form.Item name={[item.name, 'label']} rules={[{ required: true }]}>
                    <Input
                      style={{ width: 150 }}
                      aria-label={t('report.paramLabel')}
                      placeholder={t('report.paramLabel')}
                    />
                  </Form.Item>
                  <Form.Item name={[item.name, 'type']} rules={[{ required: true }]}>
                    <Select
                      style={{ width: 130 }}
                      aria-label={t('report.paramType')}
                      options={PARAM_TYPES.map((type) => ({ value: type, label: t(`report.type.${type}`) }))}
                    />
                  </Form.Item>
                  <Form.Item name={[item.name, 'defaultValue']}>
                    <Input
                      style={{ width: 130 }}
                      aria-label={t('report.defaultValue')}
                      placeholder={t('report.defaultValue')}
                    />
                  </Form.Item>
                  <Form.Item name={[item.name, 'options']}>
                    <Input.TextArea
                      rows={1}
                      style={{ width: 180 }}
                      aria-label={t('report.options')}
                      placeholder={t('report.optionsHint')}
                    />
                  </Form.Item>
                  <Form.Item name={[item.name, 'required']} valuePropName="checked">
                    <Checkbox>{t('report.required')}</Checkbox>
                  </Form.Item>
                  <Button
                    type="text"
                    icon={<DeleteOutlined />}
                    aria-label={t('report.remove')}
                    onClick={() => remove(item.name)}
                  />
                </Space>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({ type: 'text' })}>
                {t('report.addParam')}
              </Button>
            </>
          )}
        </Form.List>

        <Divider titlePlacement="start">{t('report.chart')}</Divider>
        <Space wrap align="start">
          <Form.Item name="chartType" label={t('report.chartType')}>
            <Select
              style={{ width: 130 }}
              options={(['none', 'bar', 'line', 'pie'] as const).map((type) => ({
                value: type,
                label: t(`report.chartTypes.${type}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="xField" label={t('report.xField')}>
            <Select showSearch allowClear mode={undefined} style={{ width: 180 }} options={resultOptions} />
          </Form.Item>
          <Form.Item name="yFields" label={t('report.yFields')}>
            <Select mode="tags" style={{ width: 240 }} options={resultOptions} />
          </Form.Item>
          <Form.Item name="chartTitle" label={t('report.chartTitle')}>
            <Input maxLength={64} style={{ width: 200 }} />
          </Form.Item>
        </Space>

        <Divider titlePlacement="start">{t('report.columns')}</Divider>
        <Form.List name="columns">
          {(items, { add, remove }) => (
            <>
              {items.map((item) => (
                <Space key={item.key} align="start">
                  <Form.Item
                    name={[item.name, 'field']}
                    rules={[{ required: true, pattern: /^[A-Za-z_][A-Za-z0-9_]*$/ }]}
                  >
                    <Input
                      style={{ width: 180 }}
                      aria-label={t('report.field')}
                      placeholder={t('report.field')}
                    />
                  </Form.Item>
                  <Form.Item name={[item.name, 'title']} rules={[{ required: true }]}>
                    <Input
                      style={{ width: 200 }}
                      aria-label={t('report.columnTitle')}
                      placeholder={t('report.columnTitle')}
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
              <Button icon={<PlusOutlined />} onClick={() => add({})}>
                {t('report.addColumn')}
              </Button>
            </>
          )}
        </Form.List>
        <Form.Item name="remark" label={t('system.common.remark')} style={{ marginTop: 16 }}>
          <Input.TextArea rows={2} maxLength={256} />
        </Form.Item>
      </Form>
      {draft && (
        <>
          <Divider titlePlacement="start">{t('report.preview')}</Divider>
          <ReportViewer
            key={draft.version}
            report={draft.view}
            run={(values) => previewReport({ ...withoutMeta(draft.input), values })}
          />
        </>
      )}
    </Drawer>
  );
}

/** The definition fields of a draft (the preview takes no name, group or remark). */
function withoutMeta(input: ReturnType<typeof toInput>) {
  const { name: _name, groupName: _group, remark: _remark, orderNo: _order, ...definition } = input;
  return definition;
}
