import type { InboxFilter, InboxMessageRow } from '@lintel/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Modal, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { inboxKeys, messageDetail, pageInbox } from '../../shared/inbox/inbox-api';
import type { KitColumn } from '../../shared/list/column-layout';
import { DataTable } from '../../shared/list/data-table';
import { formatTime } from '../../shared/list/modification-record-changes';
import { useServerList } from '../../shared/list/use-server-list';
import { INBOX_KEY } from '../../shared/realtime/realtime-events';
import { ReadTag, readStatusOf, useOpenedItem, type InboxTabProps } from './inbox-tab-parts';

const MESSAGE_COLOURS: Record<string, string> = {
  info: 'blue',
  success: 'green',
  warning: 'orange',
  error: 'red',
};

/** The messages the account received; opening one (its detail) marks it read. */
export function MessageTab({ read, openId, onClosed }: InboxTabProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { picked, setPicked, linkedId, close } = useOpenedItem<InboxMessageRow>(openId, onClosed);
  const list = useServerList<InboxMessageRow, InboxFilter>({
    key: inboxKeys.messages,
    fetch: pageInbox,
    sortable: false,
    fixed: { readStatus: readStatusOf(read) },
  });
  const refreshInbox = () => queryClient.invalidateQueries({ queryKey: INBOX_KEY });
  // The message the bell named (?id=): its detail marks it read, then the lists and the bell refresh.
  const linked = useQuery({
    queryKey: ['inboxMessage', linkedId],
    queryFn: async () => {
      const message = await messageDetail(linkedId!);
      void refreshInbox();
      return message;
    },
    enabled: !!linkedId,
  });
  const shown = picked ?? (linkedId ? (linked.data ?? null) : null);
  const open = async (id: string) => {
    setPicked(await messageDetail(id));
    await refreshInbox();
  };
  const columns: KitColumn<InboxMessageRow>[] = [
    {
      key: 'title',
      title: t('message.title'),
      dataIndex: 'title',
      render: (title: string, row) => (
        <Typography.Link strong={row.readStatus === 0} onClick={() => void open(row.id)}>
          {title}
        </Typography.Link>
      ),
    },
    {
      key: 'messageType',
      title: t('message.messageType'),
      dataIndex: 'messageType',
      width: 100,
      render: (type: string) => <Tag color={MESSAGE_COLOURS[type]}>{t(`message.types.${type}`)}</Tag>,
    },
    { key: 'sendUserName', title: t('message.sender'), dataIndex: 'sendUserName', width: 130 },
    { key: 'sendTime', title: t('message.sendTime'), dataIndex: 'sendTime', width: 170, render: formatTime },
    {
      key: 'readStatus',
      title: t('message.readStatus'),
      dataIndex: 'readStatus',
      width: 100,
      render: (s: number) => <ReadTag status={s} />,
    },
  ];
  return (
    <>
      <DataTable<InboxMessageRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.rows}
        loading={list.loading}
        onChange={list.onTableChange}
        paging={{ ...list.paging, showTotal: (total) => t('notice.total', { count: total }) }}
      />
      <Modal open={!!shown} title={shown?.title} footer={null} onCancel={close} destroyOnHidden>
        {shown && (
          <>
            <Space wrap style={{ marginBottom: 12 }}>
              <Tag color={MESSAGE_COLOURS[shown.messageType]}>{t(`message.types.${shown.messageType}`)}</Tag>
              <Typography.Text type="secondary">
                {t('message.sentBy', { name: shown.sendUserName ?? '', time: formatTime(shown.sendTime) })}
              </Typography.Text>
            </Space>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{shown.message}</Typography.Paragraph>
          </>
        )}
      </Modal>
    </>
  );
}
