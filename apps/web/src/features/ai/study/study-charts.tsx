import type { StudyStats } from '@lintel/contracts';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useEChart } from '../../../shared/charts/use-echart';
import styles from './study.module.css';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

const pct = (value: number | null) => (value === null ? null : Math.round(value * 1000) / 10);

/** Questions per week (bars) and the week's accuracy over checked answers (line, %). */
export function TrendChart({ trend }: { trend: StudyStats['trend'] }) {
  const { t } = useTranslation();
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0, data: [t('aiStudy.stats.total'), t('aiStudy.stats.accuracy')] },
      grid: { left: 40, right: 48, top: 36, bottom: 28 },
      xAxis: { type: 'category', data: trend.map((w) => w.week) },
      yAxis: [
        { type: 'value', minInterval: 1 },
        { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
      ],
      series: [
        { name: t('aiStudy.stats.total'), type: 'bar', data: trend.map((w) => w.total), barMaxWidth: 28 },
        {
          name: t('aiStudy.stats.accuracy'),
          type: 'line',
          yAxisIndex: 1,
          connectNulls: true,
          data: trend.map((w) => pct(w.accuracy)),
        },
      ],
    }),
    [trend, t],
  );
  const ref = useEChart(option);
  return <div ref={ref} className={styles.chart} role="img" aria-label={t('aiStudy.report.trend')} />;
}

/** The weakest knowledge points: wrong answers per point. */
export function WeakPointChart({ points }: { points: StudyStats['weakPoints'] }) {
  const { t } = useTranslation();
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 120, right: 24, top: 16, bottom: 28 },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', inverse: true, data: points.map((p) => p.knowledgePoint) },
      series: [
        {
          name: t('aiStudy.report.wrong'),
          type: 'bar',
          data: points.map((p) => p.wrong),
          barMaxWidth: 20,
          itemStyle: { color: '#e5484d' },
        },
      ],
    }),
    [points, t],
  );
  const ref = useEChart(option);
  return <div ref={ref} className={styles.chart} role="img" aria-label={t('aiStudy.report.weakPoints')} />;
}
