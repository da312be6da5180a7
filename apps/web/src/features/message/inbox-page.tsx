import type {
  InboxFilter,
  InboxMessageRow,
  ReceivedNoticeFilter,
  ReceivedNoticeRow,
} from '@lintel/contracts';
import { CheckOutlined, SendOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Flex, Modal, Segmented, Space, Tabs, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notifier } from '../../shared/api/notify';
import type { KitColumn } from '../../shared/list/column-layout';
import { DataTable } from '../../shared/list/data-table';
import { formatTime } from '../../shared/list/modification-record-changes';
import { useServerList } from '../../shared/list/use-server-list';
import { INBOX_KEY } from '../../shared/realtime/realtime-events';
import {
  inboxKeys,
  messageDetail,
  pageInbox,
  pageReceived,
  setAllMessagesRead,
  setAllNoticesRead,
  setNoticeRead,
} from '../../shared/inbox/inbox-api';
import { NoticeDetailModal } from '../../shared/inbox/notice-detail-modal';
import { ComposeMessageModal, useComposeModes } from './compose-message-modal';

type Tab = 'notices' | 'messages';
type ReadFilter = 'all' | 'unread' | 'read';
const readStatusOf = (f: ReadFilter) => (f === 'all' ? undefined : f === 'unread' ? 0 : 1);

const MESSAGE_COLOURS: Record<string, string> = {
  info: 'blue',
  success: 'green',
  warning: 'orange',
  error: 'red',
};

function ReadTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return status === 0 ? (
    <Badge status="processing" text={t('message.unread')} />
  ) : (
    <Badge status="default" text={t('message.read')} />
  );
}

interface TabProps {
  read: ReadFilter;
  /** The item the bell named (?id=), opened once its row is there. */
  openId: string | null;
  /** Its dialog closed: the address forgets the item. */
  onClosed(): void;
}

/** The notices the account received, with read state; opening one marks it read. */
function NoticeTab({ read, openId, onClosed }: TabProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<ReceivedNoticeRow | null>(null);
  const [closedId, setClosedId] = useState<string | null>(null);
  const list = useServerList<ReceivedNoticeRow, ReceivedNoticeFilter>({
    key: inboxKeys.notices,
    fetch: pageReceived,
    sortable: false,
    fixed: { readStatus: readStatusOf(read) },
  });
  // The notice the bell named (?id=), once its row is on the page, until closed.
  const linked = openId && openId !== closedId ? list.rows.find((r) => r.noticeId === openId) : undefined;
  const shown = picked ?? linked ?? null;
  const markRead = async (row: ReceivedNoticeRow) => {
    if (row.readStatus !== 0) return;
    await setNoticeRead(row.noticeId);
    await queryClient.invalidateQueries({ queryKey: INBOX_KEY });
  };
  const linkedUnread = linked?.readStatus === 0 ? linked : undefined;
  useEffect(() => {
    if (linkedUnread) void markRead(linkedUnread);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per linked notice
  }, [linkedUnread?.noticeId]);
  const open = (row: ReceivedNoticeRow) => {
    setPicked(row);
    void markRead(row);
  };
  const close = () => {
    setPicked(null);
    setClosedId(openId);
    onClosed();
  };
  const columns: KitColumn<ReceivedNoticeRow>[] = [
    {
      key: 'title',
      title: t('notice.title'),
      dataIndex: 'title',
      render: (title: string, row) => (
        <Typography.Link strong={row.readStatus === 0} onClick={() => open(row)}>
          {title}
        </Typography.Link>
      ),
    },
    {
      key: 'type',
      title: t('notice.type'),
      dataIndex: 'type',
      width: 100,
      render: (type: number) => <Tag color={type === 2 ? 'purple' : 'blue'}>{t(`notice.types.${type}`)}</Tag>,
    },
    { key: 'publicUserName', title: t('notice.publisher'), dataIndex: 'publicUserName', width: 130 },
    {
      key: 'publicTime',
      title: t('notice.publicTime'),
      dataIndex: 'publicTime',
      width: 170,
      render: (v: string | null) => (v ? formatTime(v) : ''),
    },
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
      <DataTable<ReceivedNoticeRow>
        rowKey="noticeId"
        size="middle"
        columns={columns}
        dataSource={list.rows}
        loading={list.loading}
        onChange={list.onTableChange}
        paging={{ ...list.paging, showTotal: (total) => t('notice.total', { count: total }) }}
      />
      <NoticeDetailModal notice={shown} onClose={close} />
    </>
  );
}

/** The messages the account received; opening one (its detail) marks it read. */
function MessageTab({ read, openId, onClosed }: TabProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<InboxMessageRow | null>(null);
  const [closedId, setClosedId] = useState<string | null>(null);
  const list = useServerList<InboxMessageRow, InboxFilter>({
    key: inboxKeys.messages,
    fetch: pageInbox,
    sortable: false,
    fixed: { readStatus: readStatusOf(read) },
  });
  const refreshInbox = () => queryClient.invalidateQueries({ queryKey: INBOX_KEY });
  // The message the bell named (?id=): its detail marks it read, then the lists and the bell refresh.
  const linked = useQuery({
    queryKey: ['inboxMessage', openId],
    queryFn: async () => {
      const message = await messageDetail(openId!);
      void refreshInbox();
      return message;
    },
    enabled: !!openId && openId !== closedId,
  });
  const shown = picked ?? (openId !== closedId ? (linked.data ?? null) : null);
  const open = async (id: string) => {
    setPicked(await messageDetail(id));
    await refreshInbox();
  };
  const close = () => {
    setPicked(null);
    setClosedId(openId);
    onClosed();
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

/** Inbox (`/system/inbox/index`, every account): received notices and messages, read and unread. */
export default function InboxPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'messages' ? 'messages' : 'notices';
  const openId = params.get('id');
  const [read, setRead] = useState<ReadFilter>('all');
  // Writing is for accounts holding one of the sysMessage:send* permissions.
  const canCompose = useComposeModes().length > 0;
  const [composing, setComposing] = useState(false);
  const forget = () => {
    if (openId) setParams({ tab }, { replace: true });
  };

  const allRead = async () => {
    const changed = tab === 'notices' ? await setAllNoticesRead() : await setAllMessagesRead();
    notifier().success(t('message.allReadDone', { count: changed }));
    await queryClient.invalidateQueries({ queryKey: INBOX_KEY });
  };

  return (
    <Card size="small">
      {/* Outside the tab list: a tablist may hold tabs only (axe aria-required-children). */}
      <Flex justify="end" style={{ marginBottom: 8 }}>
        <Space>
          <Segmented<ReadFilter>
            value={read}
            onChange={setRead}
            aria-label={t('message.readStatus')}
            options={[
              { value: 'all', label: t('message.all') },
              { value: 'unread', label: t('message.unread') },
              { value: 'read', label: t('message.read') },
            ]}
          />
          <Button icon={<CheckOutlined />} onClick={() => void allRead()}>
            {t('message.allRead')}
          </Button>
          {canCompose && (
            <Button type="primary" icon={<SendOutlined />} onClick={() => setComposing(true)}>
              {t('message.compose.new')}
            </Button>
          )}
        </Space>
      </Flex>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key })}
        items={[
          {
            key: 'notices',
            label: t('message.tabs.notices'),
            children: (
              <NoticeTab
                key={read}
                read={read}
                openId={tab === 'notices' ? openId : null}
                onClosed={forget}
              />
            ),
          },
          {
            key: 'messages',
            label: t('message.tabs.messages'),
            children: (
              <MessageTab
                key={read}
                read={read}
                openId={tab === 'messages' ? openId : null}
                onClosed={forget}
              />
            ),
          },
        ]}
      />
      <ComposeMessageModal open={composing} onClose={() => setComposing(false)} />
    </Card>
  );
}
