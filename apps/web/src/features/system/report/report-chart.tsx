import type { ReportChartDef } from '@lintel/contracts';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { useEChart } from '../../../shared/charts/use-echart';

echarts.use([
  BarChart,
  LineChart,
  PieChart,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
  SVGRenderer,
]);

const numberOf = (value: unknown) => {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : 0;
};

/** A report's chart (bar, line or pie) over its rows: x from one column, a series per y column. */
export function ReportChart({
  chart,
  rows,
  label,
  titles,
}: {
  chart: ReportChartDef;
  rows: Record<string, unknown>[];
  label: string;
  /** Column headings by field, for the legend. */
  titles: Record<string, string>;
}) {
  const option = useMemo(() => {
    const x = rows.map((row) => String(row[chart.xField] ?? ''));
    const name = (field: string) => titles[field] ?? field;
    if (chart.type === 'pie') {
      const field = chart.yFields[0]!;
      return {
        animation: false,
        title: chart.title ? { text: chart.title, left: 'center' } : undefined,
        tooltip: { trigger: 'item' },
        legend: { bottom: 0 },
        series: [
          {
            type: 'pie',
            name: name(field),
            radius: '60%',
            data: rows.map((row, i) => ({ name: x[i], value: numberOf(row[field]) })),
          },
        ],
      };
    }
    return {
      animation: false,
      title: chart.title ? { text: chart.title, left: 'center' } : undefined,
      tooltip: { trigger: 'axis' },
      legend: { bottom: 0 },
      grid: { left: 56, right: 24, top: chart.title ? 40 : 16, bottom: 56 },
      xAxis: { type: 'category', data: x },
      yAxis: { type: 'value' },
      series: chart.yFields.map((field) => ({
        type: chart.type,
        name: name(field),
        data: rows.map((row) => numberOf(row[field])),
      })),
    };
  }, [chart, rows, titles]);
  const element = useEChart(option);
  return (
    <div
      ref={element}
      role="img"
      aria-label={label}
      data-testid="report-chart"
      style={{ width: '100%', height: 320 }}
    />
  );
}
