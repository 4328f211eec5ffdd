import type { ReportRow } from '@milepost/contracts/trip-statistics-api';
import { groupDigits, type DistanceUnit } from '@milepost/geo/units';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { mileageHeader, milesIn } from '@/lib/distance-format';
import { useTheme } from '@/lib/theme';

export interface ReportsChartProps {
  /** The report's rows, newest first (as the API answers). */
  rows: ReportRow[];
  /** Accessible name of the chart. */
  label: string;
  /** The user's distance unit (route settings); the API's miles are converted. */
  unit?: DistanceUnit;
}

const cssVar = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

/**
 * Loaded and empty miles per period (our routing's Total Loaded / Total Empty Miles), oldest on
 * the left, as side-by-side bars. uPlot draws on a canvas; this module is loaded lazily with the
 * Reports screen's chart, so its chunk is not part of the first screen's bundle.
 */
export default function ReportsChart({ rows, label, unit = 'MILES' }: ReportsChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const { resolvedTheme } = useTheme();

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const ordered = [...rows].reverse();
    const labels = ordered.map((r) => r.periodGroup);
    const data: uPlot.AlignedData = [ordered.map((_, i) => i), ordered.map((r) => milesIn(r.totalLoadedMiles, unit)), ordered.map((r) => milesIn(r.totalEmptyMiles, unit))];
    const text = cssVar('--muted-foreground');
    const grid = cssVar('--border');
    const bars = (align: -1 | 1) => uPlot.paths.bars!({ size: [0.4, 48], align });
    const axisFont = '11px system-ui, sans-serif';
    const opts: uPlot.Options = {
      width: Math.max(200, el.clientWidth),
      height: Math.max(120, el.clientHeight - 28),
      legend: { show: true, live: false },
      cursor: { points: { show: false }, drag: { x: false, y: false } },
      scales: { x: { time: false, range: () => [-0.6, Math.max(0, labels.length - 1) + 0.6] }, y: { range: (_u, _min, max) => [0, Math.max(1, max) * 1.08] } },
      axes: [
        {
          stroke: text,
          font: axisFont,
          grid: { show: false },
          ticks: { stroke: grid },
          // One label per bar pair when they fit; otherwise every n-th. A label needs about 6 px a
          // character at the 11 px axis font plus a gap ("08/24/2026 - 08/30/2026": ~160 px).
          splits: () => {
            const labelWidth = Math.max(90, 6.3 * Math.max(0, ...labels.map((l) => l.length)) + 16);
            const step = Math.max(1, Math.ceil((labels.length * labelWidth) / Math.max(1, el.clientWidth)));
            return labels.map((_, i) => i).filter((i) => i % step === 0);
          },
          values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
        },
        { stroke: text, font: axisFont, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid }, size: 64, values: (_u, splits) => splits.map((v) => groupDigits(v, 0)) },
      ],
      series: [
        { label: 'Period', show: true },
        {
          label: mileageHeader('Total Loaded Miles', unit),
          fill: cssVar('--chart-loaded'),
          stroke: cssVar('--chart-loaded'),
          paths: bars(-1),
          points: { show: false },
          value: (_u, v) => (v === null ? '' : groupDigits(v, 1)),
        },
        {
          label: mileageHeader('Total Empty Miles', unit),
          fill: cssVar('--chart-empty'),
          stroke: cssVar('--chart-empty'),
          paths: bars(1),
          points: { show: false },
          value: (_u, v) => (v === null ? '' : groupDigits(v, 1)),
        },
      ],
    };
    const plot = new uPlot(opts, data, el);
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(200, el.clientWidth), height: Math.max(120, el.clientHeight - 28) }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [rows, resolvedTheme, unit]);

  // The legend at the chart's text size (over uPlot's unlayered CSS), so both series fit on one line on a phone.
  return <div ref={box} role="img" aria-label={label} data-testid="reports-chart" className="reports-chart h-full w-full text-xs text-muted-foreground [&_.u-legend]:text-xs!" />;
}
