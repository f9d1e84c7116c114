import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatNumber } from '../i18n/format.ts';
import { formatUtcDayMonth } from '../lib/dates.ts';
import { chartSeriesColours } from './chart-colours.ts';

/** One line of the chart: a value per day. */
export type ChartSeries = { label: string; values: number[] };

const DAY = 86_400;
const DAY_STEPS = [DAY, 2 * DAY, 7 * DAY, 14 * DAY, 30 * DAY];
/** uPlot's axis font (its default), to measure the day labels with. */
const AXIS_FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", sans-serif';

/**
 * The room one day label needs: the widest of a month's labels in the reader's language plus a gap. "10 thg 11"
 * (Vietnamese) is twice "17 Nov", and at uPlot's fixed 50 px the labels ran into each other.
 */
const daySpace = () => {
  const context = document.createElement('canvas').getContext('2d');
  const samples = [
    new Date(Date.UTC(2026, 10, 28)),
    new Date(Date.UTC(2026, 8, 30)),
    new Date(Date.UTC(2026, 11, 22)),
  ];
  if (!context) return 80;
  context.font = AXIS_FONT;
  const widest = Math.max(...samples.map((day) => context.measureText(formatUtcDayMonth(day)).width));
  return Math.max(50, Math.ceil(widest) + 16);
};

/**
 * Figures per day as lines (uPlot, ~50 kB, loaded only with a dashboard's chart). The first line takes the
 * tenant's theme colour (darkened when too light to read), the others colours far from it and from each other; the figures are also in a table next to it for screen readers. With several
 * lines a legend names them.
 */
const ActivityChart = ({ days, series }: { days: string[]; series: ChartSeries[] }) => {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const accent =
      getComputedStyle(element).getPropertyValue('--brand-accent').trim() ||
      getComputedStyle(element).getPropertyValue('--brand-button-bg').trim() ||
      null;
    // Distinct and readable whatever the theme, so a violet theme never draws two violet lines.
    const colours = chartSeriesColours(accent, series.length);
    const data: uPlot.AlignedData = [
      days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000),
      ...series.map((line) => line.values),
    ];
    const max = Math.max(0, ...series.flatMap((line) => line.values));
    const chart = new uPlot(
      {
        width: element.clientWidth,
        height: 240,
        legend: { show: series.length > 1, live: false },
        cursor: { drag: { x: false, y: false } },
        scales: {
          x: { time: true },
          y: { range: () => [0, Math.max(4, Math.ceil(max * 1.15))] },
        },
        axes: [
          {
            stroke: '#475569',
            grid: { stroke: '#e2e8f0' },
            ticks: { show: false },
            // Whole days only, labelled "17 Nov" (the data are days, not hours), as far apart as the labels need.
            incrs: DAY_STEPS,
            space: daySpace(),
            font: AXIS_FONT,
            values: (_u, splits) => splits.map((seconds) => formatUtcDayMonth(new Date(seconds * 1000))),
          },
          {
            stroke: '#475569',
            grid: { stroke: '#e2e8f0' },
            ticks: { show: false },
            size: 40,
            // Counts in the chosen language's digits (uPlot's default follows the browser's).
            values: (_u, splits) => splits.map((count) => formatNumber(count)),
          },
        ],
        series: [
          {},
          ...series.map((line, index) => {
            const colour = colours[index] ?? '#2563eb';
            return {
              label: line.label,
              stroke: colour,
              width: 2,
              ...(index === 0 ? { fill: `color-mix(in srgb, ${colour} 14%, transparent)` } : {}),
              points: { show: days.length <= 31, size: 5, fill: colour },
            };
          }),
        ],
      },
      data,
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: 240 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days, series]);
  return (
    // uPlot draws its axes left to right; the chart stays so in a right-to-left page to be readable.
    <div ref={host} className="activity-chart" dir="ltr" aria-hidden="true" />
  );
};

export default ActivityChart;
