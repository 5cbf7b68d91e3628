import { describe, expect, it } from 'vitest';
import { COUNT_AXIS, MONEY_AXIS } from './chart-axes.ts';
import { layoutChart, type ChartData } from './chart-layout.ts';

const data: ChartData = {
  categories: ['Jan 2026', 'Feb 2026', 'Mar 2026', 'Apr 2026'],
  series: [
    { kind: 'bar', label: 'Duty', values: [120_000, 80_000, 0, 45_500], colour: '#1f77b4', stack: 'paid' },
    { kind: 'bar', label: 'Fees', values: [3_000, 2_500, 0, 1_200], colour: '#ff7f0e', stack: 'paid' },
    { kind: 'line', label: 'Entries', values: [12, 9, 0, 5], colour: '#2ca02c', axis: 'right' },
  ],
  axis: { ...MONEY_AXIS, title: 'Amount' },
  rightAxis: { ...COUNT_AXIS, title: 'Entries' },
};

describe('layoutChart', () => {
  it('keeps every bar inside the plot, one band a category', () => {
    const layout = layoutChart(data, 640, 320);
    const { plot } = layout;
    expect(plot.right).toBeGreaterThan(plot.left);
    for (const bar of layout.bars.flat()) {
      expect(bar.width).toBeGreaterThan(0);
      expect(bar.x).toBeGreaterThanOrEqual(plot.left);
      expect(bar.x + bar.width).toBeLessThanOrEqual(plot.right);
    }
    expect(layout.categoryAt(layout.bandOf(2).x + 1)).toBe(2);
  });

  it('lays out nothing backwards in a chart narrower than its axes', () => {
    const layout = layoutChart(data, 40, 320);
    const { plot } = layout;
    expect(plot.right).toBeGreaterThanOrEqual(plot.left);
    for (const bar of layout.bars.flat()) expect(bar.width).toBeGreaterThanOrEqual(0);
    expect(layout.bandOf(0).width).toBeGreaterThanOrEqual(0);
    expect(layout.categoryAt(plot.left)).toBeNull();
  });
});
