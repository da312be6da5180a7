import type { FieldPlan, ModulePlan } from '../plan.js';

const shared = '../../../shared';

/** features/<area>/<folder>/<folder>-api.ts: the calls, typed by the contracts. */
export function webApiFile(plan: ModulePlan): string {
  const { className: C, controller: c } = plan;
  return `import type { ${C}Filter, ${C}Input, ${C}Row, PageResult } from '@lintel/contracts';
import { request } from '${shared}/api/client';

export const ${c}Keys = { all: ['${c}'] as const };

export const page${C} = (query: ${C}Filter) =>
  request<PageResult<${C}Row>>('/api/${c}/page', { method: 'POST', body: query });
export const add${C} = (body: ${C}Input) => request<string>('/api/${c}/add', { method: 'POST', body });
export const update${C} = (body: ${C}Input & { id: string }) =>
  request<null>('/api/${c}/update', { method: 'POST', body });
export const delete${C} = (id: string) => request<null>('/api/${c}/delete', { method: 'POST', body: { id } });
`;
}

/** The form control of a field, by its configured control type. */
function control(f: FieldPlan): string {
  const max = f.length ? ` maxLength={${f.length}}` : '';
  switch (f.effectType) {
    case 'InputTextArea':
      return `<Input.TextArea rows={3}${max} />`;
    case 'InputNumber':
      return f.wire === 'decimal'
        ? `<InputNumber<string> stringMode style={{ width: '100%' }} />`
        : `<InputNumber precision={0} style={{ width: '100%' }} />`;
    case 'Switch':
      return '<Switch />';
    case 'DatePicker':
      return '<Input type="date" />';
    case 'DateTimePicker':
      return '<Input type="datetime-local" />';
    case 'DictSelector':
      return f.dictTypeCode ? `<DictField code="${f.dictTypeCode}" mode="select" />` : `<Input${max} />`;
    default:
      return `<Input${max} />`;
  }
}

/** The control a search field gets: text for strings, else the form's. */
function searchControl(f: FieldPlan, c: string): string {
  if (f.wire === 'boolean')
    return `<Select allowClear style={{ width: 120 }} options={[{ value: true, label: t('${c}.yes') }, { value: false, label: t('${c}.no') }]} />`;
  if (f.wire === 'string' && f.effectType !== 'DictSelector')
    return `<Input allowClear${f.length ? ` maxLength={${f.length}}` : ''} />`;
  return control(f);
}

/** A search field; a range (between) is two fields, from and to. */
function searchItem(f: FieldPlan, c: string): string {
  const label = `t('${c}.field.${f.prop}')`;
  if (f.queryType === 'between')
    return `        <Form.Item label={${label}}>
          <Space.Compact>
            <Form.Item name={['${f.prop}', 0]} noStyle>
              ${searchControl(f, c)}
            </Form.Item>
            <Form.Item name={['${f.prop}', 1]} noStyle>
              ${searchControl(f, c)}
            </Form.Item>
          </Space.Compact>
        </Form.Item>`;
  const checked = f.wire !== 'boolean' && f.effectType === 'Switch' ? ' valuePropName="checked"' : '';
  return `        <Form.Item name="${f.prop}" label={${label}}${checked}>\n          ${searchControl(f, c)}\n        </Form.Item>`;
}

function cell(f: FieldPlan, c: string): string {
  const base = `{ key: '${f.prop}', title: t('${c}.field.${f.prop}'), dataIndex: '${f.prop}', width: ${f.wire === 'string' ? 200 : 140}, sorter: true`;
  if (f.wire === 'boolean')
    return `${base}, render: (value: boolean) => <Tag color={value ? 'green' : 'default'}>{t(value ? '${c}.yes' : '${c}.no')}</Tag>, text: (row) => t(row.${f.prop} ? '${c}.yes' : '${c}.no') }`;
  if (f.wire === 'json') return `${base}, sorter: false, render: (value: unknown) => JSON.stringify(value) }`;
  if (f.effectType === 'DictSelector' && f.dictTypeCode)
    return `${base}, render: (value: string | null) => <DictField code="${f.dictTypeCode}" mode="tag" value={value} /> }`;
  return `${base}, ellipsis: true }`;
}

/** Form values from a row, and the body from form values (dates travel as ISO 8601). */
function conversions(plan: ModulePlan): { toForm: string; toBody: string } {
  const form = plan.fields.filter((f) => f.inForm);
  const toForm = form.map((f) =>
    f.wire === 'dateTime'
      ? `    ${f.prop}: row.${f.prop} ? localDateTime(row.${f.prop}) : null,`
      : `    ${f.prop}: row.${f.prop},`,
  );
  const toBody = form.map((f) =>
    f.wire === 'dateTime'
      ? `    ${f.prop}: values.${f.prop} ? new Date(values.${f.prop}).toISOString() : ${f.required ? "''" : 'null'},`
      : f.required || f.wire === 'boolean'
        ? `    ${f.prop}: values.${f.prop}${f.wire === 'boolean' ? ' ?? false' : ''},`
        : `    ${f.prop}: values.${f.prop} ?? null,`,
  );
  return { toForm: toForm.join('\n'), toBody: toBody.join('\n') };
}

/** features/<area>/<folder>/<folder>-page.tsx: the list page, built from the list kit. */
export function webPageFile(plan: ModulePlan): string {
  const { className: C, controller: c } = plan;
  const query = plan.fields.filter((f) => f.inQuery);
  const ranges = query.filter((f) => f.queryType === 'between');
  const list = plan.fields.filter((f) => f.inList);
  const form = plan.fields.filter((f) => f.inForm);
  const usesDict = plan.fields.some((f) => f.effectType === 'DictSelector' && f.dictTypeCode);
  const usesDateTime = form.some((f) => f.wire === 'dateTime');
  const antd = new Set(['Button', 'Card', 'Flex', 'Form', 'Input', 'Space']);
  for (const f of [...form, ...query]) {
    if (f.effectType === 'InputNumber') antd.add('InputNumber');
    if (f.effectType === 'Switch') antd.add('Switch');
  }
  if (query.some((f) => f.wire === 'boolean')) antd.add('Select');
  if (list.some((f) => f.wire === 'boolean')) antd.add('Tag');
  const { toForm, toBody } = conversions(plan);
  const rules = (f: FieldPlan) =>
    f.required && f.wire !== 'boolean'
      ? ` rules={[{ required: true, ${f.wire === 'string' ? 'whitespace: true, ' : ''}message: t('${c}.required', { field: t('${c}.field.${f.prop}') }) }]}`
      : '';
  return `import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { ${C}Filter, ${C}Input, ${C}Row } from '@lintel/contracts';
import { useMutation } from '@tanstack/react-query';
import { ${[...antd].sort().join(', ')} } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '${shared}/api/notify';
${usesDict ? `import { DictField } from '${shared}/dict/dict-field';\n` : ''}import { useBatchActions } from '${shared}/list/batch-actions';
import type { KitColumn } from '${shared}/list/column-layout';
import { DataTable } from '${shared}/list/data-table';
import { FormModal } from '${shared}/list/form-modal';
import { DeleteAction, ListToolbar, RowAction, SearchCard } from '${shared}/list/list-parts';
import { ListTools } from '${shared}/list/list-tools';
import { useColumnSettings } from '${shared}/list/use-column-settings';
import { useServerList } from '${shared}/list/use-server-list';
import { usePermissions } from '${shared}/permission/permissions';
import { add${C}, delete${C}, page${C}, update${C}, ${c}Keys } from './${plan.folder}-api';
${
  usesDateTime
    ? `
/** An ISO time as a datetime-local input shows it (local time, minutes). */
const localDateTime = (iso: string) => {
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60000).toISOString().slice(0, 16);
};
`
    : ''
}
${
  ranges.length
    ? `
/** Both ends of a range, or none. */
const complete = <T,>(pair: T[] | undefined) => (pair && pair[0] && pair[1] ? pair : undefined);
`
    : ''
}
type FormValues = ${C}Input;

const toForm = (row: ${C}Row): Partial<FormValues> => ({
${toForm}
});

const toBody = (values: FormValues): ${C}Input => ({
${toBody}
});

/** ${plan.title} (\`${plan.component}\`), generated by the code generator. */
export default function ${C}Page() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const [search] = Form.useForm<${C}Filter>();
  const [form] = Form.useForm<FormValues>();
  const [editing, setEditing] = useState<{ row: ${C}Row | null } | null>(null);
  const list = useServerList<${C}Row, ${C}Filter>({ key: ${c}Keys.all, fetch: page${C} });
  const batch = useBatchActions<${C}Row>({ controller: '${c}', label: (row) => row.id, onDone: list.refresh });
  const remove = useMutation({
    mutationFn: delete${C},
    onSuccess: () => notifier().success(t('system.common.deleted')),
    onSettled: list.refresh,
  });

${
  ranges.length
    ? `  /** A range applies once both ends are given. */
  const searchWith = (values: ${C}Filter | undefined) =>
    list.search(values && { ...values, ${ranges.map((f) => `${f.prop}: complete(values.${f.prop})`).join(', ')} });

`
    : ''
}  const submit = async (values: FormValues) => {
    const body = toBody(values);
    if (editing?.row) await update${C}({ ...body, id: editing.row.id });
    else await add${C}(body);
    notifier().success(t('system.common.saved'));
    setEditing(null);
    await list.refresh();
  };

  const columns: KitColumn<${C}Row>[] = [
${list.map((f) => `    ${cell(f, c)},`).join('\n')}
    { key: 'createTime', title: t('${c}.field.createTime'), dataIndex: 'createTime', width: 190, sorter: true, render: (value: string) => new Date(value).toLocaleString() },
  ];
  if (has('${c}:update') || has('${c}:delete')) {
    columns.push({
      title: t('system.common.actions'),
      key: 'actions',
      width: 110,
      fixed: 'right',
      exportable: false,
      render: (_: unknown, row) => (
        <Space size={0}>
          {has('${c}:update') && (
            <RowAction title={t('system.common.edit')} icon={<EditOutlined />} onClick={() => setEditing({ row })} />
          )}
          {has('${c}:delete') && (
            <DeleteAction
              confirm={t('${c}.deleteConfirm')}
              icon={<DeleteOutlined />}
              onConfirm={() => remove.mutateAsync(row.id)}
            />
          )}
        </Space>
      ),
    });
  }
  const layout = useColumnSettings('${c}', columns);

  return (
    <Flex vertical gap={12}>
      <SearchCard form={search} onSearch={${ranges.length ? 'searchWith' : 'list.search'}}>
${query.map((f) => searchItem(f, c)).join('\n')}
      </SearchCard>
      <Card size="small">
        <ListToolbar
          loading={list.loading}
          onRefresh={list.reload}
          tools={
            <ListTools
              title={t('${c}.title')}
              exportPath="/api/${c}/export"
              exportPermission="${c}:export"
              fileName="${plan.folder}"
              filter={list.query}
              total={list.total}
              rows={list.rows}
              settings={layout}
            />
          }
        >
          {has('${c}:add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ row: null })}>
              {t('system.common.add')}
            </Button>
          )}
        </ListToolbar>
        <DataTable<${C}Row>
          rowKey="id"
          selection={batch}
          size="middle"
          columns={layout.columns}
          dataSource={list.rows}
          loading={list.loading}
          onChange={list.onTableChange}
          paging={{ ...list.paging, showTotal: (total) => t('${c}.total', { total }) }}
        />
      </Card>
      <FormModal
        values={editing ? (editing.row ? toForm(editing.row) : {}) : null}
        title={t(editing?.row ? '${c}.editTitle' : '${c}.addTitle')}
        form={form}
        onSubmit={submit}
        onClose={() => setEditing(null)}
      >
${form.map((f) => `        <Form.Item name="${f.prop}" label={t('${c}.field.${f.prop}')}${f.effectType === 'Switch' ? ' valuePropName="checked"' : ''}${rules(f)}>\n          ${control(f)}\n        </Form.Item>`).join('\n')}
      </FormModal>
    </Flex>
  );
}
`;
}

/** features/<area>/<folder>/<folder>-page.test.tsx: the page against a stubbed API. */
export function webPageTestFile(plan: ModulePlan, sample: (f: FieldPlan) => unknown): string {
  const { className: C, controller: c } = plan;
  const first = plan.fields.find((f) => f.inList && f.wire === 'string');
  return `import type { ${C}Row, PageResult } from '@lintel/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../../../shared/api/notify';
import { userInfo } from '../../../test/fixtures';
import { json, stubApi } from '../../../test/render-app';
import { renderPage } from '../../../test/render-page';
import ${C}Page from './${plan.folder}-page';

const row: ${C}Row = {
  id: '1',
${plan.fields.map((f) => `  ${f.prop}: ${JSON.stringify(sample(f))},`).join('\n')}
  createTime: '2026-01-15T08:30:00.000+00:00',
  updateTime: null,
};
const page: PageResult<${C}Row> = {
  page: 1,
  pageSize: 20,
  total: 1,
  totalPages: 1,
  items: [row],
  hasPrevPage: false,
  hasNextPage: false,
};

let asked: Record<string, unknown>[];
beforeEach(() => {
  asked = [];
  setNotifier({ error: vi.fn(), success: vi.fn() });
  stubApi({
    'GET /api/sysAuth/userInfo': () => json(userInfo({ apis: ['${c}:page', '${c}:add', '${c}:update', '${c}:delete'] })),
    'POST /api/${c}/page': (init) => {
      asked.push(JSON.parse(String(init?.body)));
      return json(page);
    },
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setNotifier(null);
});

describe('${C}Page', () => {
  it('shows the page the server answers and asks again from page 1 on a search', async () => {
    await renderPage(<${C}Page />);
${first ? `    expect((await screen.findAllByText(${JSON.stringify(sample(first))})).length).toBeGreaterThan(0);\n` : ''}    await waitFor(() => expect(asked).toEqual([{ page: 1, pageSize: 20 }]));
    expect(screen.getByRole('button', { name: /add/i })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /search/i }));
    await waitFor(() => expect(asked.length).toBeGreaterThan(0));
  });
});
`;
}
