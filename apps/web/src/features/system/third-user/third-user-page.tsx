import type { ThirdUserFilter, ThirdUserKind, ThirdUserRow } from '@lintel/contracts';
import { DisconnectOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Avatar, Card, Flex, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/api/notify';
import type { KitColumn } from '../../../shared/list/column-layout';
import { DataTable } from '../../../shared/list/data-table';
import { DeleteAction, ListToolbar, SearchCard } from '../../../shared/list/list-parts';
import { useServerList } from '../../../shared/list/use-server-list';
import { usePermissions } from '../../../shared/permission/permissions';
import { formatTime } from '../../../shared/list/modification-record-changes';
import { pageThirdUsers, thirdUserKeys, unbindThirdUser } from './third-user-api';

type Filter = Omit<ThirdUserFilter, 'page' | 'pageSize'>;

const KIND_COLORS: Record<ThirdUserKind, string> = { oauth: 'blue', wechat: 'green', ldap: 'geekblue' };
const KINDS = Object.keys(KIND_COLORS) as ThirdUserKind[];

/**
 * System → third-party users (`/system/weChatUser/index`): the outside identities bound to the
 * tenant's accounts — OAuth / OIDC sign-in, WeChat sign-in and directory links — with unbind. An unbound person
 * keeps the account and signs in another way (a directory-linked one with its own password).
 */
export default function ThirdUserPage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const queryClient = useQueryClient();
  const [search] = Form.useForm<Filter>();
  const list = useServerList<ThirdUserRow, Filter>({ key: thirdUserKeys.all, fetch: pageThirdUsers });
  const unbind = useMutation({
    mutationFn: unbindThirdUser,
    onSuccess: () => notifier().success(t('thirdUser.unbound')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: thirdUserKeys.all }),
  });

  const columns: KitColumn<ThirdUserRow>[] = [
    { key: 'account', title: t('thirdUser.account'), dataIndex: 'account', width: 140 },
    { key: 'nickName', title: t('thirdUser.realName'), dataIndex: 'nickName', width: 140 },
    { key: 'mobile', title: t('thirdUser.phone'), dataIndex: 'mobile', width: 130 },
    {
      key: 'platformName',
      title: t('thirdUser.platform'),
      width: 150,
      render: (_: unknown, row) => <Tag color={KIND_COLORS[row.platformType]}>{row.platformName}</Tag>,
      text: (row) => row.platformName,
    },
    {
      // What the provider calls the person (a WeChat nickname and picture), kept from the binding.
      key: 'externalName',
      title: t('thirdUser.externalName'),
      width: 160,
      render: (_: unknown, row) =>
        row.externalName || row.avatar ? (
          <Space size={6}>
            {row.avatar && <Avatar size="small" src={row.avatar} alt="" />}
            {row.externalName}
          </Space>
        ) : null,
      text: (row) => row.externalName ?? '',
    },
    {
      key: 'openId',
      title: t('thirdUser.identity'),
      dataIndex: 'openId',
      width: 260,
      render: (openId: string) => (
        <Typography.Text code ellipsis={{ tooltip: openId }}>
          {openId}
        </Typography.Text>
      ),
    },
    {
      key: 'createTime',
      title: t('thirdUser.boundAt'),
      dataIndex: 'createTime',
      width: 190,
      render: (time: string) => formatTime(time),
      text: (row) => formatTime(row.createTime),
    },
  ];
  if (has('sysWechatUser:delete')) {
    columns.push({
      key: 'actions',
      title: t('system.common.actions'),
      width: 90,
      fixed: 'right',
      render: (_: unknown, row) => (
        <DeleteAction
          confirm={t('thirdUser.unbindConfirm', { account: row.account, platform: row.platformName })}
          icon={<DisconnectOutlined />}
          label={t('thirdUser.unbind')}
          onConfirm={() => unbind.mutateAsync(row.id)}
        />
      ),
    });
  }

  return (
    <Flex vertical gap={12}>
      <SearchCard form={search} onSearch={(values) => list.search(values ?? {})}>
        <Form.Item name="account" label={t('thirdUser.account')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="nickName" label={t('thirdUser.realName')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="platformType" label={t('thirdUser.platformType')}>
          <Select
            allowClear
            style={{ width: 160 }}
            options={KINDS.map((value) => ({
              value,
              label: t(`thirdUser.type_${value}`),
            }))}
          />
        </Form.Item>
      </SearchCard>
      <Card size="small">
        <ListToolbar loading={list.loading} onRefresh={list.reload} />
        <DataTable<ThirdUserRow>
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
