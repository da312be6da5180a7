import {
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  ReloadOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import type { OAuthProviderInput, OAuthProviderOutput } from '@lintel/contracts';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Flex, Input, Popconfirm, Space, Switch, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../shared/api/notify';
import { useBatchActions } from '../../shared/list/batch-actions';
import { tableRowSelection } from '../../shared/list/row-selection';
import { SelectionBar } from '../../shared/list/selection-bar';
import { useServerList } from '../../shared/list/use-server-list';
import {
  addProvider,
  deleteProvider,
  pageProviders,
  setProviderStatus,
  updateProvider,
} from '../../shared/oauth/oauth-api';
import { ProviderFormModal } from './provider-form-modal';
import { ProviderBadge } from '../../shared/oauth/provider-icon';
import { useHasPermission } from './use-permission';

/** System → third-party sign-in: the tenant's OAuth 2.0 / OIDC and WeChat providers (`/system/oauth/index`). */
export default function OAuthAdminPage() {
  const { t } = useTranslation();
  const can = useHasPermission();
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<OAuthProviderOutput | null>(null);
  const [modalOpen, setModalOpen] = useState(false);

  // Under ['oauth']: a refresh also renews the sign-in page's providers.
  const list = useServerList<OAuthProviderOutput, { name?: string }>({
    key: ['oauth'],
    fetch: pageProviders,
    sortable: false,
  });
  const { refresh } = list;
  const searchKeyword = () => list.search({ name: keyword.trim() || undefined });
  const batch = useBatchActions<OAuthProviderOutput>({
    controller: 'sysOAuth',
    label: (row) => row.name,
    status: true,
    onDone: refresh,
  });

  const save = async (values: OAuthProviderInput) => {
    if (editing) await updateProvider({ ...values, id: editing.id });
    else await addProvider(values);
    notifier().success(t('oauth.admin.saved'));
    setModalOpen(false);
    await refresh();
  };
  const status = useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) => setProviderStatus(id, enabled ? 1 : 2),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: deleteProvider,
    onSuccess: () => notifier().success(t('oauth.admin.deleted')),
    onSettled: refresh,
  });

  const openEditor = (row: OAuthProviderOutput | null) => {
    setEditing(row);
    setModalOpen(true);
  };

  const columns: ColumnsType<OAuthProviderOutput> = [
    {
      title: t('oauth.admin.name'),
      dataIndex: 'name',
      render: (name: string, row) => (
        <Space>
          <ProviderBadge icon={row.icon} name={name} size={28} />
          {name}
        </Space>
      ),
    },
    { title: t('oauth.admin.code'), dataIndex: 'code' },
    {
      title: t('oauth.admin.protocol'),
      dataIndex: 'protocol',
      render: (protocol: OAuthProviderOutput['protocol']) => (
        <Tag color={protocol === 'oauth2' ? 'blue' : 'green'}>{t(`oauth.admin.protocol_${protocol}`)}</Tag>
      ),
    },
    { title: t('oauth.admin.clientId'), dataIndex: 'clientId', ellipsis: true },
    {
      title: t('oauth.admin.clientSecret'),
      dataIndex: 'clientSecretSet',
      render: (set: boolean) =>
        set ? (
          <Tag color="success">{t('oauth.admin.secretSet')}</Tag>
        ) : (
          <Tag>{t('oauth.admin.secretNotSet')}</Tag>
        ),
    },
    { title: t('oauth.admin.subjectClaim'), dataIndex: 'subjectClaim' },
    {
      title: t('oauth.admin.status'),
      dataIndex: 'status',
      render: (value: number, row) =>
        can('sysOAuth:setStatus') ? (
          <Switch
            checked={value === 1}
            loading={status.isPending && status.variables?.id === row.id}
            checkedChildren={t('oauth.admin.enabled')}
            unCheckedChildren={t('oauth.admin.disabled')}
            onChange={(enabled) => status.mutate({ id: row.id, enabled })}
          />
        ) : (
          <Tag color={value === 1 ? 'success' : 'default'}>
            {value === 1 ? t('oauth.admin.enabled') : t('oauth.admin.disabled')}
          </Tag>
        ),
    },
    { title: t('oauth.admin.order'), dataIndex: 'orderNo', width: 80 },
  ];
  if (can('sysOAuth:update') || can('sysOAuth:delete')) {
    columns.push({
      title: t('oauth.admin.actions'),
      key: 'actions',
      width: 180,
      render: (_: unknown, row) => (
        <Space size={0}>
          {can('sysOAuth:update') && (
            <Button type="link" icon={<EditOutlined />} onClick={() => openEditor(row)}>
              {t('oauth.admin.edit')}
            </Button>
          )}
          {can('sysOAuth:delete') && (
            <Popconfirm
              title={t('oauth.admin.deleteConfirm', { name: row.name })}
              okText={t('oauth.admin.delete')}
              okButtonProps={{ danger: true }}
              cancelText={t('oauth.admin.cancel')}
              onConfirm={() => remove.mutateAsync(row.id)}
            >
              <Button type="link" danger icon={<DeleteOutlined />}>
                {t('oauth.admin.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    });
  }

  return (
    <Card>
      <Flex justify="space-between" gap={12} wrap style={{ marginBottom: 16 }}>
        <Space wrap>
          <Input
            allowClear
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            onPressEnter={searchKeyword}
            placeholder={t('oauth.admin.keyword')}
            style={{ width: 220 }}
          />
          <Button type="primary" icon={<SearchOutlined />} onClick={searchKeyword}>
            {t('oauth.admin.search')}
          </Button>
          <Button
            onClick={() => {
              setKeyword('');
              list.search(undefined);
            }}
          >
            {t('oauth.admin.reset')}
          </Button>
        </Space>
        <Space>
          {can('sysOAuth:add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openEditor(null)}>
              {t('oauth.admin.add')}
            </Button>
          )}
          <Button icon={<ReloadOutlined />} onClick={list.reload} aria-label="refresh" />
        </Space>
      </Flex>
      <SelectionBar selection={batch} />
      <Table
        rowKey="id"
        rowSelection={tableRowSelection(batch)}
        size="middle"
        loading={list.loading}
        columns={columns}
        dataSource={list.rows}
        scroll={{ x: 900 }}
        onChange={list.onTableChange}
        pagination={{ ...list.paging, showSizeChanger: true }}
      />
      <ProviderFormModal
        open={modalOpen}
        editing={editing}
        onCancel={() => setModalOpen(false)}
        onSubmit={save}
      />
    </Card>
  );
}
