import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { demoKeys, fetchFigures } from '../demo-api';
import { DemoCard } from '../demo-card';
import { FigureChart, type FigureChartKind } from './figure-charts';

const CHARTS: { kind: FigureChartKind; title: string }[] = [
  { kind: 'line', title: 'demo.chart.lineTitle' },
  { kind: 'bar', title: 'demo.chart.barTitle' },
  { kind: 'pie', title: 'demo.chart.pieTitle' },
  { kind: 'radar', title: 'demo.chart.radarTitle' },
];

/** Line, bar, pie and radar charts (echarts) of what the product records about the tenant. */
export default function ChartDemo() {
  const { t } = useTranslation();
  const figures = useQuery({
    queryKey: demoKeys.figures('chart'),
    queryFn: () => fetchFigures('chart'),
  }).data;
  return (
    <DemoCard title="routes.demoChart" intro="demo.chart.intro">
      {!figures ? (
        <Spin />
      ) : (
        <Row gutter={[16, 16]}>
          {CHARTS.map(({ kind, title }) => (
            <Col key={kind} xs={24} xl={12}>
              <Card size="small" title={t(title)}>
                <FigureChart kind={kind} figures={figures} />
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </DemoCard>
  );
}
