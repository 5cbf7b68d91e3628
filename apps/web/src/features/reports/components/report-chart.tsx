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

/** A Chart.js chart filling its box, whose height the caller reserves. */
export function ReportChart({ config, label }: ReportChartProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const context = canvasRef.current?.getContext('2d');
    if (!context) return;
    const chart = new Chart(context, {
      ...config,
      options: { responsive: true, maintainAspectRatio: false, animation: false, ...config.options },
    });
    return () => chart.destroy();
  }, [config]);
  return <canvas ref={canvasRef} role="img" aria-label={label} />;
}
