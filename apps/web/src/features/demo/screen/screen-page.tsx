import { FullscreenOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, Row, Spin } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FigureChart } from '../chart/figure-charts';
import { demoKeys, fetchFigures } from '../demo-api';
import styles from './screen.module.css';

const TOTALS = ['accounts', 'orgs', 'roles', 'notices', 'files', 'signIns30d'] as const;

/** A full-screen "data screen" of the tenant's real figures, refreshed every minute. */
export default function DataScreen() {
  const { t } = useTranslation();
  const box = useRef<HTMLElement>(null);
  const figures = useQuery({
    queryKey: demoKeys.figures('screen'),
    queryFn: () => fetchFigures('screen'),
    refetchInterval: 60_000,
  }).data;
  return (
    <section ref={box} className={styles.screen} data-testid="demo-page" aria-label={t('routes.demoScreen')}>
      <div className={styles.head}>
        <h2>{t('demo.screen.title')}</h2>
        <Button ghost icon={<FullscreenOutlined />} onClick={() => void box.current?.requestFullscreen?.()}>
          {t('demo.screen.fullscreen')}
        </Button>
      </div>
      {!figures ? (
        <Spin />
      ) : (
        <>
          <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
            {TOTALS.map((key) => (
              <Col key={key} xs={12} md={8} xl={4}>
                <div className={styles.tile}>
                  {t(`demo.screen.${key}`)}
                  <strong data-testid={`screen-${key}`}>{figures.totals[key].toLocaleString()}</strong>
                </div>
              </Col>
            ))}
          </Row>
          <Row gutter={[12, 12]}>
            <Col xs={24} xl={12}>
              <div className={styles.panel}>
                <h3>{t('demo.chart.lineTitle')}</h3>
                <FigureChart kind="line" figures={figures} dark />
              </div>
            </Col>
            <Col xs={24} xl={12}>
              <div className={styles.panel}>
                <h3>{t('demo.chart.barTitle')}</h3>
                <FigureChart kind="bar" figures={figures} dark />
              </div>
            </Col>
            <Col xs={24} xl={12}>
              <div className={styles.panel}>
                <h3>{t('demo.chart.pieTitle')}</h3>
                <FigureChart kind="pie" figures={figures} dark />
              </div>
            </Col>
            <Col xs={24} xl={12}>
              <div className={styles.panel}>
                <h3>{t('demo.chart.radarTitle')}</h3>
                <FigureChart kind="radar" figures={figures} dark />
              </div>
            </Col>
          </Row>
        </>
      )}
    </section>
  );
}
