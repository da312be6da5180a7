import type { AiProviderFilter, AiProviderRow } from '@lintel/contracts';
import { ApiOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Modal, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/api/notify';
import type { KitColumn } from '../../../shared/list/column-layout';
import { DataTable } from '../../../shared/list/data-table';
import { DeleteAction, ListToolbar, RowAction, SearchCard } from '../../../shared/list/list-parts';
import { useServerList } from '../../../shared/list/use-server-list';
import { usePermissions } from '../../../shared/permission/permissions';
import { ConnectionResult } from './connection-result';
import {
  addProvider,
  deleteProvider,
  pageProviders,
  providerDetail,
  providerKeys,
  testConnection,
  updateProvider,
} from './provider-api';
import { ProviderFormModal, type ProviderFormMode, type ProviderFormValues } from './provider-form-modal';

type Filter = Omit<AiProviderFilter, 'page' | 'pageSize'>;

/** The tenant's providers: list, add, edit (with models), test, delete. */
export function ProvidersTab() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const queryClient = useQueryClient();
  const [search] = Form.useForm<Filter>();
  const [mode, setMode] = useState<ProviderFormMode | null>(null);
  const [testing, setTesting] = useState<string | null>(null);
  const list = useServerList<AiProviderRow, Filter>({ key: providerKeys.all, fetch: pageProviders });
  const refresh = () => queryClient.invalidateQueries({ queryKey: providerKeys.all });
  const remove = useMutation({
    mutationFn: deleteProvider,
    onSuccess: () => notifier().success(t('system.common.deleted')),
    onSettled: refresh,
  });

  const edit = async (row: AiProviderRow) => setMode({ kind: 'edit', detail: await providerDetail(row.id) });

  const test = async (row: AiProviderRow) => {
    setTesting(row.id);
    try {
      const outcome = await testConnection({ id: row.id });
      Modal.info({
        title: t('aiProvider.testOf', { name: row.name }),
        content: <ConnectionResult outcome={outcome} />,
        okText: t('aiProvider.close'),
        width: 560,
      });
    } catch {
      // Shown by the API client.
    } finally {
      setTesting(null);
    }
  };

  const submit = async (values: ProviderFormValues, current: ProviderFormMode) => {
    if (current.kind === 'edit') await updateProvider({ ...values, id: current.detail.id });
    else await addProvider(values);
    notifier().success(t('system.common.saved'));
    setMode(null);
    await refresh();
  };

  const kindLabel = (kind: string) => t(kind === 'dify' ? 'aiProvider.kindDify' : 'aiProvider.kindOpenai');
  const columns: KitColumn<AiProviderRow>[] = [
    { key: 'name', title: t('aiProvider.name'), dataIndex: 'name', width: 180 },
    {
      key: 'kind',
      title: t('aiProvider.kind'),
      dataIndex: 'kind',
      width: 190,
      render: (kind: string) => <Tag color={kind === 'dify' ? 'purple' : 'blue'}>{kindLabel(kind)}</Tag>,
      text: (row) => kindLabel(row.kind),
    },
    {
      key: 'baseUrl',
      title: t('aiProvider.baseUrl'),
      dataIndex: 'baseUrl',
      width: 300,
      ellipsis: true,
      render: (url: string) => <Typography.Text code>{url}</Typography.Text>,
    },
    {
      key: 'hasApiKey',
      title: t('aiProvider.apiKey'),
      dataIndex: 'hasApiKey',
      width: 100,
      render: (has: boolean) =>
        has ? <Tag color="success">{t('aiProvider.keySaved')}</Tag> : <Tag>{t('aiProvider.keyNone')}</Tag>,
      text: (row) => (row.hasApiKey ? t('aiProvider.keySaved') : t('aiProvider.keyNone')),
    },
    { key: 'modelCount', title: t('aiProvider.models'), dataIndex: 'modelCount', width: 80, align: 'center' },
    {
      key: 'enabled',
      title: t('system.common.status'),
      dataIndex: 'enabled',
      width: 90,
      render: (on: boolean) =>
        on ? (
          <Tag color="success">{t('system.common.enabled')}</Tag>
        ) : (
          <Tag>{t('system.common.disabled')}</Tag>
        ),
      text: (row) => t(row.enabled ? 'system.common.enabled' : 'system.common.disabled'),
    },
    { key: 'orderNo', title: t('system.common.order'), dataIndex: 'orderNo', width: 70, align: 'center' },
    { key: 'remark', title: t('system.common.remark'), dataIndex: 'remark', width: 180, ellipsis: true },
  ];
  if (has('aiProvider:update') || has('aiProvider:delete') || has('aiProvider:testConnection')) {
    columns.push({
      key: 'actions',
      title: t('system.common.actions'),
      width: 130,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Space size={0}>
          {has('aiProvider:testConnection') && (
            <Button
              type="text"
              icon={<ApiOutlined />}
              aria-label={t('aiProvider.test')}
              title={t('aiProvider.test')}
              loading={testing === row.id}
              onClick={() => void test(row)}
            />
          )}
          {has('aiProvider:update') && has('aiProvider:detail') && (
            <RowAction
              title={t('system.common.edit')}
              icon={<EditOutlined />}
              onClick={() => void edit(row)}
            />
          )}
          {has('aiProvider:delete') && (
            <DeleteAction
              confirm={t('aiProvider.deleteConfirm', { name: row.name })}
              icon={<DeleteOutlined />}
              onConfirm={() => remove.mutateAsync(row.id)}
            />
          )}
        </Space>
      ),
    });
  }

  return (
    <Flex vertical gap={12}>
      <SearchCard form={search} onSearch={(values) => list.search(values ?? {})}>
        <Form.Item name="name" label={t('aiProvider.name')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="kind" label={t('aiProvider.kind')}>
          <Select
            allowClear
            style={{ width: 220 }}
            options={[
              { value: 'openai', label: t('aiProvider.kindOpenai') },
              { value: 'dify', label: t('aiProvider.kindDify') },
            ]}
          />
        </Form.Item>
      </SearchCard>
      <Card size="small">
        <ListToolbar loading={list.loading} onRefresh={list.reload}>
          {has('aiProvider:add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setMode({ kind: 'add' })}>
              {t('system.common.add')}
            </Button>
          )}
        </ListToolbar>
        <DataTable<AiProviderRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.rows}
          loading={list.loading}
          onChange={list.onTableChange}
          paging={list.paging}
        />
      </Card>
      <ProviderFormModal
        mode={mode}
        canTest={has('aiProvider:testConnection')}
        canFetch={has('aiProvider:fetchModels')}
        onSubmit={submit}
        onClose={() => setMode(null)}
      />
    </Flex>
  );
}
