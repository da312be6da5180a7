import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

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
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    if (!element.current) return;
    const instance = echarts.init(element.current, undefined, { renderer: 'svg' });
    chart.current = instance;
    const resize = () => instance.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption({
      animation: false,
      tooltip: { trigger: 'axis' },
      legend: { top: 0, data: [labels.cpu, labels.memory, labels.lag] },
      grid: { left: 48, right: 56, top: 48, bottom: 28 },
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
    });
  }, [points, labels]);

  return <div ref={element} data-testid="server-live-chart" style={{ width: '100%', height: 300 }} />;
}
