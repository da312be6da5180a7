import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { useEChart } from '../../../shared/charts/use-echart';

// Only the parts this chart draws: the line series, its grid, legend and tooltip, drawn as SVG.
echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export interface LivePoint {
  time: string;
  cpu: number;
  memory: number;
  lag: number;
}

interface Props {
  points: readonly LivePoint[];
  labels: { cpu: string; memory: string; lag: string; percent: string; ms: string };
}

/** CPU and memory use (%, left axis) and event-loop delay (ms, right axis) over the last readings. */
export function LiveChart({ points, labels }: Props) {
  const option = useMemo(
    () => ({
      animation: false,
      tooltip: { trigger: 'axis' },
      legend: { data: [labels.cpu, labels.memory, labels.lag] },
      grid: { left: 48, right: 56, top: 36, bottom: 28 },
      xAxis: { type: 'category', boundaryGap: false, data: points.map((p) => p.time) },
      yAxis: [
        { type: 'value', name: labels.percent, min: 0, max: 100 },
        { type: 'value', name: labels.ms, min: 0, splitLine: { show: false } },
      ],
      series: [
        { name: labels.cpu, type: 'line', showSymbol: false, data: points.map((p) => p.cpu) },
        { name: labels.memory, type: 'line', showSymbol: false, data: points.map((p) => p.memory) },
        { name: labels.lag, type: 'line', showSymbol: false, yAxisIndex: 1, data: points.map((p) => p.lag) },
      ],
    }),
    [points, labels],
  );
  const element = useEChart(option);
  return <div ref={element} data-testid="server-live-chart" style={{ width: '100%', height: 300 }} />;
}
