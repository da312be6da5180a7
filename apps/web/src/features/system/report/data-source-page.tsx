import type { ReportSourceInput, ReportSourceRow } from '@lintel/contracts';
import { ApiOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, Flex, Form, Input, InputNumber, Radio, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/api/notify';
import type { KitColumn } from '../../../shared/list/column-layout';
import { DataTable } from '../../../shared/list/data-table';
import { FormModal } from '../../../shared/list/form-modal';
import { DeleteAction, ListToolbar, RowAction } from '../../../shared/list/list-parts';
import { usePermissions } from '../../../shared/permission/permissions';
import { addSource, deleteSource, pageSources, reportKeys, testSource, updateSource } from './report-api';

type Mode = { kind: 'add' } | { kind: 'edit'; row: ReportSourceRow };

/** Report → data sources (`/system/reportDataSource/index`): the product database or external PostgreSQL. */
export default function DataSourcePage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const queryClient = useQueryClient();
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const [mode, setMode] = useState<Mode | null>(null);
  const [form] = Form.useForm<ReportSourceInput>();
  const kind = Form.useWatch('kind', form);
  const [testing, setTesting] = useState(false);

  const { data, isFetching, refetch } = useQuery({
    queryKey: reportKeys.sourcePage(paging),
    queryFn: () => pageSources(paging),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: reportKeys.sources });
  const remove = useMutation({
    mutationFn: deleteSource,
    onSuccess: () => notifier().success(t('system.common.deleted')),
    onSettled: refresh,
  });

  const test = async (id?: string) => {
    setTesting(true);
    try {
      const values = id
        ? { id }
        : { ...form.getFieldsValue(), ...(mode?.kind === 'edit' ? { id: mode.row.id } : {}) };
      const outcome = await testSource(values);
      if (outcome.ok) notifier().success(t('report.testOk', { message: outcome.message }));
      else notifier().error(outcome.message);
    } finally {
      setTesting(false);
    }
  };

  const submit = async (values: ReportSourceInput) => {
    if (mode?.kind === 'edit') await updateSource({ ...values, id: mode.row.id });
    else await addSource(values);
    notifier().success(t('system.common.saved'));
    setMode(null);
    await refresh();
  };

  const columns: KitColumn<ReportSourceRow>[] = [
    { key: 'name', title: t('report.sourceName'), dataIndex: 'name', width: 200 },
    {
      key: 'kind',
      title: t('report.kind'),
      dataIndex: 'kind',
      width: 160,
      render: (k: string) => <Tag>{t(k === 'builtin' ? 'report.kindBuiltin' : 'report.kindPostgres')}</Tag>,
    },
    {
      key: 'host',
      title: t('report.host'),
      width: 240,
      render: (_: unknown, row) =>
        row.kind === 'postgres' ? `${row.host}:${row.port}/${row.databaseName}` : '',
    },
    { key: 'userName', title: t('report.userName'), dataIndex: 'userName', width: 140 },
    { key: 'remark', title: t('system.common.remark'), dataIndex: 'remark', width: 200, ellipsis: true },
    {
      key: 'actions',
      title: t('system.common.actions'),
      width: 140,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Space size={0}>
          {has('sysReportDataSource:testConnection') && (
            <RowAction
              title={t('report.testConnection')}
              icon={<ApiOutlined />}
              onClick={() => void test(row.id)}
            />
          )}
          {has('sysReportDataSource:update') && (
            <RowAction
              title={t('system.common.edit')}
              icon={<EditOutlined />}
              onClick={() => setMode({ kind: 'edit', row })}
            />
          )}
          {has('sysReportDataSource:delete') && (
            <DeleteAction
              confirm={t('report.deleteSourceConfirm', { name: row.name })}
              icon={<DeleteOutlined />}
              onConfirm={() => remove.mutateAsync(row.id)}
            />
          )}
        </Space>
      ),
    },
  ];

  const values: Partial<ReportSourceInput> | null = !mode
    ? null
    : mode.kind === 'add'
      ? { kind: 'postgres', port: 5432, ssl: false, connectTimeoutMs: 5000 }
      : {
          name: mode.row.name,
          kind: mode.row.kind,
          host: mode.row.host,
          port: mode.row.port,
          databaseName: mode.row.databaseName,
          userName: mode.row.userName,
          ssl: mode.row.ssl,
          connectTimeoutMs: mode.row.connectTimeoutMs,
          remark: mode.row.remark,
        };

  return (
    <Flex vertical gap={12}>
      <Card size="small">
        <ListToolbar loading={isFetching} onRefresh={() => void refetch()}>
          {has('sysReportDataSource:add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setMode({ kind: 'add' })}>
              {t('system.common.add')}
            </Button>
          )}
        </ListToolbar>
        <DataTable<ReportSourceRow>
          rowKey="id"
          size="small"
          loading={isFetching}
          columns={columns}
          dataSource={data?.items ?? []}
          paging={{ current: paging.page, pageSize: paging.pageSize, total: data?.total ?? 0 }}
          onChange={(p) => setPaging({ page: p.current ?? 1, pageSize: p.pageSize ?? 20 })}
        />
      </Card>
      <FormModal<ReportSourceInput>
        values={values}
        title={mode?.kind === 'edit' ? t('report.editSource') : t('report.addSource')}
        form={form}
        onSubmit={submit}
        onClose={() => setMode(null)}
        width={560}
      >
        <Form.Item name="name" label={t('report.sourceName')} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="kind" label={t('report.kind')}>
          <Radio.Group
            options={[
              { value: 'builtin', label: t('report.kindBuiltin') },
              { value: 'postgres', label: t('report.kindPostgres') },
            ]}
          />
        </Form.Item>
        {kind === 'postgres' && (
          <>
            <Form.Item
              name="host"
              label={t('report.host')}
              extra={t('report.hostHint')}
              rules={[{ required: true }]}
            >
              <Input maxLength={255} />
            </Form.Item>
            <Form.Item name="port" label={t('report.port')}>
              <InputNumber min={1} max={65535} />
            </Form.Item>
            <Form.Item name="databaseName" label={t('report.databaseName')} rules={[{ required: true }]}>
              <Input maxLength={128} />
            </Form.Item>
            <Form.Item name="userName" label={t('report.userName')} rules={[{ required: true }]}>
              <Input maxLength={128} autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('report.password')}
              extra={mode?.kind === 'edit' && mode.row.hasPassword ? t('report.passwordKeep') : undefined}
            >
              <Input.Password maxLength={256} autoComplete="new-password" />
            </Form.Item>
            <Form.Item name="ssl" valuePropName="checked">
              <Checkbox>{t('report.ssl')}</Checkbox>
            </Form.Item>
            <Form.Item name="connectTimeoutMs" label={t('report.connectTimeout')}>
              <InputNumber min={500} max={30000} step={500} />
            </Form.Item>
            {has('sysReportDataSource:testConnection') && (
              <Button icon={<ApiOutlined />} loading={testing} onClick={() => void test()}>
                {t('report.testConnection')}
              </Button>
            )}
          </>
        )}
        <Form.Item name="remark" label={t('system.common.remark')}>
          <Input.TextArea maxLength={256} rows={2} />
        </Form.Item>
      </FormModal>
    </Flex>
  );
}
