import type { FormFilter, FormRow } from '@lintel/contracts';
import {
  DeleteOutlined,
  EditOutlined,
  FormOutlined,
  HighlightOutlined,
  PlusOutlined,
  TableOutlined,
} from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Space, Spin, Tag } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/api/notify';
import type { KitColumn } from '../../../shared/list/column-layout';
import { DataTable } from '../../../shared/list/data-table';
import { DeleteAction, ListToolbar, RowAction, SearchCard, StatusTag } from '../../../shared/list/list-parts';
import { formatTime } from '../../../shared/list/modification-record-changes';
import { useServerList } from '../../../shared/list/use-server-list';
import { usePermissions } from '../../../shared/permission/permissions';
import { FormDesigner } from './form-designer';
import { addForm, deleteForm, formDetail, formKeys, pageForms, updateForm } from './form-designer-api';
import { FormEditModal, type FormEditMode, type FormSettings } from './form-edit-modal';
import { FormFill } from './form-fill';
import { SubmissionsDrawer } from './submissions-drawer';

type View = { kind: 'list' } | { kind: 'design' | 'fill'; id: string };

/** One form read fresh for the designer or the fill view. */
function OneForm({ id, children }: { id: string; children(form: FormRow): ReactNode }) {
  const { data } = useQuery({ queryKey: formKeys.detail(id), queryFn: () => formDetail(id) });
  return data ? <>{children(data)}</> : <Spin />;
}

/**
 * System → form designer (`/system/formDes/index`): the tenant's forms; each opens in the designer,
 * in the fill view (its published version) and in the submissions drawer.
 */
export default function FormDesignerPage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const queryClient = useQueryClient();
  const [search] = Form.useForm<FormFilter>();
  const [view, setView] = useState<View>({ kind: 'list' });
  const [mode, setMode] = useState<FormEditMode | null>(null);
  const [submissionsOf, setSubmissionsOf] = useState<FormRow | null>(null);
  const list = useServerList<FormRow, FormFilter>({ key: formKeys.all, fetch: pageForms, sortable: false });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: formKeys.all });

  const submit = async (values: FormSettings, current: FormEditMode) => {
    if (current.kind === 'edit') {
      await updateForm({ ...values, id: current.row.id });
      notifier().success(t('system.common.saved'));
    } else {
      const id = await addForm(values);
      notifier().success(t('system.common.saved'));
      setView({ kind: 'design', id });
    }
    setMode(null);
    refresh();
  };

  if (view.kind !== 'list') {
    const back = () => {
      setView({ kind: 'list' });
      refresh();
    };
    return (
      <OneForm id={view.id}>
        {(form) =>
          view.kind === 'design' ? (
            <FormDesigner form={form} onBack={back} onChanged={refresh} />
          ) : (
            <FormFill form={form} onBack={back} onSubmitted={refresh} />
          )
        }
      </OneForm>
    );
  }

  const columns: KitColumn<FormRow>[] = [
    { key: 'name', title: t('formDes.name'), dataIndex: 'name', width: 200 },
    { key: 'code', title: t('formDes.code'), dataIndex: 'code', width: 160 },
    {
      key: 'publishedVersion',
      title: t('formDes.publishedVersion'),
      dataIndex: 'publishedVersion',
      width: 170,
      render: (v: number, row) => (
        <Space size={4}>
          <Tag color={v > 0 ? 'success' : 'default'}>
            {v > 0 ? t('formDes.versionN', { n: v }) : t('formDes.unpublished')}
          </Tag>
          {v > 0 && row.draftChanged && <Tag color="warning">{t('formDes.draftChanged')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'submissionCount',
      title: t('formDes.submissions'),
      dataIndex: 'submissionCount',
      width: 110,
      align: 'center',
    },
    {
      key: 'status',
      title: t('system.common.status'),
      dataIndex: 'status',
      width: 90,
      render: (s: number) => <StatusTag status={s} />,
    },
    {
      key: 'updateTime',
      title: t('formDes.updateTime'),
      dataIndex: 'updateTime',
      width: 170,
      render: (v: string | null, row) => formatTime(v ?? row.createTime),
    },
    {
      key: 'actions',
      title: t('system.common.actions'),
      width: 200,
      fixed: 'right',
      exportable: false,
      render: (_: unknown, row) => (
        <Space size={0}>
          {has('sysForm:update') && (
            <RowAction
              title={t('formDes.design')}
              icon={<HighlightOutlined />}
              onClick={() => setView({ kind: 'design', id: row.id })}
            />
          )}
          {has('sysForm:update') && (
            <RowAction
              title={t('system.common.edit')}
              icon={<EditOutlined />}
              onClick={() => setMode({ kind: 'edit', row })}
            />
          )}
          {row.publishedVersion > 0 && has('sysFormData:submit') && has('sysForm:versions') && (
            <RowAction
              title={t('formDes.fill')}
              icon={<FormOutlined />}
              onClick={() => setView({ kind: 'fill', id: row.id })}
            />
          )}
          {has('sysFormData:page') && (
            <RowAction
              title={t('formDes.submissions')}
              icon={<TableOutlined />}
              onClick={() => setSubmissionsOf(row)}
            />
          )}
          {has('sysForm:delete') && (
            <DeleteAction
              confirm={t('formDes.deleteConfirm', { name: row.name })}
              icon={<DeleteOutlined />}
              onConfirm={() =>
                deleteForm(row.id).then(() => {
                  notifier().success(t('system.common.deleted'));
                  refresh();
                })
              }
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <SearchCard form={search} onSearch={(values) => list.search(values)}>
        <Form.Item name="name" label={t('formDes.name')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="code" label={t('formDes.code')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
      </SearchCard>
      <Card size="small">
        <ListToolbar loading={list.loading} onRefresh={list.reload}>
          {has('sysForm:add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setMode({ kind: 'add' })}>
              {t('formDes.add')}
            </Button>
          )}
        </ListToolbar>
        <DataTable<FormRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.rows}
          loading={list.loading}
          onChange={list.onTableChange}
          paging={{ ...list.paging, showTotal: (total) => t('formDes.total', { count: total }) }}
        />
      </Card>
      <FormEditModal mode={mode} onSubmit={submit} onClose={() => setMode(null)} />
      <SubmissionsDrawer form={submissionsOf} onClose={() => setSubmissionsOf(null)} />
    </Flex>
  );
}
