import { CheckOutlined, SendOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Segmented, Space, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notifier } from '../../shared/api/notify';
import { setAllMessagesRead, setAllNoticesRead } from '../../shared/inbox/inbox-api';
import { INBOX_KEY } from '../../shared/realtime/realtime-events';
import { ComposeMessageModal, useComposeModes } from './compose-message-modal';
import type { ReadFilter } from './inbox-tab-parts';
import { MessageTab } from './message-tab';
import { NoticeTab } from './notice-tab';

type Tab = 'notices' | 'messages';

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
