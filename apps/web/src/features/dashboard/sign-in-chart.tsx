import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { useEChart } from '../../shared/charts/use-echart';

// Only what this chart draws: bars on a grid with a tooltip, as SVG.
echarts.use([BarChart, GridComponent, TooltipComponent, SVGRenderer]);

/** Sign-ins per day of the last week, one bar per day (labels are MM-DD). */
export function SignInChart({ days, label }: { days: { day: string; count: number }[]; label: string }) {
  const option = useMemo(
    () => ({
      animation: false,
      tooltip: { trigger: 'axis' },
      grid: { left: 32, right: 8, top: 12, bottom: 24 },
      xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [{ name: label, type: 'bar', barMaxWidth: 24, data: days.map((d) => d.count) }],
    }),
    [days, label],
  );
  const element = useEChart(option);
  return <div ref={element} role="img" aria-label={label} style={{ width: '100%', height: 160 }} />;
}
