import { useQuery } from '@tanstack/react-query';
import { Alert, Avatar, Button, Card, Descriptions, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fetchSysInfo, sessionKeys } from '../../shared/session/session-api';

/** About the project: the tenant's branding, the version, and the way to the about page. */
export function AboutCard({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation();
  const info = useQuery({
    queryKey: sessionKeys.sysInfo(tenantId),
    queryFn: () => fetchSysInfo(tenantId),
    staleTime: 60_000,
  });
  return (
    <Card
      title={t('home.about.title')}
      data-testid="about-card"
      extra={<Link to="/about">{t('home.about.more')}</Link>}
    >
      {info.isPending ? (
        <Skeleton active avatar paragraph={{ rows: 2 }} />
      ) : info.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('home.loadFailed')}
          action={
            <Button size="small" onClick={() => void info.refetch()}>
              {t('home.retry')}
            </Button>
          }
        />
      ) : (
        <Flex vertical gap={12}>
          <Flex align="center" gap={12}>
            <Avatar shape="square" size={48} src={info.data.logo || '/upload/logo.png'} alt="" />
            <div>
              <Typography.Title level={3} style={{ margin: 0, fontSize: 16 }}>
                {info.data.title}
              </Typography.Title>
              {info.data.viceTitle && (
                <Typography.Text type="secondary">{info.data.viceTitle}</Typography.Text>
              )}
            </div>
          </Flex>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {info.data.viceDesc || t('home.about.summary')}
          </Typography.Paragraph>
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={t('home.about.version')}>{info.data.version}</Descriptions.Item>
            {info.data.copyright && (
              <Descriptions.Item label={t('home.about.copyright')}>{info.data.copyright}</Descriptions.Item>
            )}
          </Descriptions>
        </Flex>
      )}
    </Card>
  );
}
