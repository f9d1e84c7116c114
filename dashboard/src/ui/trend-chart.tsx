import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatNumber } from '../i18n/format.ts';
import { formatUtcDayMonth } from '../lib/dates.ts';
import { readableOnWhite } from './chart-colours.ts';

const DAY = 86_400;
const DAY_STEPS = [DAY, 2 * DAY, 7 * DAY, 14 * DAY, 30 * DAY];
const HEIGHT = 150;

/** A design token's colour as the canvas needs it (custom properties compute with their var() resolved). */
const token = (element: Element, name: string, fallback: string) =>
  getComputedStyle(element).getPropertyValue(name).trim() || fallback;

/**
 * One measure over days as a small line chart (uPlot, loaded only with a chart): the y range is fixed by the
 * caller so charts of the same measure compare, days without a value are bridged, and `band` shades the good
 * range (the pace band). The chart is a picture only (aria-hidden): its caller gives the figures as text.
 */
const TrendChart = ({
  dates,
  values,
  label,
  range,
  band,
}: {
  /** YYYY-MM-DD days, oldest first. */
  dates: string[];
  values: (number | null)[];
  label: string;
  range: [number, number];
  band?: { min: number; max: number } | undefined;
}) => {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    // The theme colour, darkened when too light to read on the white chart.
    const accent = readableOnWhite(token(element, '--brand-accent', '#2563eb')) ?? '#2563eb';
    const grid = token(element, '--color-border', '#e2e8f0');
    const text = token(element, '--color-text-muted', '#475569');
    const good = token(element, '--color-success', '#15803d');
    const xs = dates.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000);
    const first = xs[0] ?? 0;
    const last = xs[xs.length - 1] ?? first;
    const high = Math.max(range[1], ...values.map((v) => v ?? 0));
    const chart = new uPlot(
      {
        width: element.clientWidth,
        height: HEIGHT,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: {
          // Half a day either side, so a single day is a point in the middle rather than an empty axis.
          x: { time: true, range: () => [first - DAY / 2, last + DAY / 2] },
          y: { range: () => [range[0], Math.ceil(high)] },
        },
        axes: [
          {
            stroke: text,
            grid: { stroke: grid },
            ticks: { show: false },
            incrs: DAY_STEPS,
            // One line of labels: uPlot's default leaves room for two under a small chart.
            size: 28,
            values: (_u, splits) => splits.map((seconds) => formatUtcDayMonth(new Date(seconds * 1000))),
          },
          {
            stroke: text,
            grid: { stroke: grid },
            ticks: { show: false },
            size: 36,
            // The language's digits, as the figures and the table beside the chart (uPlot writes 0-9).
            values: (_u, splits) => splits.map((value) => formatNumber(value)),
          },
        ],
        series: [
          {},
          {
            label,
            stroke: accent,
            width: 2,
            spanGaps: true,
            points: { show: true, size: 6, fill: accent },
          },
        ],
        hooks: band
          ? {
              drawClear: [
                (u) => {
                  const top = u.valToPos(band.max, 'y', true);
                  const bottom = u.valToPos(band.min, 'y', true);
                  u.ctx.save();
                  u.ctx.globalAlpha = 0.12;
                  u.ctx.fillStyle = good;
                  u.ctx.fillRect(u.bbox.left, top, u.bbox.width, bottom - top);
                  u.ctx.restore();
                },
              ],
            }
          : {},
      },
      [xs, values],
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [dates, values, label, range, band]);
  return (
    // uPlot draws its axes left to right; the chart stays so in a right-to-left page to be readable.
    <div ref={host} className="trend-chart" dir="ltr" aria-hidden="true" />
  );
};

export default TrendChart;
