import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

const chart = vi.hoisted(() => ({ option: null as null | Record<string, unknown> }));
vi.mock('echarts/core', () => ({
  use: () => undefined,
  init: () => ({
    setOption: (o: Record<string, unknown>) => void (chart.option = o),
    resize: () => undefined,
    dispose: () => undefined,
  }),
}));

const { default: TrendChart } = await import('./trend-chart.tsx');

describe('the process trend chart', () => {
  it('puts its legend above the plot, in the room the grid leaves there, not over the dates', () => {
    render(
      <TrendChart
        points={[{ period: '2026-11-01', started: 2, finished: 1, overdue: 0 }]}
        labels={{ started: 'Processes started', finished: 'Finished in the period', overdue: 'Overdue processes' }}
        summary="From 2026-11-01 to 2026-11-01: 2 started"
      />,
    );
    const o = chart.option as { legend: { top?: number | string; bottom?: unknown }; grid: { top: number } };
    // ECharts 6 draws a legend without a place at the bottom, where the x axis's dates are.
    expect(o.legend.top).toBe(0);
    expect(o.legend.bottom).toBeUndefined();
    expect(o.grid.top).toBeGreaterThanOrEqual(32);
  });
});
