/**
 * Colours for a chart's lines: the first takes the tenant's theme colour, the others come from a
 * fixed palette, skipping any too close to a colour already taken, so two lines never look alike whatever the
 * theme; and every line is dark enough to read on the white chart (3:1, WCAG 1.4.11 for graphics).
 */

import { contrastRatio } from '@coach/shared/colour/contrast-ratio';

type Rgb = [number, number, number];

/** Distinct hues, each readable on white; the fallback when the theme colour is unusable. */
export const CHART_PALETTE = ['#2563eb', '#7c3aed', '#ea580c', '#0891b2', '#16a34a', '#db2777', '#854d0e'];

/** The least contrast a line keeps against the white chart. */
export const MIN_LINE_CONTRAST = 3;
/** How far apart (CIE76 ΔE in Lab) two lines' colours stay: about the step between neighbours of the palette. */
export const MIN_COLOUR_DISTANCE = 40;

const parseColour = (value: string): Rgb | null => {
  const text = value.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(text)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as Rgb;
  }
  const rgb = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/.exec(text);
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  return null;
};

const toHex = (rgb: Rgb) =>
  `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

const linear = (channel: number) => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** Contrast ratio of a colour against white (WCAG 2.x, as the theme settings measure it). */
export const contrastOnWhite = (colour: string) => {
  const rgb = parseColour(colour);
  return rgb ? (contrastRatio(toHex(rgb), '#ffffff') ?? 1) : 1;
};

const toLab = (rgb: Rgb): Rgb => {
  const [r, g, b] = rgb.map(linear) as Rgb;
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
};

/** How different two colours look (CIE76 ΔE); unreadable values count as identical. */
export const colourDistance = (a: string, b: string) => {
  const ra = parseColour(a);
  const rb = parseColour(b);
  if (!ra || !rb) return 0;
  const [l1, a1, b1] = toLab(ra);
  const [l2, a2, b2] = toLab(rb);
  return Math.hypot(l1 - l2, a1 - a2, b1 - b2);
};

/** The colour darkened step by step until it reads on white; null when it cannot be read at all. */
export const readableOnWhite = (colour: string): string | null => {
  let rgb = parseColour(colour);
  if (!rgb) return null;
  for (let step = 0; step < 40 && contrastOnWhite(toHex(rgb)) < MIN_LINE_CONTRAST; step += 1)
    rgb = rgb.map((c) => c * 0.92) as Rgb;
  return toHex(rgb);
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
