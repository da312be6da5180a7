import type { OnlineUserFilter, OnlineUserRow } from '@lintel/contracts';
import { DisconnectOutlined, MessageOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Popconfirm, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/api/notify';
import { PAGE_SIZES } from '../../../shared/list/grid';
import { ListToolbar, RowAction, SearchCard } from '../../../shared/list/list-parts';
import { useServerList } from '../../../shared/list/use-server-list';
import { usePermissions } from '../../../shared/permission/permissions';
import { useUserInfo } from '../../../shared/session/use-session';
import { forceOffline, onlineUserKeys, pageOnlineUsers, sendMessage } from './online-user-api';
import { SendMessageModal, type MessageValues } from './send-message-modal';

/**
 * System → online users (`/system/onlineUser/index`): the tenant's open pages, refreshed as people
 * come and go, with force offline (behind a confirmation) and a message to the account.
 */
export default function OnlineUserPage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const me = useUserInfo().data?.id;
  const [search] = Form.useForm<OnlineUserFilter>();
  const [messageTo, setMessageTo] = useState<OnlineUserRow | null>(null);

  const list = useServerList<OnlineUserRow, OnlineUserFilter>({
    key: onlineUserKeys.all,
    fetch: pageOnlineUsers,
    sortable: false,
  });
  const { refresh } = list;
  const kick = useMutation({
    mutationFn: forceOffline,
    onSuccess: () => notifier().success(t('online.forcedOffline')),
    onSettled: refresh,
  });

  const send = async (values: MessageValues, to: OnlineUserRow) => {
    await sendMessage({ ...values, userId: to.userId });
    notifier().success(t('online.sent'));
    setMessageTo(null);
  };

  const text = (value: string | null) => value || '-';
  const columns: ColumnsType<OnlineUserRow> = [
    { title: t('online.account'), dataIndex: 'account', width: 160 },
    { title: t('online.realName'), dataIndex: 'realName', width: 160, render: text },
    { title: t('online.ip'), dataIndex: 'ip', width: 150, render: text },
    { title: t('online.browser'), dataIndex: 'browser', width: 160, ellipsis: true, render: text },
    { title: t('online.os'), dataIndex: 'os', width: 120, render: text },
    {
      title: t('online.time'),
      dataIndex: 'time',
      width: 170,
      render: (time: string) => dayjs(time).format('YYYY-MM-DD HH:mm:ss'),
    },
  ];
  const canKick = has('sysOnlineUser:forceOffline');
  const canSend = has('sysOnlineUser:sendMessage');
  if (canKick || canSend) {
    columns.push({
      title: t('system.common.actions'),
      key: 'actions',
      width: 110,
      render: (_: unknown, row) => {
        const name = row.realName || row.account;
        return (
          <Space size={0}>
            {canSend && (
              <RowAction
                title={t('online.sendMessage')}
                icon={<MessageOutlined />}
                onClick={() => setMessageTo(row)}
              />
            )}
            {canKick && row.userId !== me && (
              <Popconfirm
                title={t('online.forceConfirm', { name })}
                okText={t('online.forceOffline')}
                okButtonProps={{ danger: true }}
                cancelText={t('system.common.cancel')}
                onConfirm={() => kick.mutateAsync(row.connectionId)}
              >
                {/* No antd tooltip here: it would cover the confirmation's buttons. */}
                <Button
                  type="text"
                  danger
                  icon={<DisconnectOutlined />}
                  aria-label={t('online.forceOffline')}
                  title={t('online.forceOffline')}
                />
              </Popconfirm>
            )}
          </Space>
        );
      },
    });
  }

  return (
    <Flex vertical gap={12}>
      <SearchCard form={search} onSearch={list.search}>
        <Form.Item name="account" label={t('online.account')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="realName" label={t('online.realName')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
      </SearchCard>
      <Card size="small">
        <ListToolbar loading={list.loading} onRefresh={list.reload} />
        <Table<OnlineUserRow>
          rowKey="connectionId"
          size="middle"
          columns={columns}
          dataSource={list.rows}
          loading={list.loading}
          onChange={list.onTableChange}
          pagination={{ ...list.paging, pageSizeOptions: PAGE_SIZES, showSizeChanger: true }}
        />
      </Card>
      <SendMessageModal to={messageTo} onSubmit={send} onClose={() => setMessageTo(null)} />
    </Flex>
  );
}
