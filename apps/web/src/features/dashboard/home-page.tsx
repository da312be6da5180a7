import { Avatar, Card, Descriptions, Flex, Skeleton, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../shared/session/use-session';
import { useLocaleStore } from '../../locales/locale-store';
import { dayPeriod } from './greeting';
import { useNow } from './use-now';

/** The widgets come in their own chunk: the greeting shows at once, the calendar's code follows. */
const DashboardWidgets = lazy(() => import('./dashboard-widgets'));

/**
 * The home dashboard: greeting by time of day, live clock and who is signed in, then the widgets
 * that have a data source (schedule calendar, shortcuts, version and update log, about the project).
 */
export default function HomePage() {
  const { t } = useTranslation();
  const user = useUserInfo().data;
  const now = useNow();
  // Read so the clock re-renders in the new dayjs locale when the language changes.
  useLocaleStore((s) => s.locale);
  if (!user) return null;
  const name = user.realName || user.account;
  const none = t('dashboard.none');

  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex align="center" gap={16} wrap>
          <Avatar size={64} src={user.avatar || '/upload/logo.png'} alt="" />
          <div style={{ flex: 1 }}>
            <Typography.Title level={2} style={{ margin: 0, fontSize: 24 }}>
              {t('dashboard.welcome', {
                greeting: t(`dashboard.greeting.${dayPeriod(now.getHours())}`),
                name,
              })}
            </Typography.Title>
            <Typography.Text type="secondary" data-testid="clock">
              {dayjs(now).format('YYYY-MM-DD HH:mm:ss dddd')}
            </Typography.Text>
          </div>
        </Flex>
        <Descriptions style={{ marginTop: 24 }} column={{ xs: 1, md: 2 }} bordered size="small">
          <Descriptions.Item label={t('dashboard.account')}>{user.account}</Descriptions.Item>
          <Descriptions.Item label={t('dashboard.org')}>{user.orgName || none}</Descriptions.Item>
          <Descriptions.Item label={t('dashboard.position')}>{user.posName || none}</Descriptions.Item>
          <Descriptions.Item label={t('dashboard.roles')}>
            {user.roles.length ? (
              <Space size={4} wrap>
                {user.roles.map((r) => (
                  <Tag key={r} color="blue">
                    {r}
                  </Tag>
                ))}
              </Space>
            ) : (
              none
            )}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Suspense
        fallback={
          <Card>
            <Skeleton active paragraph={{ rows: 6 }} />
          </Card>
        }
      >
        <DashboardWidgets tenantId={user.tenantId} />
      </Suspense>
    </Flex>
  );
}
