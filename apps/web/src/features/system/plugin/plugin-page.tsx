import type { PluginPageInput, PluginRow } from '@lintel/contracts';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input, Space, Switch, Tag, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/api/notify';
import type { KitColumn } from '../../../shared/list/column-layout';
import { DataTable } from '../../../shared/list/data-table';
import { DeleteAction, ListToolbar, SearchCard } from '../../../shared/list/list-parts';
import { useServerList } from '../../../shared/list/use-server-list';
import { usePermissions } from '../../../shared/permission/permissions';
import { deletePlugin, pagePlugins, pluginKeys, setPluginStatus, uploadPlugin } from './plugin-api';

type Filter = Omit<PluginPageInput, 'page' | 'pageSize'>;

/** Where a plugin stands in this server process: loaded, refused (with why) or waiting for a restart. */
function LoadState({ row }: { row: PluginRow }) {
  const { t } = useTranslation();
  if (row.error) return <Tag color="error">{t('plugin.refused')}</Tag>;
  if (row.loadedTime) return <span>{row.loadedTime.slice(0, 19).replace('T', ' ')}</span>;
  return <Tag color="warning">{t('plugin.pending')}</Tag>;
}

/** Platform → plugins (`/system/plugin/index`): plugins of the plugins folder, their switch and upload. */
export default function PluginPage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const queryClient = useQueryClient();
  const [search] = Form.useForm<Filter>();
  const list = useServerList<PluginRow, Filter>({ key: pluginKeys.all, fetch: pagePlugins });
  const refresh = () => queryClient.invalidateQueries({ queryKey: pluginKeys.all });
  const toggle = useMutation({
    mutationFn: (row: PluginRow) => setPluginStatus(row.id, row.status === 1 ? 2 : 1),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: deletePlugin,
    onSuccess: () => notifier().success(t('system.common.deleted')),
    onSettled: refresh,
  });
  const upload = useMutation({
    mutationFn: (file: File) => uploadPlugin(file, file.name),
    onSuccess: (result) => notifier().success(t('plugin.uploaded', { name: result.name })),
    onSettled: refresh,
  });

  const columns: KitColumn<PluginRow>[] = [
    { key: 'name', title: t('plugin.name'), dataIndex: 'name', width: 160 },
    { key: 'version', title: t('plugin.version'), dataIndex: 'version', width: 90 },
    {
      key: 'status',
      title: t('plugin.status'),
      width: 90,
      render: (_: unknown, row) => (
        <Switch
          size="small"
          checked={row.status === 1}
          disabled={!has('sysPlugin:setStatus')}
          aria-label={t('plugin.enable', { name: row.name })}
          onChange={() => toggle.mutate(row)}
        />
      ),
    },
    {
      key: 'source',
      title: t('plugin.source'),
      width: 100,
      render: (_: unknown, row) => (
        <Tag>{t(row.source === 'upload' ? 'plugin.sourceUpload' : 'plugin.sourceFolder')}</Tag>
      ),
    },
    {
      key: 'loadedTime',
      title: t('plugin.loadedTime'),
      width: 170,
      render: (_: unknown, row) => <LoadState row={row} />,
    },
    {
      key: 'routes',
      title: t('plugin.routes'),
      width: 300,
      render: (_: unknown, row) => (
        <Flex vertical gap={2}>
          {row.routes.map((r) => (
            <Typography.Text key={`${r.method} ${r.url}`} code style={{ fontSize: 12 }}>
              {r.method} {r.url} · {r.permission}
            </Typography.Text>
          ))}
        </Flex>
      ),
    },
    {
      key: 'error',
      title: t('plugin.error'),
      width: 260,
      render: (_: unknown, row) =>
        row.error ? <Typography.Text type="danger">{row.error}</Typography.Text> : (row.description ?? ''),
    },
  ];
  if (has('sysPlugin:delete')) {
    columns.push({
      key: 'actions',
      title: t('system.common.actions'),
      width: 80,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Space size={0}>
          <DeleteAction
            confirm={t('plugin.deleteConfirm', { name: row.name })}
            icon={<DeleteOutlined />}
            onConfirm={() => remove.mutateAsync(row.id)}
          />
        </Space>
      ),
    });
  }

  return (
    <Flex vertical gap={12}>
      <SearchCard form={search} onSearch={(v) => list.search(v ?? {})}>
        <Form.Item name="name" label={t('plugin.name')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
      </SearchCard>
      <Card size="small">
        <Alert type="info" showIcon message={t('plugin.restartNote')} style={{ marginBottom: 12 }} />
        <ListToolbar loading={list.loading} onRefresh={list.reload}>
          {has('sysPlugin:add') && (
            <Upload
              accept=".zip,application/zip"
              showUploadList={false}
              beforeUpload={(file) => {
                upload.mutate(file);
                return false;
              }}
            >
              <Button type="primary" icon={<UploadOutlined />} loading={upload.isPending}>
                {t('plugin.upload')}
              </Button>
            </Upload>
          )}
        </ListToolbar>
        <DataTable<PluginRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.rows}
          loading={list.loading}
          onChange={list.onTableChange}
          paging={list.paging}
        />
      </Card>
    </Flex>
  );
}
