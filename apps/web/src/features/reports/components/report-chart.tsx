import { useEffect, useRef } from 'react';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';

// Only what the reports draw, so the rest of Chart.js is left out of the build.
Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  Legend,
);

export type ReportChartConfig = ChartConfiguration<'bar' | 'line', number[], string>;

type ReportChartProps = {
  config: ReportChartConfig;
  /** Names the chart for assistive technology; its figures are in the table view. */
  label: string;
};

/**
 * A Chart.js chart filling its box, whose height the caller reserves. It is drawn when its box comes
 * within 200 px of the screen, each chart in a task of its own: the five reports' charts drawn in one
 * went as one long task that held the page (Lighthouse's total blocking time on /reports).
 */
export function ReportChart({ config, label }: ReportChartProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    let chart: Chart<'bar' | 'line', number[], string> | undefined;
    const draw = () => {
      chart ??= new Chart(context, {
        ...config,
        options: { responsive: true, maintainAspectRatio: false, animation: false, ...config.options },
      });
    };
    if (typeof IntersectionObserver === 'undefined') {
      draw();
      return () => chart?.destroy();
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        draw();
      },
      { rootMargin: '200px' },
    );
    observer.observe(canvas);
    return () => {
      observer.disconnect();
      chart?.destroy();
    };
  }, [config]);
  return <canvas ref={canvasRef} role="img" aria-label={label} />;
}
