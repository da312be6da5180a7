import type { LdapFilter, LdapInput, LdapRow } from '@lintel/contracts';
import {
  ApiOutlined,
  ClusterOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/api/notify';
import type { KitColumn } from '../../../shared/list/column-layout';
import { DataTable } from '../../../shared/list/data-table';
import { DeleteAction, ListToolbar, RowAction, SearchCard, StatusTag } from '../../../shared/list/list-parts';
import { useServerList } from '../../../shared/list/use-server-list';
import { usePermissions } from '../../../shared/permission/permissions';
import { addLdap, deleteLdap, ldapKeys, pageLdap, testLdap, updateLdap, type LdapSyncKind } from './ldap-api';
import { LdapFormModal, type LdapFormMode } from './ldap-form-modal';
import { LdapSyncModal } from './ldap-sync-modal';

type Filter = Omit<LdapFilter, 'page' | 'pageSize'>;

/**
 * System → AD domain (`/system/ldap/index`): the tenant's LDAP / Active Directory setting, a
 * connection test, and the synchronisation of units and people (previewed before it is applied).
 * While the setting is enabled, linked accounts sign in with their directory password.
 */
export default function LdapPage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const queryClient = useQueryClient();
  const [search] = Form.useForm<Filter>();
  const [mode, setMode] = useState<LdapFormMode | null>(null);
  const [sync, setSync] = useState<{ kind: LdapSyncKind; row: LdapRow } | null>(null);
  const list = useServerList<LdapRow, Filter>({ key: ldapKeys.all, fetch: pageLdap });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ldapKeys.all });
  const remove = useMutation({
    mutationFn: deleteLdap,
    onSuccess: () => notifier().success(t('system.common.deleted')),
    onSettled: refresh,
  });
  const test = useMutation({
    mutationFn: testLdap,
    onSuccess: (result) => notifier().success(t('ldap.testOk', result)),
  });

  const submit = async (values: LdapInput, current: LdapFormMode) => {
    if (current.kind === 'edit') await updateLdap({ ...values, id: current.row.id });
    else await addLdap(values);
    notifier().success(t('system.common.saved'));
    setMode(null);
    await refresh();
  };

  const columns: KitColumn<LdapRow>[] = [
    {
      key: 'host',
      title: t('ldap.host'),
      width: 200,
      render: (_: unknown, row) => `${row.host}:${row.port}`,
      text: (row) => `${row.host}:${row.port}`,
    },
    {
      key: 'tls',
      title: t('ldap.tls'),
      dataIndex: 'tls',
      width: 110,
      render: (tls: LdapRow['tls']) => <Tag>{t(`ldap.tls_${tls}`)}</Tag>,
      text: (row) => t(`ldap.tls_${row.tls}`),
    },
    { key: 'baseDn', title: t('ldap.baseDn'), dataIndex: 'baseDn', width: 220, ellipsis: true },
    { key: 'bindDn', title: t('ldap.bindDn'), dataIndex: 'bindDn', width: 200, ellipsis: true },
    { key: 'authFilter', title: t('ldap.authFilter'), dataIndex: 'authFilter', width: 180, ellipsis: true },
    {
      key: 'status',
      title: t('system.common.status'),
      dataIndex: 'status',
      width: 90,
      render: (status: number) => <StatusTag status={status} />,
    },
    { key: 'remark', title: t('system.common.remark'), dataIndex: 'remark', width: 140, ellipsis: true },
  ];
  const rowActions = ['testConnection', 'syncDept', 'syncUser', 'update', 'delete'] as const;
  if (rowActions.some((action) => has(`sysLdap:${action}`))) {
    columns.push({
      key: 'actions',
      title: t('system.common.actions'),
      width: 190,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Space size={0}>
          {has('sysLdap:testConnection') && (
            <RowAction title={t('ldap.test')} icon={<ApiOutlined />} onClick={() => test.mutate(row.id)} />
          )}
          {has('sysLdap:syncDept') && (
            <RowAction
              title={t('ldap.syncDept')}
              icon={<ClusterOutlined />}
              onClick={() => setSync({ kind: 'syncDept', row })}
            />
          )}
          {has('sysLdap:syncUser') && (
            <RowAction
              title={t('ldap.syncUser')}
              icon={<UserSwitchOutlined />}
              onClick={() => setSync({ kind: 'syncUser', row })}
            />
          )}
          {has('sysLdap:update') && (
            <RowAction
              title={t('system.common.edit')}
              icon={<EditOutlined />}
              onClick={() => setMode({ kind: 'edit', row })}
            />
          )}
          {has('sysLdap:delete') && (
            <DeleteAction
              confirm={t('ldap.deleteConfirm', { host: row.host })}
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
      <Alert type="info" showIcon message={t('ldap.about')} />
      <SearchCard form={search} onSearch={(values) => list.search(values ?? {})}>
        <Form.Item name="host" label={t('ldap.host')}>
          <Input allowClear maxLength={128} />
        </Form.Item>
      </SearchCard>
      <Card size="small">
        <ListToolbar loading={list.loading} onRefresh={list.reload}>
          {has('sysLdap:add') && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={list.rows.length > 0}
              title={list.rows.length > 0 ? t('ldap.onePerTenant') : undefined}
              onClick={() => setMode({ kind: 'add' })}
            >
              {t('system.common.add')}
            </Button>
          )}
        </ListToolbar>
        <DataTable<LdapRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.rows}
          loading={list.loading}
          onChange={list.onTableChange}
          paging={list.paging}
        />
      </Card>
      <LdapFormModal mode={mode} onSubmit={submit} onClose={() => setMode(null)} />
      <LdapSyncModal target={sync} onClose={() => setSync(null)} onApplied={() => void refresh()} />
    </Flex>
  );
}
