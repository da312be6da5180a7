import type { DashboardFigures } from '@lintel/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, InputNumber, Row, Space, Statistic } from 'antd';
import { CountUp } from 'countup.js';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../../shared/api/client';
import { DemoCard } from '../demo-card';

/** One number counted up from 0 to `value` with countup.js; `round` restarts it. */
export function CountUpNumber({ value, round, label }: { value: number; round: number; label: string }) {
  const element = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!element.current) return;
    const counter = new CountUp(element.current, value, { duration: 1.5, separator: ',' });
    counter.start();
    return () => counter.reset();
  }, [value, round]);
  return (
    <Statistic
      title={label}
      valueRender={() => <span ref={element} data-value={value} data-testid="count-up" />}
    />
  );
}

/** Count-up on the tenant's own figures (the dashboard's), and on a number of your choice. */
export default function CountUpDemo() {
  const { t } = useTranslation();
  const [round, setRound] = useState(0);
  const [custom, setCustom] = useState(2026);
  const figures = useQuery({
    queryKey: ['demo', 'dashboardFigures'],
    queryFn: () =>
      request<DashboardFigures>('/api/sysDashboard/figures', {
        query: { tz: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC' },
      }),
  }).data;
  return (
    <DemoCard
      title="routes.demoCountUp"
      intro="demo.countUp.intro"
      extra={<Button onClick={() => setRound((r) => r + 1)}>{t('demo.countUp.again')}</Button>}
    >
      <Row gutter={[16, 16]}>
        {figures && (
          <>
            <Col xs={12} md={6}>
              <CountUpNumber value={figures.accounts} round={round} label={t('demo.figures.accounts')} />
            </Col>
            <Col xs={12} md={6}>
              <CountUpNumber
                value={figures.signInsToday}
                round={round}
                label={t('demo.figures.signInsToday')}
              />
            </Col>
            <Col xs={12} md={6}>
              <CountUpNumber value={figures.files.count} round={round} label={t('demo.figures.files')} />
            </Col>
          </>
        )}
        <Col xs={12} md={6}>
          <CountUpNumber value={custom} round={round} label={t('demo.countUp.custom')} />
        </Col>
      </Row>
      <Space style={{ marginTop: 16 }}>
        <label htmlFor="demo-count-value">{t('demo.countUp.value')}</label>
        <InputNumber
          id="demo-count-value"
          min={0}
          max={1_000_000_000}
          value={custom}
          onChange={(v) => setCustom(typeof v === 'number' ? v : 0)}
        />
      </Space>
    </DemoCard>
  );
}
