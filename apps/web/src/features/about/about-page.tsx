import {
  AuditOutlined,
  CameraOutlined,
  FilePdfOutlined,
  FolderOpenOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Avatar, Button, Card, Col, Descriptions, Flex, Row, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HOME } from '../../shared/routing/paths';
import { fetchSysInfo, sessionKeys } from '../../shared/session/session-api';
import { useUserInfo } from '../../shared/session/use-session';
import { ChangelogCard } from '../../shared/changelog/changelog-card';

/** SPEC 1: the five features of the welcome text. */
const FEATURES = [
  { key: 'tasks', icon: <AuditOutlined /> },
  { key: 'defects', icon: <CameraOutlined /> },
  { key: 'archives', icon: <FolderOpenOutlined /> },
  { key: 'safety', icon: <SafetyCertificateOutlined /> },
  { key: 'reports', icon: <FilePdfOutlined /> },
] as const;

const STACK = [
  'Node.js',
  'TypeScript',
  'Fastify 5',
  'Kysely',
  'PostgreSQL / PGlite',
  'Redis',
  'React 19',
  'antd 6',
  'React Router 7',
  'TanStack Query',
  'zustand',
  'i18next',
  'Vite',
  'Vitest',
  'Playwright',
];

/** About the project: what it does, the tenant's branding, version, technology, licence. */
export default function AboutPage() {
  const { t } = useTranslation();
  const tenantId = useUserInfo().data?.tenantId ?? '';
  const info = useQuery({
    queryKey: sessionKeys.sysInfo(tenantId),
    queryFn: () => fetchSysInfo(tenantId),
    staleTime: 60_000,
    enabled: !!tenantId,
  });

  return (
    <Flex vertical gap={16} data-testid="about-page">
      <Card>
        {info.isPending ? (
          <Skeleton active avatar />
        ) : info.isError ? (
          <Alert
            type="error"
            showIcon
            title={t('home.aboutPage.loadFailed')}
            action={<Button onClick={() => void info.refetch()}>{t('home.aboutPage.retry')}</Button>}
          />
        ) : (
          <Flex align="center" gap={16} wrap>
            <Avatar shape="square" size={72} src={info.data.logo || '/upload/logo.png'} alt="" />
            <div style={{ flex: 1, minWidth: 240 }}>
              <Typography.Title level={2} style={{ margin: 0 }}>
                {info.data.title}
              </Typography.Title>
              <Typography.Text type="secondary">
                {info.data.viceTitle || t('home.aboutPage.tagline')}
              </Typography.Text>
            </div>
            <Tag color="blue" style={{ fontSize: 14, padding: '4px 10px' }}>
              {t('home.aboutPage.version', { version: info.data.version })}
            </Tag>
          </Flex>
        )}
        <Typography.Paragraph style={{ marginTop: 16 }}>{t('home.aboutPage.intro')}</Typography.Paragraph>
      </Card>

      <Card title={t('home.aboutPage.featuresTitle')}>
        <Row gutter={[16, 16]}>
          {FEATURES.map((f) => (
            <Col xs={24} md={12} xl={8} key={f.key}>
              <Flex gap={12} align="start">
                <Avatar
                  style={{ background: 'var(--ant-color-primary, #0f59a4)', flex: 'none' }}
                  icon={f.icon}
                />
                <div>
                  <Typography.Text strong>{t(`home.aboutPage.feature.${f.key}.title`)}</Typography.Text>
                  <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                    {t(`home.aboutPage.feature.${f.key}.text`)}
                  </Typography.Paragraph>
                </div>
              </Flex>
            </Col>
          ))}
        </Row>
      </Card>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={t('home.aboutPage.techTitle')} style={{ height: '100%' }}>
            <Flex wrap gap={8}>
              {STACK.map((s) => (
                <Tag key={s}>{s}</Tag>
              ))}
            </Flex>
            <Descriptions column={1} size="small" style={{ marginTop: 16 }}>
              <Descriptions.Item label={t('home.aboutPage.licence')}>
                {t('home.aboutPage.licenceText')}
              </Descriptions.Item>
              {info.data?.copyright && (
                <Descriptions.Item label={t('home.aboutPage.copyright')}>
                  {info.data.copyright}
                </Descriptions.Item>
              )}
              {info.data?.icp && (
                <Descriptions.Item label={t('home.aboutPage.icp')}>
                  {info.data.icpUrl ? (
                    <a href={info.data.icpUrl} target="_blank" rel="noopener noreferrer">
                      {info.data.icp}
                    </a>
                  ) : (
                    info.data.icp
                  )}
                </Descriptions.Item>
              )}
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <ChangelogCard limit={3} />
        </Col>
      </Row>
      <div>
        <Link to={HOME}>
          <Button>{t('home.aboutPage.back')}</Button>
        </Link>
      </div>
    </Flex>
  );
}
