import type { AiUsageDayRow } from '@lintel/contracts';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { useEChart } from '../../../shared/charts/use-echart';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

interface Labels {
  title: string;
  requests: string;
  promptTokens: string;
  completionTokens: string;
}

/** Tokens per day (stacked bars: prompt and answer) with the requests as a line on a second axis. */
export function UsageChart({ days, labels }: { days: AiUsageDayRow[]; labels: Labels }) {
  const option = useMemo(
    () => ({
      animation: false,
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 56, right: 48, top: 32, bottom: 24 },
      xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)) },
      yAxis: [
        { type: 'value', minInterval: 1 },
        { type: 'value', minInterval: 1, splitLine: { show: false } },
      ],
      series: [
        {
          name: labels.promptTokens,
          type: 'bar',
          stack: 'tokens',
          barMaxWidth: 28,
          data: days.map((d) => d.promptTokens),
        },
        {
          name: labels.completionTokens,
          type: 'bar',
          stack: 'tokens',
          barMaxWidth: 28,
          data: days.map((d) => d.completionTokens),
        },
        { name: labels.requests, type: 'line', yAxisIndex: 1, data: days.map((d) => d.requests) },
      ],
    }),
    [days, labels],
  );
  const element = useEChart(option);
  return <div ref={element} role="img" aria-label={labels.title} style={{ width: '100%', height: 240 }} />;
}
