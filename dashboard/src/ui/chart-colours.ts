/**
 * Colours for a chart's lines: the first takes the tenant's theme colour, the others come from a
 * fixed palette, skipping any too close to a colour already taken, so two lines never look alike whatever the
 * theme; and every line is dark enough to read on the white chart (3:1, WCAG 1.4.11 for graphics).
 */

import { colourDistance } from '@coach/shared/colour/colour-distance';
import { contrastRatio } from '@coach/shared/colour/contrast-ratio';
import { parseColour, type Rgb, rgbToHex } from '@coach/shared/colour/rgb';

// The colour maths (parsing, ΔE) lives in @coach/shared/colour; the charts' tests still import it from here.
export { colourDistance };

/** Distinct hues, each readable on white; the fallback when the theme colour is unusable. */
export const CHART_PALETTE = ['#2563eb', '#7c3aed', '#ea580c', '#0891b2', '#16a34a', '#db2777', '#854d0e'];

/** The least contrast a line keeps against the white chart. */
export const MIN_LINE_CONTRAST = 3;
/** How far apart (CIE76 ΔE in Lab) two lines' colours stay: about the step between neighbours of the palette. */
export const MIN_COLOUR_DISTANCE = 40;

/** Contrast ratio of a colour against white (WCAG 2.x, as the theme settings measure it). */
export const contrastOnWhite = (colour: string) => {
  const rgb = parseColour(colour);
  return rgb ? (contrastRatio(rgbToHex(rgb), '#ffffff') ?? 1) : 1;
};

/** The colour darkened step by step until it reads on white; null when it cannot be read at all. */
export const readableOnWhite = (colour: string): string | null => {
  let rgb = parseColour(colour);
  if (!rgb) return null;
  for (let step = 0; step < 40 && contrastOnWhite(rgbToHex(rgb)) < MIN_LINE_CONTRAST; step += 1)
    rgb = rgb.map((c) => c * 0.92) as Rgb;
  return rgbToHex(rgb);
};

/**
 * `count` line colours: the theme colour first (darkened if it is too light to read), then palette colours that stay
 * at least MIN_COLOUR_DISTANCE from every colour taken. Should the palette run out, the closest calls are allowed
 * rather than repeating a colour.
 */
export const chartSeriesColours = (themeColour: string | null | undefined, count: number): string[] => {
  const chosen: string[] = [];
  const first = themeColour ? readableOnWhite(themeColour) : null;
  chosen.push(first ?? (CHART_PALETTE[0] as string));
  const rest = CHART_PALETTE.filter((colour) => !chosen.includes(colour));
  while (chosen.length < count) {
    const far = rest.find((colour) => chosen.every((c) => colourDistance(c, colour) >= MIN_COLOUR_DISTANCE));
    const pick =
      far ??
      [...rest].sort(
        (a, b) =>
          Math.min(...chosen.map((c) => colourDistance(c, b))) -
          Math.min(...chosen.map((c) => colourDistance(c, a))),
      )[0];
    if (!pick) break;
    chosen.push(pick);
    rest.splice(rest.indexOf(pick), 1);
  }
  return chosen.slice(0, Math.max(count, 0));
};
