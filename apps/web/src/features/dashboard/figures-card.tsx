import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Progress, Row, Skeleton, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchFigures, figuresKey, formatBytes } from './figures-api';
import { SignInChart } from './sign-in-chart';

/** How often the figures refresh while the dashboard is open (the tab in front). */
const REFRESH_MS = 30_000;

const percent = (done: number, total: number) => (total === 0 ? 0 : Math.round((done / total) * 100));

/**
 * The dashboard's live figures and progress, all counted by the server from what the product
 * records (connections, accounts, the visit log, files, job runs, the user's schedule).
 */
export function FiguresCard() {
  const { t } = useTranslation();
  const figures = useQuery({ queryKey: figuresKey, queryFn: fetchFigures, refetchInterval: REFRESH_MS });

  if (figures.isPending)
    return (
      <Card title={t('figures.title')}>
        <Skeleton active paragraph={{ rows: 4 }} />
      </Card>
    );
  if (figures.isError)
    return (
      <Card title={t('figures.title')}>
        <Alert
          type="error"
          showIcon
          title={t('home.loadFailed')}
          action={
            <Button size="small" onClick={() => void figures.refetch()}>
              {t('home.retry')}
            </Button>
          }
        />
      </Card>
    );

  const f = figures.data;
  const stats = [
    { key: 'online', title: t('figures.online'), value: f.onlineUsers },
    { key: 'signInsToday', title: t('figures.signInsToday'), value: f.signInsToday },
    { key: 'active', title: t('figures.active7d'), value: f.activeUsers7d },
    { key: 'accounts', title: t('figures.accounts'), value: f.accounts },
    {
      key: 'files',
      title: t('figures.files'),
      value: f.files.count,
      suffix: <Typography.Text type="secondary">{formatBytes(f.files.bytes)}</Typography.Text>,
    },
    ...(f.jobs
      ? [
          {
            key: 'jobs',
            title: t('figures.jobs24h'),
            value: f.jobs.succeeded,
            suffix: f.jobs.failed ? (
              <Typography.Text type="danger">{t('figures.failed', { count: f.jobs.failed })}</Typography.Text>
            ) : undefined,
          },
        ]
      : []),
  ];
  const { weekDone, weekTotal, monthDone, monthTotal } = f.schedule;

  return (
    <Card title={t('figures.title')} data-testid="dashboard-figures">
      <Row gutter={[16, 16]}>
        {stats.map((s) => (
          <Col key={s.key} xs={12} md={8} data-testid={`figure-${s.key}`}>
            <Statistic title={s.title} value={s.value} suffix={s.suffix} />
          </Col>
        ))}
      </Row>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('figures.signInsWeek')}
      </Typography.Title>
      <SignInChart days={f.signInsByDay} label={t('figures.signIns')} />
      <Typography.Title level={5} style={{ marginTop: 8 }}>
        {t('figures.progress')}
      </Typography.Title>
      <div data-testid="figure-progress">
        <Typography.Text id="figures-week">
          {t('figures.week', { done: weekDone, total: weekTotal })}
        </Typography.Text>
        <Progress percent={percent(weekDone, weekTotal)} aria-labelledby="figures-week" />
        <Typography.Text id="figures-month">
          {t('figures.month', { done: monthDone, total: monthTotal })}
        </Typography.Text>
        <Progress percent={percent(monthDone, monthTotal)} aria-labelledby="figures-month" />
      </div>
    </Card>
  );
}
