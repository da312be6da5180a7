import type { RegionTreeRow } from '@lintel/contracts';
import { useQuery } from '@tanstack/react-query';
import { Empty, Segmented, Spin } from 'antd';
import { BarChart, TreemapChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../../shared/api/client';
import { useEChart } from '../../../shared/charts/use-echart';
import { DemoCard } from '../demo-card';

echarts.use([BarChart, TreemapChart, GridComponent, TooltipComponent, SVGRenderer]);

interface Province {
  name: string;
  count: number;
  children: RegionTreeRow[];
}

/** Drawn once the provinces are known, so the chart is created at its real height. */
function RegionChart({ view, provinces }: { view: 'bar' | 'treemap'; provinces: Province[] }) {
  const { t } = useTranslation();
  const option = useMemo(
    () =>
      view === 'bar'
        ? {
            tooltip: { trigger: 'axis' },
            grid: { left: 90, right: 24, top: 8, bottom: 24 },
            xAxis: { type: 'value', minInterval: 1 },
            yAxis: { type: 'category', inverse: true, data: provinces.map((p) => p.name) },
            series: [{ type: 'bar', data: provinces.map((p) => p.count), name: t('demo.map.prefectures') }],
          }
        : {
            tooltip: {},
            series: [
              {
                type: 'treemap',
                leafDepth: 1,
                data: provinces.map((p) => ({
                  name: p.name,
                  value: Math.max(1, p.count),
                  children: p.children.map((c) => ({ name: c.name, value: 1 })),
                })),
              },
            ],
          },
    [view, provinces, t],
  );
  const chart = useEChart(option);
  return (
    <div
      ref={chart}
      role="img"
      aria-label={t('demo.map.chartLabel', { count: provinces.length })}
      data-testid="region-chart"
      style={{ height: Math.max(420, provinces.length * 18) }}
    />
  );
}

/**
 * The PRC's divisions as the product holds them (sysRegion, provinces with their prefectures),
 * drawn from that data alone: prefectures per province as bars, or provinces and prefectures as a
 * treemap. No map tiles or boundary files: the machine draws nothing it does not hold.
 */
export default function RegionMapDemo() {
  const { t } = useTranslation();
  const [view, setView] = useState<'bar' | 'treemap'>('bar');
  const tree = useQuery({
    queryKey: ['demo', 'regionTree'],
    queryFn: () => request<RegionTreeRow[]>('/api/sysRegion/tree', { query: { Level: 2 } }),
  });
  const provinces = useMemo(
    () =>
      (tree.data ?? [])
        .map((p) => ({ name: p.name, count: p.children.length, children: p.children }))
        .sort((a, b) => b.count - a.count),
    [tree.data],
  );
  return (
    <DemoCard
      title="routes.demoMap"
      intro="demo.map.intro"
      extra={
        <Segmented
          value={view}
          onChange={(v) => setView(v as 'bar' | 'treemap')}
          options={[
            { value: 'bar', label: t('demo.map.bar') },
            { value: 'treemap', label: t('demo.map.treemap') },
          ]}
        />
      }
    >
      {tree.isPending && <Spin />}
      {tree.data && provinces.length === 0 && <Empty description={t('demo.map.empty')} />}
      {/* Keyed by the view: a bar chart's axes must not outlive it in the treemap. */}
      {provinces.length > 0 && <RegionChart key={view} view={view} provinces={provinces} />}
    </DemoCard>
  );
}
