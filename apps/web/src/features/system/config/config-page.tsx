import type { ConfigInput, ConfigPageInput, ConfigRow } from '@lintel/contracts';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Space, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/api/notify';
import { useBatchActions } from '../../../shared/list/batch-actions';
import type { KitColumn } from '../../../shared/list/column-layout';
import { DataTable } from '../../../shared/list/data-table';
import { DeleteAction, ListToolbar, RowAction, SearchCard } from '../../../shared/list/list-parts';
import { useServerList } from '../../../shared/list/use-server-list';
import { usePermissions } from '../../../shared/permission/permissions';
import { addConfig, configGroups, configKeys, deleteConfig, pageConfigs, updateConfig } from './config-api';
import { ConfigFormModal, type ConfigFormMode } from './config-form-modal';

type Filter = Omit<ConfigPageInput, 'page' | 'pageSize'>;
const ALL = '';

/**
 * Platform → configuration (`/system/config/index`): the items of the tenant worked in, by group.
 * System items (the ones the product reads) can be edited but not deleted, and keep their code.
 */
export default function ConfigPage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const queryClient = useQueryClient();
  const [search] = Form.useForm<Filter>();
  const [group, setGroup] = useState(ALL);
  const [mode, setMode] = useState<ConfigFormMode | null>(null);
  const groups = useQuery({ queryKey: configKeys.groups, queryFn: configGroups });
  const list = useServerList<ConfigRow, Filter>({
    key: configKeys.all,
    fetch: pageConfigs,
    fixed: { groupCode: group || undefined },
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: configKeys.all });
  const batch = useBatchActions<ConfigRow>({
    controller: 'sysConfig',
    label: (row) => row.code,
    onDone: refresh,
  });
  const remove = useMutation({
    mutationFn: deleteConfig,
    onSuccess: () => notifier().success(t('system.common.deleted')),
    onSettled: refresh,
  });
  const submit = async (values: ConfigInput, current: ConfigFormMode) => {
    if (current.kind === 'edit') await updateConfig({ ...values, id: current.row.id });
    else await addConfig(values);
    notifier().success(t('system.common.saved'));
    setMode(null);
    await refresh();
  };

  const columns: KitColumn<ConfigRow>[] = [
    { key: 'name', title: t('config.name'), dataIndex: 'name', width: 180 },
    {
      key: 'code',
      title: t('config.code'),
      dataIndex: 'code',
      width: 270,
      render: (code: string) => <Typography.Text code>{code}</Typography.Text>,
    },
    { key: 'value', title: t('config.value'), dataIndex: 'value', width: 200, ellipsis: true },
    {
      key: 'sysFlag',
      title: t('config.kind'),
      dataIndex: 'sysFlag',
      width: 90,
      render: (flag: string) =>
        flag === 'Y' ? <Tag color="processing">{t('config.system')}</Tag> : <Tag>{t('config.own')}</Tag>,
      text: (row) => (row.sysFlag === 'Y' ? t('config.system') : t('config.own')),
    },
    { key: 'groupCode', title: t('config.group'), dataIndex: 'groupCode', width: 110 },
    { key: 'orderNo', title: t('system.common.order'), dataIndex: 'orderNo', width: 70, align: 'center' },
    { key: 'remark', title: t('system.common.remark'), dataIndex: 'remark', width: 220, ellipsis: true },
  ];
  if (has('sysConfig:update') || has('sysConfig:delete')) {
    columns.push({
      key: 'actions',
      title: t('system.common.actions'),
      width: 100,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Space size={0}>
          {has('sysConfig:update') && (
            <RowAction
              title={t('system.common.edit')}
              icon={<EditOutlined />}
              onClick={() => setMode({ kind: 'edit', row })}
            />
          )}
          {has('sysConfig:delete') && row.sysFlag !== 'Y' && (
            <DeleteAction
              confirm={t('config.deleteConfirm', { name: row.name })}
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
        <Form.Item name="name" label={t('config.name')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="code" label={t('config.code')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
      </SearchCard>
      <Card size="small">
        <Tabs
          size="small"
          activeKey={group}
          onChange={setGroup}
          items={[
            { key: ALL, label: t('config.allGroups') },
            ...(groups.data ?? []).map((g) => ({ key: g, label: g })),
          ]}
        />
        <ListToolbar loading={list.loading} onRefresh={list.reload}>
          {has('sysConfig:add') && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setMode({ kind: 'add', group: group || undefined })}
            >
              {t('system.common.add')}
            </Button>
          )}
        </ListToolbar>
        <DataTable<ConfigRow>
          rowKey="id"
          size="middle"
          selection={batch}
          columns={columns}
          dataSource={list.rows}
          loading={list.loading}
          onChange={list.onTableChange}
          paging={list.paging}
        />
      </Card>
      <ConfigFormModal
        mode={mode}
        groups={groups.data ?? []}
        onSubmit={async (values, current) => {
          await submit(values, current);
          await queryClient.invalidateQueries({ queryKey: configKeys.groups });
        }}
        onClose={() => setMode(null)}
      />
    </Flex>
  );
}
