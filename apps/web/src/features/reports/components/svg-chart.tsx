import { useLayoutEffect, useMemo, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { fillText } from '@clearport/contract/texts';
import { REPORT_TEXTS } from '../../../config/report-texts.ts';
import {
  FONT_SIZE,
  layoutChart,
  TICK_GAP,
  type ChartData,
  type ChartLayout,
  type ChartSeries,
} from '../utils/chart-layout.ts';
import styles from './svg-chart.module.css';

type SvgChartProps = {
  /** Names the chart for assistive technology; its figures are in the table view. */
  label: string;
  /** Kept (memoised) while the figures stay the same: a new one is laid out again. */
  chart: ChartData;
};

type Size = { width: number; height: number };

/** The size of an element, kept up to date; measured before the first paint, so nothing moves. */
function useSize(element: HTMLElement | null): Size | null {
  const [size, setSize] = useState<Size | null>(null);
  useLayoutEffect(() => {
    if (!element) return;
    const measure = () => {
      const { width, height } = element.getBoundingClientRect();
      setSize((last) => (last?.width === width && last.height === height ? last : { width, height }));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return size;
}

const colourOf = (series: ChartSeries, category: number) =>
  typeof series.colour === 'string' ? series.colour : (series.colour[category] ?? '');

/**
 * A chart of bars (stacked or side by side) and lines over categories, on one or two value axes,
 * drawn as SVG at the size of its box, whose height the caller reserves. It has no animation and no
 * zoom. A legend names the series when there are two or more. Pointing at a category, or focusing
 * the chart and moving with the arrow keys, shows that category's values.
 */
export function SvgChart({ label, chart: data }: SvgChartProps) {
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const size = useSize(box);
  const [active, setActive] = useState<number | null>(null);
  const layout = useMemo(() => (size ? layoutChart(data, size.width, size.height) : null), [data, size]);
  const count = data.categories.length;

  const pointAt = (event: PointerEvent<SVGSVGElement>) => {
    if (!layout) return;
    setActive(layout.categoryAt(event.clientX - event.currentTarget.getBoundingClientRect().left));
  };
  const moveWithKeys = (event: KeyboardEvent<SVGSVGElement>) => {
    const current = active ?? 0;
    const next: Record<string, number | null> = {
      ArrowRight: Math.min(count - 1, current + 1),
      ArrowLeft: Math.max(0, current - 1),
      Home: 0,
      End: count - 1,
      Escape: null,
    };
    if (count === 0 || !Object.hasOwn(next, event.key)) return;
    event.preventDefault();
    setActive(next[event.key] ?? null);
  };

  return (
    <div className={styles.chart}>
      {data.series.length > 1 && (
        <ul className={styles.legend}>
          {data.series.map((series) => (
            <li key={series.label}>
              <span
                className={series.kind === 'line' ? styles.lineKey : styles.barKey}
                style={{
                  borderColor: series.kind === 'line' ? series.colour : undefined,
                  borderStyle: series.kind === 'line' && series.isDashed ? 'dashed' : undefined,
                  background: series.kind === 'bar' ? colourOf(series, 0) : undefined,
                }}
              />
              {series.label}
            </li>
          ))}
        </ul>
      )}
      <div className={styles.plot} ref={setBox}>
        <svg
          role="img"
          aria-label={label}
          tabIndex={0}
          viewBox={size ? `0 0 ${size.width} ${size.height}` : undefined}
          className={styles.svg}
          onPointerMove={pointAt}
          onPointerDown={pointAt}
          onPointerLeave={(event) => {
            if (event.pointerType === 'mouse') setActive(null);
          }}
          onFocus={() => setActive((current) => current ?? (count > 0 ? 0 : null))}
          onBlur={() => setActive(null)}
          onKeyDown={moveWithKeys}
        >
          {layout && <ChartDrawing data={data} layout={layout} active={active} />}
        </svg>
        <div className={styles.tooltipAnchor} role="status">
          {layout && size && active !== null && (
            <ChartTooltip data={data} layout={layout} width={size.width} category={active} />
          )}
        </div>
      </div>
    </div>
  );
}

type DrawingProps = { data: ChartData; layout: ChartLayout; active: number | null };

function ChartDrawing({ data, layout, active }: DrawingProps) {
  const { plot } = layout;
  const band = active === null ? null : layout.bandOf(active);
  const middle = (plot.top + plot.bottom) / 2;
  return (
    <>
      {band && (
        <rect className={styles.highlight} x={band.x} y={plot.top} width={band.width} height={plot.bottom - plot.top} />
      )}
      <g className={styles.grid}>
        {layout.leftTicks.map((tick) => (
          <line key={tick.value} x1={plot.left} x2={plot.right} y1={tick.y} y2={tick.y} />
        ))}
      </g>
      <line className={styles.baseline} x1={plot.left} x2={plot.right} y1={layout.zeroY} y2={layout.zeroY} />
      <g className={styles.text} fontSize={FONT_SIZE}>
        {layout.leftTicks.map((tick) => (
          <text key={`left ${tick.value}`} x={plot.left - TICK_GAP} y={tick.y} dy="0.32em" textAnchor="end">
            {tick.label}
          </text>
        ))}
        {layout.rightTicks.map((tick) => (
          <text key={`right ${tick.value}`} x={plot.right + TICK_GAP} y={tick.y} dy="0.32em" textAnchor="start">
            {tick.label}
          </text>
        ))}
        {layout.categoryLabels.map((each) =>
          layout.areLabelsSlanted ? (
            <text
              key={each.category}
              transform={`translate(${each.x} ${layout.labelY}) rotate(-45)`}
              dy="0.32em"
              textAnchor="end"
            >
              {each.text}
            </text>
          ) : (
            <text key={each.category} x={each.x} y={layout.labelY} textAnchor="middle">
              {each.text}
            </text>
          ),
        )}
        {layout.titles.left && (
          <text transform={`translate(${FONT_SIZE} ${middle}) rotate(-90)`} textAnchor="middle">
            {layout.titles.left}
          </text>
        )}
        {layout.titles.right && (
          <text transform={`translate(${layout.rightTitleX} ${middle}) rotate(90)`} textAnchor="middle">
            {layout.titles.right}
          </text>
        )}
        {layout.titles.category && (
          <text x={(plot.left + plot.right) / 2} y={layout.categoryAxisTitleY} textAnchor="middle">
            {layout.titles.category}
          </text>
        )}
      </g>
      {data.series.map((series, index) =>
        series.kind === 'bar' ? (
          <g key={series.label} data-series={series.label}>
            {layout.bars[index]!.map((bar) => (
              <rect key={bar.category} x={bar.x} y={bar.y} width={bar.width} height={bar.height} fill={bar.colour} />
            ))}
          </g>
        ) : null,
      )}
      {data.series.map((series, index) =>
        series.kind === 'line' ? (
          <g key={series.label} data-series={series.label} stroke={series.colour} fill={series.colour}>
            <polyline
              points={layout.points[index]!.map((point) => `${point.x},${point.y}`).join(' ')}
              fill="none"
              strokeWidth={2}
              strokeDasharray={series.isDashed ? '6 4' : undefined}
            />
            {layout.points[index]!.map((point, category) => (
              <circle key={category} cx={point.x} cy={point.y} r={category === active ? 4.5 : 3} />
            ))}
          </g>
        ) : null,
      )}
    </>
  );
}

type TooltipProps = { data: ChartData; layout: ChartLayout; width: number; category: number };

/** A category's values by series; it slides across its box with the category, so it never leaves it. */
function ChartTooltip({ data, layout, width, category }: TooltipProps) {
  const band = layout.bandOf(category);
  const x = band.x + band.width / 2;
  const axisOf = (series: ChartSeries) => (series.axis === 'right' && data.rightAxis ? data.rightAxis : data.axis);
  return (
    <div
      className={styles.tooltip}
      style={{ left: x, top: layout.plot.top, transform: `translateX(${(-100 * x) / width}%)` }}
    >
      <p className={styles.tooltipTitle}>{data.categoryTitles?.[category] ?? data.categories[category]}</p>
      <ul>
        {data.series.map((series) => (
          <li key={series.label}>
            <span className={styles.barKey} style={{ background: colourOf(series, category) }} />
            {fillText(REPORT_TEXTS.chartValue, {
              series: series.label,
              value: axisOf(series).formatValue(series.values[category] ?? 0),
            })}
          </li>
        ))}
        {data.details?.(category).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
