import type { StressProgress } from '@lintel/contracts';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { useEChart } from '../../../shared/charts/use-echart';

echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export interface StressChartLabels {
  title: string;
  throughput: string;
  /** The latency axis. */
  latency: string;
  /** The mean latency line. */
  mean: string;
}

/** The latency lines of each second besides the mean: the server sends them with every progress event. */
const PERCENTILES = ['p50', 'p90', 'p99'] as const;

/**
 * The chart's option: requests per second on the left axis; mean latency and the p50, p90 and p99
 * of each second on the right one (the tail shows up while the run goes, not only in the result).
 */
export function stressChartOption(seconds: StressProgress[], labels: StressChartLabels) {
  const latencyLine = (name: string, data: number[]) => ({
    name,
    type: 'line',
    smooth: true,
    yAxisIndex: 1,
    data,
  });
  return {
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
      latencyLine(
        labels.mean,
        seconds.map((s) => s.latencyMs),
      ),
      ...PERCENTILES.map((key) =>
        latencyLine(
          key,
          seconds.map((s) => s[key]),
        ),
      ),
    ],
  };
}

/** Throughput and latency (mean and percentiles) of each second of the run, drawn as they arrive. */
export function StressChart({ seconds, labels }: { seconds: StressProgress[]; labels: StressChartLabels }) {
  const option = useMemo(() => stressChartOption(seconds, labels), [seconds, labels]);
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
