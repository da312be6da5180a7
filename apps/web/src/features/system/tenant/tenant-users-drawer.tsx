import type { TenantRow, TenantUserRow } from '@lintel/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Drawer, Flex, Input, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../../shared/list/list-parts';
import { tenantKeys, tenantUsers } from './tenant-api';

/** The accounts of one tenant, paged, searchable by account name. */
export function TenantUsersDrawer({ tenant, onClose }: { tenant: TenantRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const [paging, setPaging] = useState({ page: 1, pageSize: 20, account: '' });
  const query = { id: tenant?.id ?? '', ...paging, account: paging.account || undefined };
  const users = useQuery({
    queryKey: tenantKeys.users(query),
    queryFn: () => tenantUsers(query),
    enabled: !!tenant,
    placeholderData: keepPreviousData,
  });

  return (
    <Drawer
      open={!!tenant}
      onClose={() => {
        setPaging({ page: 1, pageSize: 20, account: '' });
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
          onSearch={(account) => setPaging({ ...paging, page: 1, account: account.trim() })}
        />
        <Table<TenantUserRow>
          rowKey="id"
          size="small"
          loading={users.isFetching}
          dataSource={tenant ? (users.data?.items ?? []) : []}
          pagination={{
            current: paging.page,
            pageSize: paging.pageSize,
            total: users.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50, 100],
            onChange: (page, pageSize) => setPaging({ ...paging, page, pageSize }),
          }}
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
