import type { TenantRow, TenantUserFilter, TenantUserRow } from '@lintel/contracts';
import { Drawer, Flex, Input, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../../shared/list/list-parts';
import { useServerList } from '../../../shared/list/use-server-list';
import { tenantKeys, tenantUsers } from './tenant-api';

/** The accounts of one tenant, paged, searchable by account name. */
export function TenantUsersDrawer({ tenant, onClose }: { tenant: TenantRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const users = useServerList<TenantUserRow, TenantUserFilter>({
    key: tenantKeys.all,
    queryKey: tenantKeys.users,
    fetch: tenantUsers,
    fixed: { id: tenant?.id ?? '' },
    enabled: !!tenant,
    sortable: false,
  });

  return (
    <Drawer
      open={!!tenant}
      onClose={() => {
        users.reset();
        onClose();
      }}
      width={720}
      title={tenant ? t('tenant.usersTitle', { name: tenant.name }) : ''}
    >
      <Flex vertical gap={12}>
        <Input.Search
          allowClear
          maxLength={64}
          placeholder={t('tenant.account')}
          aria-label={t('tenant.account')}
          onSearch={(account) => users.search({ account: account.trim() || undefined })}
        />
        <Table<TenantUserRow>
          rowKey="id"
          size="small"
          loading={users.loading}
          dataSource={tenant ? users.rows : []}
          onChange={users.onTableChange}
          pagination={{ ...users.paging, showSizeChanger: true, pageSizeOptions: [10, 20, 50, 100] }}
          columns={[
            { title: t('tenant.account'), dataIndex: 'account' },
            { title: t('tenant.realName'), dataIndex: 'realName' },
            { title: t('tenant.phone'), dataIndex: 'phone' },
            { title: t('tenant.org'), dataIndex: 'orgName' },
            {
              title: t('system.common.status'),
              dataIndex: 'status',
              width: 90,
              render: (s: number) => <StatusTag status={s} />,
            },
            {
              title: t('tenant.createTime'),
              dataIndex: 'createTime',
              width: 170,
              render: (v: string) => v.slice(0, 19).replace('T', ' '),
            },
          ]}
        />
      </Flex>
    </Drawer>
  );
}
