import { CheckOutlined, SendOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Segmented, Space, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { notifier } from '../../shared/api/notify';
import { setAllMessagesRead, setAllNoticesRead, type InboxTarget } from '../../shared/inbox/inbox-api';
import { INBOX_KEY } from '../../shared/realtime/realtime-events';
import { ComposeMessageModal, useComposeModes } from './compose-message-modal';
import type { ReadFilter } from './inbox-tab-parts';
import { MessageTab } from './message-tab';
import { NoticeTab } from './notice-tab';

type Tab = InboxTarget['tab'];

/**
 * Inbox (`/system/inbox/index`, every account): received notices and messages, read and unread.
 * The bell and the dashboard name a tab and an item through navigation state, so the inbox stays one
 * tag; an address typed with `?tab=messages` still opens that tab.
 */
export default function InboxPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const location = useLocation();
  const target = location.state as Partial<InboxTarget> | null;
  const initialTab = target?.tab ?? new URLSearchParams(location.search).get('tab');
  const [tab, setTab] = useState<Tab>(initialTab === 'messages' ? 'messages' : 'notices');
  const [openId, setOpenId] = useState<string | null>(target?.id ?? null);
  // A kept-alive inbox sees each new visit's state: show what it names (adjusted while rendering).
  const [shown, setShown] = useState(target);
  if (target !== shown) {
    setShown(target);
    if (target?.tab) {
      setTab(target.tab);
      setOpenId(target.id ?? null);
    }
  }
  const [read, setRead] = useState<ReadFilter>('all');
  // Writing is for accounts holding one of the sysMessage:send* permissions.
  const canCompose = useComposeModes().length > 0;
  const [composing, setComposing] = useState(false);
  const forget = () => setOpenId(null);

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
        onChange={(key) => {
          setTab(key as Tab);
          setOpenId(null);
        }}
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
