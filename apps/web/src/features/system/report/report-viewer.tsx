import type { ReportParamDef, ReportResultValue, ReportViewRow } from '@lintel/contracts';
import { DownloadOutlined, PlayCircleOutlined, PrinterOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Table,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { ParamValues } from './report-api';
import { ReportChart } from './report-chart';
import styles from './report-print.module.css';

type FormValue = string | number | Dayjs | [Dayjs, Dayjs] | null | undefined;
const DAY = 'YYYY-MM-DD';

/** A parameter's default as the form holds it (dates as dayjs). */
function initialOf(param: ReportParamDef): FormValue {
  const value = param.defaultValue;
  if (value === undefined || value === null) return undefined;
  if (param.type === 'date' && typeof value === 'string') return dayjs(value);
  if (param.type === 'dateRange' && Array.isArray(value) && value.length === 2)
    return [dayjs(value[0]), dayjs(value[1])];
  return value as FormValue;
}

/** The form's values as the API takes them (dates as YYYY-MM-DD, empty as null). */
export function paramValues(params: readonly ReportParamDef[], form: Record<string, FormValue>): ParamValues {
  const out: ParamValues = {};
  for (const param of params) {
    const value = form[param.name];
    if (value === undefined || value === null || value === '') out[param.name] = null;
    else if (Array.isArray(value)) out[param.name] = [value[0].format(DAY), value[1].format(DAY)];
    else if (dayjs.isDayjs(value)) out[param.name] = value.format(DAY);
    else out[param.name] = value;
  }
  return out;
}

/** The control of one parameter; Form.Item hands it id, value and onChange, passed on to the input. */
function ParamInput({ param, ...control }: { param: ReportParamDef } & Record<string, unknown>) {
  switch (param.type) {
    case 'number':
      return <InputNumber {...control} style={{ width: 160 }} />;
    case 'date':
      return <DatePicker {...control} />;
    case 'dateRange':
      return <DatePicker.RangePicker {...control} />;
    case 'select':
      return (
        <Select
          {...control}
          allowClear
          style={{ minWidth: 160 }}
          options={(param.options ?? []).map((o) => ({ value: o.value, label: o.label }))}
        />
      );
    default:
      return <Input {...control} allowClear maxLength={512} />;
  }
}

interface Props {
  report: ReportViewRow;
  /** Runs the report with the parameter values (the viewer's run, or the editor's preview). */
  run(values: ParamValues): Promise<ReportResultValue>;
  /** Downloads the rows as a workbook; absent in the editor's preview. */
  onExport?(values: ParamValues): Promise<void>;
  /** The heading: the tag's name when the address gives one, else the report's. */
  title?: string;
}

/**
 * A report as its readers see it (give it a new `key` for another report or draft): parameter inputs, run, the chart and the table (paged here), export
 * to a workbook and print (the result only, every row).
 */
export function ReportViewer({ report, run, onExport, title }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, FormValue>>();
  const [result, setResult] = useState<ReportResultValue | null>(null);
  const [running, setRunning] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [printing, setPrinting] = useState(false);
  const [paging, setPaging] = useState({ current: 1, pageSize: 20 });

  const initial = useMemo(
    () => Object.fromEntries(report.params.map((p) => [p.name, initialOf(p)])),
    [report.params],
  );
  // Every row on the page (no pager) while the browser prints, then paged again.
  const print = () => {
    flushSync(() => setPrinting(true));
    window.print();
    setPrinting(false);
  };

  const execute = async () => {
    const values = paramValues(report.params, await form.validateFields());
    setRunning(true);
    try {
      setResult(await run(values));
      setPaging((p) => ({ ...p, current: 1 }));
    } finally {
      setRunning(false);
    }
  };
  const download = async () => {
    if (!onExport) return;
    const values = paramValues(report.params, await form.validateFields());
    setExporting(true);
    try {
      await onExport(values);
    } finally {
      setExporting(false);
    }
  };

  const titles = useMemo(
    () => Object.fromEntries(report.columns.map((c) => [c.field, c.title || c.field])),
    [report],
  );
  const columns = useMemo(() => {
    if (!result) return [];
    const shown = report.columns.filter((c) => result.columns.includes(c.field));
    const layout = shown.length
      ? shown
      : result.columns.map((field) => ({ field, title: field, width: undefined }));
    return layout.map((c) => ({
      key: c.field,
      dataIndex: c.field,
      title: c.title || c.field,
      width: c.width,
      render: (value: unknown) =>
        value === null || value === undefined
          ? ''
          : typeof value === 'object'
            ? JSON.stringify(value)
            : String(value),
    }));
  }, [result, report.columns]);

  // Rows have no key of their own: their place in the result is one.
  const rowIndex = useMemo(() => new Map((result?.rows ?? []).map((row, i) => [row, i])), [result]);

  return (
    <Flex vertical gap={12}>
      <Card size="small" className={styles.noPrint}>
        <Form form={form} name="reportParams" layout="inline" initialValues={initial} onFinish={execute}>
          {report.params.map((param) => (
            <Form.Item
              key={param.name}
              name={param.name}
              label={param.label}
              rules={
                param.required
                  ? [{ required: true, message: t('report.paramRequired', { label: param.label }) }]
                  : []
              }
            >
              <ParamInput param={param} />
            </Form.Item>
          ))}
          <Form.Item>
            <Space wrap>
              <Button type="primary" htmlType="submit" icon={<PlayCircleOutlined />} loading={running}>
                {t('report.run')}
              </Button>
              {onExport && (
                <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void download()}>
                  {t('report.export')}
                </Button>
              )}
              <Button icon={<PrinterOutlined />} disabled={!result} onClick={print}>
                {t('report.print')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      </Card>
      <Card size="small" className={styles.printArea} title={title ?? report.name}>
        {!result ? (
          <Empty description={t('report.notRun')} />
        ) : (
          <Flex vertical gap={12}>
            {result.truncated && (
              <Alert type="warning" showIcon message={t('report.truncated', { cap: result.rowCap })} />
            )}
            {report.chart && result.rows.length > 0 && (
              <ReportChart
                chart={report.chart}
                rows={result.rows}
                titles={titles}
                label={t('report.chartLabel', { name: report.name })}
              />
            )}
            <Table<Record<string, unknown>>
              size="small"
              rowKey={(row) => String(rowIndex.get(row))}
              columns={columns}
              dataSource={result.rows}
              scroll={{ x: 'max-content' }}
              pagination={
                printing
                  ? false
                  : {
                      ...paging,
                      total: result.rows.length,
                      showSizeChanger: true,
                      onChange: (current, pageSize) => setPaging({ current, pageSize }),
                    }
              }
            />
            <Typography.Text type="secondary" className={styles.noPrint}>
              {t('report.rowsIn', { count: result.rows.length, ms: result.elapsedMs })}
            </Typography.Text>
          </Flex>
        )}
      </Card>
    </Flex>
  );
}
