import type { EChartsCoreOption } from 'echarts/core';
import * as echarts from 'echarts/core';
import { useEffect, useRef } from 'react';

/**
 * One ECharts instance drawn as SVG into the returned element's ref: created on mount, resized with
 * the window, disposed on unmount, and given `option` whenever it changes. Callers register the
 * chart types and components they draw (`echarts.use([...])`) so only those are bundled.
 */
export function useEChart(option: EChartsCoreOption) {
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
    chart.current?.setOption(option);
  }, [option]);

  return element;
}
