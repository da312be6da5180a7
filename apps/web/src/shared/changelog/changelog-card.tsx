import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Card, Skeleton, Tag, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { MarkdownView } from '../markdown/markdown-view';
import { changelogKey, fetchChangelog } from './changelog-api';

/** Version and update log: the newest published release notes (sysUpgrade), unread ones marked. */
export function ChangelogCard({ limit = 3 }: { limit?: number }) {
  const { t } = useTranslation();
  const log = useQuery({ queryKey: [...changelogKey, limit], queryFn: () => fetchChangelog(limit) });
  return (
    <Card
      title={t('home.changelog.title')}
      data-testid="changelog"
      extra={log.data && <Tag color="blue">{t('home.changelog.version', { version: log.data.version })}</Tag>}
    >
      {log.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : log.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('home.loadFailed')}
          action={
            <Button size="small" onClick={() => void log.refetch()}>
              {t('home.retry')}
            </Button>
          }
        />
      ) : (
        <Timeline
          items={log.data.notes.map((note) => ({
            key: note.id,
            content: (
              <>
                <Badge dot={!note.read} offset={[6, 0]}>
                  <Typography.Text strong>{note.title}</Typography.Text>
                </Badge>{' '}
                <Typography.Text type="secondary">
                  {note.version} · {dayjs(note.publishTime).format('YYYY-MM-DD')}
                </Typography.Text>
                <div style={{ fontSize: 13 }}>
                  <MarkdownView text={note.content} />
                </div>
              </>
            ),
          }))}
        />
      )}
    </Card>
  );
}
