import type { StressProgress } from '@lintel/contracts';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { useEChart } from '../../../shared/charts/use-echart';

echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

interface Labels {
  title: string;
  throughput: string;
  latency: string;
}

/** Requests per second and mean latency of each second of the run, drawn as they arrive. */
export function StressChart({ seconds, labels }: { seconds: StressProgress[]; labels: Labels }) {
  const option = useMemo(
    () => ({
      animation: false,
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 56, right: 56, top: 32, bottom: 24 },
      xAxis: { type: 'category', data: seconds.map((s) => `${s.second}s`) },
      yAxis: [
        { type: 'value', name: labels.throughput, minInterval: 1 },
        { type: 'value', name: labels.latency, splitLine: { show: false } },
      ],
      series: [
        { name: labels.throughput, type: 'line', smooth: true, data: seconds.map((s) => s.requests) },
        {
          name: labels.latency,
          type: 'line',
          smooth: true,
          yAxisIndex: 1,
          data: seconds.map((s) => s.latencyMs),
        },
      ],
    }),
    [seconds, labels],
  );
  const element = useEChart(option);
  return (
    <div
      ref={element}
      role="img"
      aria-label={labels.title}
      data-testid="stress-chart"
      style={{ width: '100%', height: 260 }}
    />
  );
}
