/** A value axis: how its ticks and its series' values read, and its title. */
export type ChartAxis = {
  formatTick: (value: number) => string;
  /** A value as the tooltip gives it, in full. */
  formatValue: (value: number) => string;
  /** Ticks at whole numbers only (counts). */
  isWhole?: boolean;
  title?: string;
};

type SeriesBase = {
  label: string;
  /** One a category. */
  values: readonly number[];
  /** The right axis; the left one otherwise. */
  axis?: 'right';
};

export type BarSeries = SeriesBase & {
  kind: 'bar';
  /** One colour, or one a category (the bars of a single series told apart). */
  colour: string | readonly string[];
  /** Bars of the series with the same stack stand one on the other; the others stand side by side. */
  stack?: string;
};

export type LineSeries = SeriesBase & { kind: 'line'; colour: string; isDashed?: boolean };

export type ChartSeries = BarSeries | LineSeries;

/** What a chart draws: its categories along the bottom, bars and lines over them, one or two value axes. */
export type ChartData = {
  categories: readonly string[];
  /** Each category as its tooltip names it, when the axis's label is short of it. */
  categoryTitles?: readonly string[];
  /** The title under the categories. */
  categoryAxisTitle?: string;
  series: readonly ChartSeries[];
  /** Lines a category's tooltip adds under its series' values. */
  details?: (category: number) => readonly string[];
  axis: ChartAxis;
  /** The axis of the series that ask for the right one. */
  rightAxis?: ChartAxis;
};

export type Tick = { value: number; y: number; label: string };
export type Bar = { x: number; y: number; width: number; height: number; colour: string; category: number };
/** A label under the plot: its category (the index in `categories`), where it goes and its text. */
export type CategoryLabel = { category: number; x: number; text: string };

export type ChartLayout = {
  plot: { left: number; top: number; right: number; bottom: number };
  /** Where a category's band starts, and its width. */
  bandOf: (category: number) => { x: number; width: number };
  /** The category under a point at x, if any. */
  categoryAt: (x: number) => number | null;
  leftTicks: Tick[];
  rightTicks: Tick[];
  /** Where the value 0 is, on the left axis. */
  zeroY: number;
  /** The bars of each series (none for a line), in the order of the series. */
  bars: Bar[][];
  /** The points of each line (none for bars), in the order of the series. */
  points: { x: number; y: number }[][];
  categoryLabels: CategoryLabel[];
  /** Labels slanted by 45° when they do not fit side by side. */
  areLabelsSlanted: boolean;
  labelY: number;
  /** The axes' titles, cut to the length of their axis. */
  titles: { left?: string; right?: string; category?: string };
  categoryAxisTitleY: number;
  rightTitleX: number;
};

export const FONT_SIZE = 12;
/**
 * A character's width in the chart's text, as wide as the widest fonts' digits and capitals (DejaVu
 * Sans, the usual system-ui on Linux), so that labels neither overlap nor get cut at the edge.
 */
const CHAR_WIDTH = 0.7 * FONT_SIZE;
/** The room between an axis and its labels. */
export const TICK_GAP = 6;
/** The share of a band its bars take, and the share of its slot a bar takes (Chart.js's defaults). */
const GROUP_SHARE = 0.8;
const BAR_SHARE = 0.9;
const MAX_BAR_WIDTH = 64;
const SLANT = Math.SQRT1_2;

const textWidth = (text: string) => text.length * CHAR_WIDTH;

/**
 * Ticks from zero (or below it, for negative values) past the largest value, at a step of 1, 2,
 * 2.5 or 5 times a power of ten, about `count` of them.
 */
export function niceTicks(min: number, max: number, count: number, isWhole = false): number[] {
  const low = Math.min(0, min);
  const high = Math.max(0, max);
  if (low === high) return [0, 1];
  const rough = (high - low) / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(rough));
  // A step of 2.5 is not a whole number when the power is 1 (or less).
  const factors = isWhole && power <= 1 ? [1, 2, 5, 10] : [1, 2, 2.5, 5, 10];
  const factor = factors.find((each) => rough <= each * power * (1 + 1e-9)) ?? 10;
  const step = isWhole ? Math.max(1, Math.round(factor * power)) : factor * power;
  const first = Math.floor(low / step + 1e-9);
  const last = Math.ceil(high / step - 1e-9);
  const ticks: number[] = [];
  for (let index = first; index <= last; index++) ticks.push(Number((index * step).toPrecision(12)));
  return ticks;
}

/** The smallest and largest value an axis must show: stacked bars by their sums, each way from zero. */
function extentOf(series: readonly ChartSeries[], categories: number): [number, number] {
  let min = 0;
  let max = 0;
  const stacks = new Map<string, { up: number[]; down: number[] }>();
  for (const each of series) {
    const stack = each.kind === 'bar' && each.stack !== undefined ? each.stack : undefined;
    for (let category = 0; category < categories; category++) {
      const value = each.values[category] ?? 0;
      if (stack === undefined) {
        min = Math.min(min, value);
        max = Math.max(max, value);
        continue;
      }
      let sums = stacks.get(stack);
      if (!sums) stacks.set(stack, (sums = { up: [], down: [] }));
      if (value >= 0) max = Math.max(max, (sums.up[category] = (sums.up[category] ?? 0) + value));
      else min = Math.min(min, (sums.down[category] = (sums.down[category] ?? 0) + value));
    }
  }
  return [min, max];
}

function truncate(text: string, width: number): string {
  const chars = Math.max(1, Math.floor(width / CHAR_WIDTH));
  return text.length <= chars ? text : `${text.slice(0, chars - 1)}…`;
}

/** Where everything of a chart goes in a box of `width` × `height` pixels. */
export function layoutChart(data: ChartData, width: number, height: number): ChartLayout {
  const { categories, series, axis, rightAxis } = data;
  const count = categories.length;
  const onRight = (each: ChartSeries) => each.axis === 'right' && rightAxis !== undefined;
  const top = FONT_SIZE;
  const titleRoom = FONT_SIZE + TICK_GAP;
  const categoryTitleRoom = data.categoryAxisTitle ? titleRoom : 0;

  // About one tick every 40 px of the plot's height, guessed before the labels under it are placed.
  const tickCount = Math.max(2, Math.min(8, Math.floor((height - top - 4 * FONT_SIZE - categoryTitleRoom) / 40)));
  const ticksOf = (chosen: ChartAxis, ofSeries: readonly ChartSeries[]) => {
    const [min, max] = extentOf(ofSeries, count);
    return niceTicks(min, max, tickCount, chosen.isWhole);
  };
  const leftValues = ticksOf(
    axis,
    series.filter((each) => !onRight(each)),
  );
  const rightValues = rightAxis ? ticksOf(rightAxis, series.filter(onRight)) : [];
  const marginOf = (chosen: ChartAxis | undefined, values: readonly number[]) =>
    chosen
      ? Math.max(...values.map((value) => textWidth(chosen.formatTick(value)))) +
        TICK_GAP +
        (chosen.title ? titleRoom : 0)
      : TICK_GAP;

  let left = marginOf(axis, leftValues);
  const right = marginOf(rightAxis, rightValues);
  // A chart narrower than its axes has a plot of no width, not one drawn backwards.
  const band = () => Math.max(0, width - left - right) / Math.max(1, count);

  // Labels side by side when they fit; else slanted when that shows every one or far more of them
  // (short labels such as days stay level, every nth).
  const widest = Math.max(0, ...categories.map(textWidth));
  const levelStep = Math.ceil((widest + TICK_GAP) / band());
  const slantStep = Math.ceil((1.5 * FONT_SIZE) / band());
  const areLabelsSlanted = levelStep > 1 && (slantStep === 1 || levelStep > 2 * slantStep);
  const slantRoom = Math.max(FONT_SIZE, 0.35 * height) / SLANT - FONT_SIZE;
  const labelTexts = areLabelsSlanted ? categories.map((text) => truncate(text, slantRoom)) : [...categories];
  const labelWidth = Math.max(0, ...labelTexts.map(textWidth));
  if (areLabelsSlanted) {
    // The first label hangs to the left of its band.
    left = Math.max(left, SLANT * (textWidth(labelTexts[0] ?? '') + FONT_SIZE) - band() / 2);
  }
  const labelRoom = areLabelsSlanted ? SLANT * (labelWidth + FONT_SIZE) + TICK_GAP : FONT_SIZE + TICK_GAP;
  const labelStep = areLabelsSlanted ? slantStep : levelStep;

  const plot = { left, top, right: Math.max(left, width - right), bottom: height - labelRoom - categoryTitleRoom - 2 };
  const bandWidth = band();
  const plotHeight = Math.max(1, plot.bottom - plot.top);

  const scaleOf = (values: readonly number[]) => {
    const low = values[0] ?? 0;
    const high = values[values.length - 1] ?? 1;
    return (value: number) => plot.bottom - ((value - low) / (high - low)) * plotHeight;
  };
  const yLeft = scaleOf(leftValues);
  const yRight = scaleOf(rightValues);
  const yOf = (each: ChartSeries) => (onRight(each) ? yRight : yLeft);
  const ticksAt = (chosen: ChartAxis | undefined, values: readonly number[], y: (value: number) => number) =>
    chosen ? values.map((value) => ({ value, y: y(value), label: chosen.formatTick(value) })) : [];

  // Each slot of a band holds a stack, or a bar series of its own.
  const slotOf = new Map<ChartSeries, string>();
  for (const [index, each] of series.entries()) {
    if (each.kind === 'bar') slotOf.set(each, each.stack ?? `series ${index}`);
  }
  const slots = [...new Set(slotOf.values())];
  const slotWidth = (bandWidth * GROUP_SHARE) / Math.max(1, slots.length);
  const barWidth = Math.min(slotWidth * BAR_SHARE, MAX_BAR_WIDTH);
  const bases = new Map<string, { up: number; down: number }>();
  const bars = series.map((each) => {
    const slot = slotOf.get(each);
    if (each.kind !== 'bar' || slot === undefined) return [];
    const y = yOf(each);
    const slotStart = (bandWidth * (1 - GROUP_SHARE)) / 2 + slots.indexOf(slot) * slotWidth;
    return categories.map((_, category) => {
      const key = `${slot}\n${category}`;
      const base = bases.get(key) ?? { up: 0, down: 0 };
      bases.set(key, base);
      const value = each.values[category] ?? 0;
      const from = value >= 0 ? base.up : base.down;
      const to = from + value;
      if (value >= 0) base.up = to;
      else base.down = to;
      const colour = typeof each.colour === 'string' ? each.colour : (each.colour[category] ?? '');
      return {
        x: plot.left + category * bandWidth + slotStart + (slotWidth - barWidth) / 2,
        y: Math.min(y(from), y(to)),
        width: barWidth,
        height: Math.abs(y(from) - y(to)),
        colour,
        category,
      };
    });
  });
  const centreOf = (category: number) => plot.left + (category + 0.5) * bandWidth;
  const points = series.map((each) =>
    each.kind === 'line'
      ? categories.map((_, category) => ({ x: centreOf(category), y: yOf(each)(each.values[category] ?? 0) }))
      : [],
  );

  return {
    plot,
    bandOf: (category) => ({ x: plot.left + category * bandWidth, width: bandWidth }),
    categoryAt: (x) => {
      const category = Math.floor((x - plot.left) / bandWidth);
      return category >= 0 && category < count ? category : null;
    },
    leftTicks: ticksAt(axis, leftValues, yLeft),
    rightTicks: ticksAt(rightAxis, rightValues, yRight),
    zeroY: yLeft(0),
    bars,
    points,
    categoryLabels: labelTexts.flatMap((text, category) => {
      if (category % labelStep !== 0) return [];
      if (areLabelsSlanted) return [{ category, x: centreOf(category), text }];
      // A level label wider than its band stays inside the chart.
      const half = textWidth(text) / 2;
      return [{ category, x: Math.max(half, Math.min(width - half, centreOf(category))), text }];
    }),
    areLabelsSlanted,
    labelY: plot.bottom + TICK_GAP + (areLabelsSlanted ? 0 : FONT_SIZE),
    titles: {
      ...(axis.title ? { left: truncate(axis.title, plotHeight) } : {}),
      ...(rightAxis?.title ? { right: truncate(rightAxis.title, plotHeight) } : {}),
      ...(data.categoryAxisTitle ? { category: truncate(data.categoryAxisTitle, plot.right - plot.left) } : {}),
    },
    categoryAxisTitleY: height - TICK_GAP,
    rightTitleX: width - FONT_SIZE,
  };
}
