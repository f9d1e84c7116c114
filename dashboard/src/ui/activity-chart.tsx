import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/**
 * Active members per day as a line (uPlot, ~50 kB, loaded only with the dashboard's chart). The colour
 * follows the tenant's theme; the figures are also in a table next to it for screen readers.
 */
const ActivityChart = ({ days }: { days: { day: string; activeMembers: number }[] }) => {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const accent =
      getComputedStyle(element).getPropertyValue('--brand-accent').trim() ||
      getComputedStyle(element).getPropertyValue('--brand-button-bg').trim() ||
      '#2563eb';
    const data: uPlot.AlignedData = [
      days.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000),
      days.map((d) => d.activeMembers),
    ];
    const chart = new uPlot(
      {
        width: element.clientWidth,
        height: 240,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: {
          x: { time: true },
          y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.15))] },
        },
        axes: [
          { stroke: '#475569', grid: { stroke: '#e2e8f0' }, ticks: { show: false } },
          { stroke: '#475569', grid: { stroke: '#e2e8f0' }, ticks: { show: false }, size: 40 },
        ],
        series: [
          {},
          {
            label: 'Active members',
            stroke: accent,
            width: 2,
            fill: `color-mix(in srgb, ${accent} 14%, transparent)`,
            points: { show: days.length <= 31, size: 5, fill: accent },
          },
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
  }, [days]);
  return <div ref={host} className="activity-chart" aria-hidden="true" />;
};

export default ActivityChart;
