import type { TrendPoint } from '@portal/contracts/efficiency';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { trendSeries } from '../lib/format.ts';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export type TrendChartProps = {
  points: TrendPoint[];
  labels: { started: string; finished: string; overdue: string };
  summary: string;
};

/**
 * The process trend drawn by ECharts (only the parts it needs, in a chunk of its own: the page loads this
 * file with React.lazy). The canvas is hidden from assistive technology; the figure carries a text
 * summary and the page offers the same numbers as a table.
 */
export default function TrendChart({ points, labels, summary }: TrendChartProps) {
  const el = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!el.current) return undefined;
    const chart = echarts.init(el.current, undefined, { renderer: 'canvas' });
    const s = trendSeries(points);
    chart.setOption({
      aria: { enabled: false },
      tooltip: { trigger: 'axis' },
      // At the top, in the room the grid leaves there: ECharts 6 puts a legend at the bottom by default, where it was
      // drawn over the dates. It scrolls rather than wraps on a phone.
      legend: { data: [labels.started, labels.finished, labels.overdue], top: 0, type: 'scroll' },
      grid: { left: 40, right: 16, top: 40, bottom: 32 },
      xAxis: { type: 'category', data: s.periods },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: labels.started, type: 'bar', data: s.started, itemStyle: { color: '#1677ff' } },
        { name: labels.finished, type: 'line', data: s.finished, itemStyle: { color: '#237804' } },
        { name: labels.overdue, type: 'line', data: s.overdue, itemStyle: { color: '#c41d1d' } },
      ],
    });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [points, labels]);
  return (
    <figure style={{ margin: 0 }} role="img" aria-label={summary}>
      <div ref={el} aria-hidden="true" style={{ width: '100%', height: 300 }} data-testid="trend-chart" />
    </figure>
  );
}
