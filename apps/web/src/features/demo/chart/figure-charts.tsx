import type { DemoFigures } from '@lintel/contracts';
import { BarChart, LineChart, PieChart, RadarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, RadarComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useEChart } from '../../../shared/charts/use-echart';

echarts.use([
  LineChart,
  BarChart,
  PieChart,
  RadarChart,
  GridComponent,
  LegendComponent,
  RadarComponent,
  TooltipComponent,
  SVGRenderer,
]);

export type FigureChartKind = 'line' | 'bar' | 'pie' | 'radar';
const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** One chart of the tenant's figures: sign-ins per day, accounts per org or per type, visits per weekday. */
export function FigureChart(props: {
  kind: FigureChartKind;
  figures: DemoFigures;
  dark?: boolean;
  height?: number;
}) {
  const { kind, figures, dark } = props;
  const { t } = useTranslation();
  const option = useMemo(() => {
    const text = dark ? { color: '#d6e4ff' } : {};
    const axis = { axisLabel: text };
    switch (kind) {
      case 'line':
        return {
          tooltip: { trigger: 'axis' },
          grid: { left: 40, right: 16, top: 16, bottom: 28 },
          xAxis: { type: 'category', data: figures.signInsByDay.map((d) => d.day.slice(5)), ...axis },
          yAxis: { type: 'value', minInterval: 1, ...axis },
          series: [
            {
              type: 'line',
              smooth: true,
              areaStyle: {},
              name: t('demo.chart.signIns'),
              data: figures.signInsByDay.map((d) => d.count),
            },
          ],
        };
      case 'bar':
        return {
          tooltip: { trigger: 'axis' },
          grid: { left: 40, right: 16, top: 16, bottom: 48 },
          xAxis: {
            type: 'category',
            data: figures.accountsByOrg.map((o) => o.name),
            axisLabel: { ...text, rotate: 20 },
          },
          yAxis: { type: 'value', minInterval: 1, ...axis },
          series: [
            { type: 'bar', name: t('demo.chart.accounts'), data: figures.accountsByOrg.map((o) => o.count) },
          ],
        };
      case 'pie':
        return {
          tooltip: { trigger: 'item' },
          legend: { bottom: 0, textStyle: text },
          series: [
            {
              type: 'pie',
              radius: ['35%', '65%'],
              name: t('demo.chart.accountTypes'),
              label: text,
              data: figures.accountsByType.map((r) => ({
                name: t(`demo.accountType.${r.name}`, { defaultValue: r.name }),
                value: r.count,
              })),
            },
          ],
        };
      case 'radar': {
        const max = Math.max(1, ...figures.visitsByWeekday);
        return {
          tooltip: {},
          radar: { indicator: WEEKDAYS.map((d) => ({ name: t(`demo.weekday.${d}`), max })), axisName: text },
          series: [
            {
              type: 'radar',
              name: t('demo.chart.visits'),
              data: [{ value: figures.visitsByWeekday, name: t('demo.chart.visits') }],
            },
          ],
        };
      }
    }
  }, [kind, figures, dark, t]);
  const element = useEChart(option);
  return (
    <div
      ref={element}
      role="img"
      aria-label={t(`demo.chart.${kind}Label`)}
      data-testid={`chart-${kind}`}
      style={{ height: props.height ?? 280 }}
    />
  );
}
