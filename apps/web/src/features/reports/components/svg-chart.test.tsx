import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChartData } from '../utils/chart-layout.ts';
import { COUNT_AXIS, MONEY_AXIS } from '../utils/chart-axes.ts';
import { SvgChart } from './svg-chart.tsx';

const WIDTH = 600;
const HEIGHT = 300;

/** jsdom lays nothing out: every element measures as the chart's box would. */
function measureAs(width: number, height: number) {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue({
    x: 0,
    y: 0,
    left: 0,
    top: 0,
    width,
    height,
    right: width,
    bottom: height,
    toJSON: () => ({}),
  });
}

function renderChart(chart: ChartData, label = 'Duty') {
  render(<SvgChart label={label} chart={chart} />);
  return screen.getByRole('img', { name: label });
}

const texts = (chart: HTMLElement) => [...chart.querySelectorAll('text')].map((text) => text.textContent);

function barsOf(chart: HTMLElement, series: string) {
  return [...chart.querySelectorAll(`g[data-series="${series}"] rect`)].map((rect) => ({
    x: Number(rect.getAttribute('x')),
    y: Number(rect.getAttribute('y')),
    width: Number(rect.getAttribute('width')),
    height: Number(rect.getAttribute('height')),
    fill: rect.getAttribute('fill'),
  }));
}

const MONTHS: ChartData = {
  categories: ['Jan 2026', 'Feb 2026', 'Mar 2026'],
  series: [
    { kind: 'bar', label: 'Duty', values: [100_000, 250_000, 123_456], colour: '#0072B2', stack: 'month' },
    { kind: 'bar', label: 'MPF', values: [50_000, 100_000, 0], colour: '#E69F00', stack: 'month' },
    { kind: 'line', label: 'Total a year before', values: [480_000, 90_000, 0], colour: '#000000', isDashed: true },
  ],
  axis: MONEY_AXIS,
};

describe('SvgChart', () => {
  beforeEach(() => measureAs(WIDTH, HEIGHT));

  it('draws in the pixels of its box, so its text is not stretched', () => {
    const chart = renderChart(MONTHS);
    expect(chart.getAttribute('viewBox')).toBe(`0 0 ${WIDTH} ${HEIGHT}`);
  });

  it('ticks a money axis from $0 in round steps past the largest value, compact', () => {
    const chart = renderChart(MONTHS);
    // The line's $4,800 is the largest value; the stacks reach $3,500.
    expect(texts(chart).slice(0, 6)).toEqual(['$0', '$1K', '$2K', '$3K', '$4K', '$5K']);
    expect(within(chart).getByText('Mar 2026')).toBeTruthy();
  });

  it('ticks a count axis at whole numbers only', () => {
    const chart = renderChart({
      categories: ['2', '3'],
      series: [{ kind: 'bar', label: 'Entries', values: [3, 1], colour: '#009E73' }],
      axis: COUNT_AXIS,
    });
    expect(texts(chart).slice(0, 4)).toEqual(['0', '1', '2', '3']);
  });

  it('stacks the bars of one stack on each other and keeps them to scale', () => {
    const chart = renderChart(MONTHS);
    const [duty, mpf] = [barsOf(chart, 'Duty'), barsOf(chart, 'MPF')];
    expect(duty).toHaveLength(3);
    for (const [index, bar] of duty.entries()) {
      expect(mpf[index]!.x).toBe(bar.x);
      expect(mpf[index]!.y + mpf[index]!.height).toBeCloseTo(bar.y);
    }
    // $2,500 of duty is two and a half times $1,000, and five times February's $500 of MPF.
    expect(duty[1]!.height / duty[0]!.height).toBeCloseTo(2.5);
    expect(duty[1]!.height / mpf[0]!.height).toBeCloseTo(5);
    expect(duty[0]!.fill).toBe('#0072B2');
    expect(chart.querySelectorAll('g[data-series="Total a year before"] circle')).toHaveLength(3);
  });

  it('sets the bars of series without a stack side by side', () => {
    const chart = renderChart({
      categories: ['94'],
      series: [
        { kind: 'bar', label: 'Duty', values: [400], colour: '#0072B2' },
        { kind: 'bar', label: 'Duty on Section 301 lines', values: [200], colour: '#D55E00' },
      ],
      axis: MONEY_AXIS,
    });
    const [[duty], [section301]] = [barsOf(chart, 'Duty'), barsOf(chart, 'Duty on Section 301 lines')];
    expect(section301!.x).toBeGreaterThanOrEqual(duty!.x + duty!.width);
    expect(section301!.y + section301!.height).toBeCloseTo(duty!.y + duty!.height);
    expect(duty!.height / section301!.height).toBeCloseTo(2);
  });

  it('scales a series on the right axis by that axis, with its own ticks', () => {
    const chart = renderChart({
      categories: ['2704 Los Angeles'],
      series: [
        { kind: 'bar', label: 'Entries', values: [7], colour: '#0072B2' },
        { kind: 'bar', label: 'Entered value', values: [8_100_000], colour: '#E69F00', axis: 'right' },
      ],
      axis: { ...COUNT_AXIS, title: 'Entries' },
      rightAxis: MONEY_AXIS,
    });
    const labels = texts(chart);
    // Entries 0 to 8 by 2 on the left, $0 to $100K by $20K on the right, the left one's title.
    expect(labels.slice(0, 5)).toEqual(['0', '2', '4', '6', '8']);
    expect(labels.slice(5, 11)).toEqual(['$0', '$20K', '$40K', '$60K', '$80K', '$100K']);
    expect(labels).toContain('Entries');
    const [[entries], [value]] = [barsOf(chart, 'Entries'), barsOf(chart, 'Entered value')];
    // 7 of 8 on the left, $81,000 of $100,000 on the right.
    expect(value!.height / entries!.height).toBeCloseTo(0.81 / 0.875);
  });

  it('slants labels too long to stand side by side, and shows every nth of short ones', () => {
    measureAs(300, 260);
    const months = Array.from({ length: 12 }, (_, index) => `${['Jan', 'Feb', 'Mar'][index % 3]} 2026`);
    const monthly = renderChart(
      {
        categories: months,
        series: [{ kind: 'bar', label: 'Duty', values: months.map(() => 1), colour: '#0072B2' }],
        axis: MONEY_AXIS,
      },
      'Monthly',
    );
    expect(monthly.querySelectorAll('text[transform$="rotate(-45)"]')).toHaveLength(12);

    const days = Array.from({ length: 31 }, (_, index) => String(index));
    const daily = renderChart(
      {
        categories: days,
        series: [{ kind: 'bar', label: 'Entries', values: days.map(Number), colour: '#009E73' }],
        axis: COUNT_AXIS,
      },
      'Daily',
    );
    expect(daily.querySelectorAll('text[transform$="rotate(-45)"]')).toHaveLength(0);
    const level = [...daily.querySelectorAll('text[text-anchor="middle"]')].map((text) => text.textContent);
    expect(level).toEqual(['0', '3', '6', '9', '12', '15', '18', '21', '24', '27', '30']);
  });

  it('names its series in a legend when it has more than one', () => {
    renderChart(MONTHS);
    const legend = screen.getByRole('list');
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Duty', 'MPF', 'Total a year before']);
  });

  it('shows a category’s values on keyboard focus and moves with the arrow keys', async () => {
    const chart = renderChart(MONTHS);
    const tooltip = screen.getByRole('status');
    expect(tooltip.textContent).toBe('');

    await userEvent.tab();
    expect(document.activeElement).toBe(chart);
    expect(within(tooltip).getByText('Jan 2026')).toBeTruthy();
    expect(within(tooltip).getByText('Duty: $1,000.00')).toBeTruthy();
    expect(within(tooltip).getByText('Total a year before: $4,800.00')).toBeTruthy();

    await userEvent.keyboard('{ArrowRight}');
    expect(within(tooltip).getByText('Feb 2026')).toBeTruthy();
    expect(within(tooltip).getByText('MPF: $1,000.00')).toBeTruthy();
    await userEvent.keyboard('{End}');
    expect(within(tooltip).getByText('Duty: $1,234.56')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(tooltip.textContent).toBe('');
  });

  it('shows the values of the category under the pointer, with its full title and details', () => {
    const chart = renderChart({
      categories: ['94', '85'],
      categoryTitles: ['94 Furniture', '85 Electrical machinery'],
      series: [{ kind: 'bar', label: 'Open amount', values: [1_500_00, 700_00], colour: ['#56B4E9', '#E69F00'] }],
      details: (index) => [`Invoices: ${[2, 1][index]}`],
      axis: MONEY_AXIS,
    });
    expect(screen.queryByRole('list')).toBeNull();
    fireEvent.pointerMove(chart, { clientX: WIDTH - 20, pointerType: 'mouse' });
    const tooltip = screen.getByRole('status');
    expect(within(tooltip).getByText('85 Electrical machinery')).toBeTruthy();
    expect(within(tooltip).getByText('Open amount: $700.00')).toBeTruthy();
    expect(within(tooltip).getByText('Invoices: 1')).toBeTruthy();
    expect(barsOf(chart, 'Open amount').map((bar) => bar.fill)).toEqual(['#56B4E9', '#E69F00']);
    fireEvent.pointerLeave(chart, { pointerType: 'mouse' });
    expect(tooltip.textContent).toBe('');
  });
});
