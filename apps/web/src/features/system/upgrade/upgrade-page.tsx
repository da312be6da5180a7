import type { UpgradeFilter, UpgradeInput, UpgradeRow } from '@lintel/contracts';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/api/notify';
import { upgradeNotesKey } from '../../../shared/changelog/changelog-api';
import type { KitColumn } from '../../../shared/list/column-layout';
import { DataTable } from '../../../shared/list/data-table';
import { DeleteAction, ListToolbar, RowAction, SearchCard } from '../../../shared/list/list-parts';
import { useServerList } from '../../../shared/list/use-server-list';
import { MarkdownView } from '../../../shared/markdown/markdown-view';
import { usePermissions } from '../../../shared/permission/permissions';
import { addUpgrade, deleteUpgrade, pageUpgrades, updateUpgrade, upgradeAdminKeys } from './upgrade-api';
import { UpgradeFormModal, type UpgradeFormMode } from './upgrade-form-modal';

type Filter = Omit<UpgradeFilter, 'page' | 'pageSize'>;

/**
 * Platform → release notes (`/system/upgrade/index`): the super admin writes the notes every account
 * reads in the upgrade prompt and the dashboard's update log.
 */
export default function UpgradePage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const queryClient = useQueryClient();
  const [search] = Form.useForm<Filter>();
  const [mode, setMode] = useState<UpgradeFormMode | null>(null);
  const list = useServerList<UpgradeRow, Filter>({ key: upgradeAdminKeys.all, fetch: pageUpgrades });
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: upgradeAdminKeys.all });
    await queryClient.invalidateQueries({ queryKey: upgradeNotesKey });
  };
  const remove = useMutation({
    mutationFn: deleteUpgrade,
    onSuccess: () => notifier().success(t('system.common.deleted')),
    onSettled: refresh,
  });
  const submit = async (values: UpgradeInput, current: UpgradeFormMode) => {
    if (current.kind === 'edit') await updateUpgrade({ ...values, id: current.row.id });
    else await addUpgrade(values);
    notifier().success(t('system.common.saved'));
    setMode(null);
    await refresh();
  };

  const columns: KitColumn<UpgradeRow>[] = [
    { key: 'version', title: t('upgrade.version'), dataIndex: 'version', width: 110 },
    { key: 'title', title: t('upgrade.title'), dataIndex: 'title', width: 280, ellipsis: true },
    {
      key: 'publishTime',
      title: t('upgrade.publishTime'),
      width: 170,
      render: (_: unknown, row) => dayjs(row.publishTime).format('YYYY-MM-DD HH:mm'),
      text: (row) => dayjs(row.publishTime).format('YYYY-MM-DD HH:mm'),
    },
    {
      key: 'status',
      title: t('upgrade.status'),
      dataIndex: 'status',
      width: 100,
      render: (status: number) =>
        status === 1 ? <Tag color="success">{t('upgrade.published')}</Tag> : <Tag>{t('upgrade.draft')}</Tag>,
      text: (row) => t(row.status === 1 ? 'upgrade.published' : 'upgrade.draft'),
    },
  ];
  if (has('sysUpgrade:update') || has('sysUpgrade:delete')) {
    columns.push({
      key: 'actions',
      title: t('system.common.actions'),
      width: 100,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Space size={0}>
          {has('sysUpgrade:update') && (
            <RowAction
              title={t('system.common.edit')}
              icon={<EditOutlined />}
              onClick={() => setMode({ kind: 'edit', row })}
            />
          )}
          {has('sysUpgrade:delete') && (
            <DeleteAction
              confirm={t('upgrade.deleteConfirm', { version: row.version })}
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
        <Form.Item name="version" label={t('upgrade.version')}>
          <Input allowClear maxLength={32} />
        </Form.Item>
        <Form.Item name="title" label={t('upgrade.title')}>
          <Input allowClear maxLength={128} />
        </Form.Item>
      </SearchCard>
      <Card size="small">
        <ListToolbar loading={list.loading} onRefresh={list.reload}>
          {has('sysUpgrade:add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setMode({ kind: 'add' })}>
              {t('system.common.add')}
            </Button>
          )}
        </ListToolbar>
        <DataTable<UpgradeRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.rows}
          loading={list.loading}
          onChange={list.onTableChange}
          paging={list.paging}
          expandable={{ expandedRowRender: (row) => <MarkdownView text={row.content} /> }}
        />
      </Card>
      <UpgradeFormModal mode={mode} onSubmit={submit} onClose={() => setMode(null)} />
    </Flex>
  );
}
