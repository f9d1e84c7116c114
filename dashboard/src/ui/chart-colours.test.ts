import { describe, expect, it } from 'vitest';
import {
  CHART_PALETTE,
  chartSeriesColours,
  colourDistance,
  contrastOnWhite,
  MIN_COLOUR_DISTANCE,
  MIN_LINE_CONTRAST,
} from './chart-colours.ts';

const pairs = (colours: string[]) =>
  colours.flatMap((a, i) => colours.slice(i + 1).map((b) => [a, b] as const));

describe('chart line colours', () => {
  it('a violet theme no longer draws two violet lines: the palette colour it matches is skipped', () => {
    const colours = chartSeriesColours('#7C3AED', 3);
    expect(colours[0]).toBe('#7c3aed');
    expect(colours).toHaveLength(3);
    expect(new Set(colours).size).toBe(3);
    for (const [a, b] of pairs(colours))
      expect(colourDistance(a, b)).toBeGreaterThanOrEqual(MIN_COLOUR_DISTANCE);
  });

  it('whatever the theme, every line reads on white and stays apart from the others', () => {
    const themes = [
      '#2563eb',
      '#0d9488',
      '#6d28d9',
      '#ea580c',
      '#16a34a',
      '#db2777',
      '#fde68a',
      '#ffffff',
      '#000000',
    ];
    for (const theme of themes) {
      const colours = chartSeriesColours(theme, 4);
      for (const colour of colours)
        expect(contrastOnWhite(colour), `${theme}: ${colour}`).toBeGreaterThanOrEqual(MIN_LINE_CONTRAST);
      for (const [a, b] of pairs(colours))
        expect(colourDistance(a, b), `${theme}: ${a} and ${b}`).toBeGreaterThanOrEqual(MIN_COLOUR_DISTANCE);
    }
  });

  it('a theme colour too light to read is darkened, keeping its hue; one that cannot be read falls back to the palette', () => {
    const [yellow] = chartSeriesColours('#fde68a', 1);
    expect(yellow).not.toBe('#fde68a');
    expect(contrastOnWhite(yellow ?? '')).toBeGreaterThanOrEqual(MIN_LINE_CONTRAST);
    expect(chartSeriesColours('var(--nothing)', 2)).toEqual(chartSeriesColours(null, 2));
    expect(chartSeriesColours(null, 1)).toEqual([CHART_PALETTE[0]]);
  });

  it('the fixed palette itself is readable', () => {
    for (const colour of CHART_PALETTE)
      expect(contrastOnWhite(colour)).toBeGreaterThanOrEqual(MIN_LINE_CONTRAST);
  });
});
