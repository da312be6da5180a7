import { BellOutlined, MailOutlined, NotificationOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Empty, List, Popover, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatTime } from '../../shared/list/modification-record-changes';
import {
  INBOX_PATH,
  inboxKeys,
  unreadCount,
  unreadMessages,
  unreadNotices,
  type InboxTarget,
} from '../../shared/inbox/inbox-api';

/** How many of the newest unread items the popover lists. */
const SHOWN = 5;

/**
 * The top bar bell: unread notices and messages of the signed-in account, the newest of each in a
 * popover, and the way to the inbox. The realtime connector refreshes it on PublicNotice and
 * ReceiveMessage (their query keys share INBOX_KEY), so the count rises without a reload.
 */
export function NoticeBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const count = useQuery({ queryKey: inboxKeys.count, queryFn: unreadCount, staleTime: 30_000 });
  const notices = useQuery({ queryKey: inboxKeys.unreadNotices, queryFn: unreadNotices, enabled: open });
  const messages = useQuery({ queryKey: inboxKeys.unreadMessages, queryFn: unreadMessages, enabled: open });
  const total = (count.data?.notices ?? 0) + (count.data?.messages ?? 0);

  const go = (tab: 'notices' | 'messages', id?: string) => {
    setOpen(false);
    void navigate(INBOX_PATH, { state: { tab, ...(id ? { id } : {}) } satisfies InboxTarget });
  };

  const items = (kind: 'notices' | 'messages') => {
    const rows =
      kind === 'notices'
        ? (notices.data ?? []).map((n) => ({ id: n.noticeId, title: n.title, time: n.publicTime ?? '' }))
        : (messages.data ?? []).map((m) => ({ id: m.id, title: m.title, time: m.sendTime }));
    return (
      <List
        size="small"
        loading={kind === 'notices' ? notices.isFetching : messages.isFetching}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('message.bell.none')} />,
        }}
        dataSource={rows.slice(0, SHOWN)}
        renderItem={(row) => (
          <List.Item style={{ cursor: 'pointer' }} onClick={() => go(kind, row.id)}>
            <List.Item.Meta
              avatar={kind === 'notices' ? <NotificationOutlined /> : <MailOutlined />}
              title={<Typography.Text ellipsis>{row.title}</Typography.Text>}
              description={row.time ? formatTime(row.time) : null}
            />
          </List.Item>
        )}
        footer={
          <Button type="link" block onClick={() => go(kind)}>
            {t('message.bell.viewAll')}
          </Button>
        }
      />
    );
  };

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      arrow={false}
      content={
        <div style={{ width: 340 }} data-testid="notice-bell-popover">
          <Tabs
            size="small"
            items={[
              {
                key: 'notices',
                label: `${t('message.tabs.notices')} (${count.data?.notices ?? 0})`,
                children: items('notices'),
              },
              {
                key: 'messages',
                label: `${t('message.tabs.messages')} (${count.data?.messages ?? 0})`,
                children: items('messages'),
              },
            ]}
          />
        </div>
      }
    >
      <Button
        type="text"
        aria-label={t('message.bell.label', { count: total })}
        data-testid="notice-bell"
        icon={
          <Badge count={total} size="small" overflowCount={99}>
            <BellOutlined style={{ fontSize: 16 }} />
          </Badge>
        }
      />
    </Popover>
  );
}
