import type { FormDataFilter, FormDataRow, FormRow } from '@lintel/contracts';
import { DeleteOutlined, EyeOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Flex, Modal, Space, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/api/notify';
import { useDictOptions } from '../../../shared/form-render/dict-options';
import { SchemaForm, type FormJsonSchema, type FormUiSchema } from '../../../shared/form-render/schema-form';
import type { KitColumn } from '../../../shared/list/column-layout';
import { DataTable } from '../../../shared/list/data-table';
import { ExportMenu } from '../../../shared/list/export-menu';
import { DeleteAction, ListToolbar, RowAction } from '../../../shared/list/list-parts';
import { formatTime } from '../../../shared/list/modification-record-changes';
import { useServerList } from '../../../shared/list/use-server-list';
import { usePermissions } from '../../../shared/permission/permissions';
import { fromSchemas } from './design-model';
import { deleteFormData, formKeys, formVersion, pageFormData } from './form-designer-api';

/** Fields shown as columns (the rest is in the detail and the export). */
const SHOWN_FIELDS = 6;

const cellText = (value: unknown, labels?: Map<string, string>): string => {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map((v) => cellText(v, labels)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return labels?.get(String(value)) ?? String(value);
};

/** The version a submission was made with, shown read-only through the renderer. */
function SubmissionDetail({ row, onClose }: { row: FormDataRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const version = useQuery({
    queryKey: formKeys.version(row?.formId ?? '', row?.version ?? 0),
    queryFn: () => formVersion(row!.formId, row!.version),
    enabled: Boolean(row),
  });
  return (
    <Modal open={Boolean(row)} onCancel={onClose} footer={null} width={720} title={t('formDes.submission')}>
      {row && version.data ? (
        <SchemaForm
          key={row.id}
          schema={version.data.schema as FormJsonSchema}
          uiSchema={version.data.uiSchema as FormUiSchema}
          formData={row.data as Record<string, unknown>}
          readOnly
        />
      ) : (
        <Spin />
      )}
    </Modal>
  );
}

/** The submissions of a form (data scope applies on the server): list, detail, delete, export. */
export function SubmissionsDrawer({ form, onClose }: { form: FormRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const [shown, setShown] = useState<FormDataRow | null>(null);
  const list = useServerList<FormDataRow, FormDataFilter>({
    key: formKeys.data,
    fetch: pageFormData,
    enabled: Boolean(form),
    fixed: { formId: form?.id ?? '' },
    sortable: false,
  });
  const latest = useQuery({
    queryKey: formKeys.version(form?.id ?? '', form?.publishedVersion ?? 0),
    queryFn: () => formVersion(form!.id, form!.publishedVersion),
    enabled: Boolean(form && form.publishedVersion > 0),
  });
  const fields = latest.data
    ? fromSchemas(latest.data.schema as FormJsonSchema, latest.data.uiSchema as FormUiSchema)
    : [];
  // Answers are shown as their option's label: fixed options, or the bound dictionary's items.
  const dicts = useDictOptions(fields.flatMap((f) => (f.dictCode ? [f.dictCode] : [])));
  const fieldColumns = fields.map((f): KitColumn<FormDataRow> => {
    const options = f.dictCode ? dicts.items.get(f.dictCode) : f.options;
    const labels = options ? new Map(options.map((o) => [o.value, o.label])) : undefined;
    const text = (row: FormDataRow) => cellText((row.data as Record<string, unknown>)[f.name], labels);
    return {
      key: f.name,
      title: f.label,
      width: 160,
      ellipsis: true,
      render: (_: unknown, row) => text(row),
      text,
    };
  });
  const meta: KitColumn<FormDataRow>[] = [
    { key: 'submitUserName', title: t('formDes.submitter'), dataIndex: 'submitUserName', width: 120 },
    { key: 'submitOrgName', title: t('formDes.organisation'), dataIndex: 'submitOrgName', width: 120 },
    { key: 'version', title: t('formDes.version'), dataIndex: 'version', width: 80, align: 'center' },
    {
      key: 'createTime',
      title: t('formDes.submitTime'),
      dataIndex: 'createTime',
      width: 170,
      render: formatTime,
    },
  ];
  // The file has every field of the latest version; the table the first few.
  const exported = [...fieldColumns, ...meta];
  const columns: KitColumn<FormDataRow>[] = [
    ...fieldColumns.slice(0, SHOWN_FIELDS),
    ...meta,
    {
      key: 'actions',
      title: t('system.common.actions'),
      width: 100,
      fixed: 'right',
      exportable: false,
      render: (_: unknown, row) => (
        <Space size={0}>
          <RowAction title={t('formDes.view')} icon={<EyeOutlined />} onClick={() => setShown(row)} />
          {has('sysFormData:delete') && (
            <DeleteAction
              confirm={t('formDes.deleteSubmissionConfirm')}
              icon={<DeleteOutlined />}
              onConfirm={() =>
                deleteFormData(row.id).then(() => {
                  notifier().success(t('system.common.deleted'));
                  void list.refresh();
                })
              }
            />
          )}
        </Space>
      ),
    },
  ];
  return (
    <Drawer
      open={Boolean(form)}
      onClose={onClose}
      size={960}
      title={form ? t('formDes.submissionsOf', { name: form.name }) : ''}
    >
      <Flex vertical gap={8}>
        <ListToolbar loading={list.loading} onRefresh={list.reload}>
          {form && (
            <ExportMenu
              path="/api/sysFormData/export"
              permission="sysFormData:export"
              filter={list.query}
              columns={exported}
              total={list.total}
              fileName={`form-${form.code}`}
            />
          )}
        </ListToolbar>
        <DataTable<FormDataRow>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={list.rows}
          loading={list.loading}
          onChange={list.onTableChange}
          paging={{ ...list.paging, showTotal: (total) => t('formDes.total', { count: total }) }}
        />
      </Flex>
      <SubmissionDetail row={shown} onClose={() => setShown(null)} />
    </Drawer>
  );
}
