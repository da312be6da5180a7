import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Skeleton, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { changelogKey, fetchChangelog } from './changelog-api';

/** Version and update log: the steps of CHANGELOG.md, newest first. */
export function ChangelogCard({ limit = 3 }: { limit?: number }) {
  const { t } = useTranslation();
  const log = useQuery({ queryKey: changelogKey, queryFn: fetchChangelog, staleTime: Infinity });
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
          items={log.data.entries.slice(0, limit).map((entry) => ({
            key: `${entry.date}-${entry.title}`,
            content: (
              <>
                <Typography.Text strong>{entry.title}</Typography.Text>{' '}
                <Typography.Text type="secondary">{entry.date}</Typography.Text>
                <ul style={{ margin: '4px 0 0', paddingInlineStart: 18 }}>
                  {entry.items.map((item) => (
                    <li key={item}>
                      <Typography.Text type="secondary">{item}</Typography.Text>
                    </li>
                  ))}
                </ul>
              </>
            ),
          }))}
        />
      )}
    </Card>
  );
}
