import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Card, Empty, List, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  INBOX_PATH,
  inboxKeys,
  pageReceived,
  setNoticeRead,
  type InboxTarget,
} from '../../shared/inbox/inbox-api';
import { NoticeDetailModal, type ShownNotice } from '../../shared/inbox/notice-detail-modal';
import { formatTime } from '../../shared/list/modification-record-changes';

/** How many notices the dashboard lists. */
const LATEST = 5;

/**
 * Dashboard widget: the newest notices and announcements the account received (real data from
 * sysNotice/pageReceived, refreshed with the bell by realtime events); one opens in place and is
 * marked read.
 */
export function NoticeWidget() {
  const { t } = useTranslation();
  const [shown, setShown] = useState<ShownNotice | null>(null);
  const latest = useQuery({
    queryKey: inboxKeys.latestNotices,
    queryFn: () => pageReceived({ page: 1, pageSize: LATEST }),
  });
  return (
    <Card
      title={t('notice.widget.title')}
      data-testid="notice-widget"
      extra={
        <Link to={INBOX_PATH} state={{ tab: 'notices' } satisfies InboxTarget}>
          {t('notice.widget.more')}
        </Link>
      }
    >
      {latest.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : latest.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('notice.widget.loadFailed')}
          action={
            <Button size="small" onClick={() => void latest.refetch()}>
              {t('notice.widget.retry')}
            </Button>
          }
        />
      ) : latest.data.items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notice.widget.empty')} />
      ) : (
        <List
          size="small"
          dataSource={latest.data.items}
          renderItem={(row) => (
            <List.Item
              style={{ cursor: 'pointer' }}
              onClick={() => {
                setShown(row);
                if (row.readStatus === 0) void setNoticeRead(row.noticeId).then(() => latest.refetch());
              }}
            >
              <List.Item.Meta
                title={
                  <span>
                    <Tag color={row.type === 2 ? 'purple' : 'blue'}>{t(`notice.types.${row.type}`)}</Tag>
                    <Badge dot={row.readStatus === 0} offset={[4, 0]}>
                      <Typography.Text strong={row.readStatus === 0}>{row.title}</Typography.Text>
                    </Badge>
                  </span>
                }
              />
              <Typography.Text type="secondary">
                {row.publicTime ? formatTime(row.publicTime) : ''}
              </Typography.Text>
            </List.Item>
          )}
        />
      )}
      <NoticeDetailModal notice={shown} onClose={() => setShown(null)} />
    </Card>
  );
}
