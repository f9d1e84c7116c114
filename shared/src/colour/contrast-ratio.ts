import { parseHexColour, rgbToHex } from './rgb.ts';

/** WCAG 2.x success criterion 1.4.3 (AA): the least contrast ratio that keeps normal-size text readable. */
export const MIN_TEXT_CONTRAST = 4.5;

/** One sRGB channel (0-255) made linear, as WCAG 2.x defines it (0.04045: sRGB's own threshold, same 8-bit results as 0.03928). */
export const linearChannel = (channel: number): number => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** WCAG 2.x relative luminance (0 black to 1 white) of a `#RGB` or `#RRGGBB` colour; null for anything else. */
export const relativeLuminance = (colour: string): number | null => {
  const rgb = parseHexColour(colour);
  if (!rgb) return null;
  const [r, g, b] = rgb.map(linearChannel);
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
};

/**
 * WCAG 2.x contrast ratio of two colours, from 1 (the same) to 21 (black on white), whichever is lighter; null when
 * either is not a `#RGB` / `#RRGGBB` colour. Compare it with MIN_TEXT_CONTRAST unrounded: 4.49 is under 4.5.
 */
export const contrastRatio = (foreground: string, background: string): number | null => {
  const a = relativeLuminance(foreground);
  const b = relativeLuminance(background);
  if (a === null || b === null) return null;
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
};

/**
 * The colour itself when it reads as text on the background (MIN_TEXT_CONTRAST), else the same hue mixed towards black
 * a step at a time until it does: a tenant's yellow button colour becomes an olive its links can be read in. Null when
 * either is not a hex colour.
 */
export const readableOn = (colour: string, background: string, min = MIN_TEXT_CONTRAST): string | null => {
  const rgb = parseHexColour(colour);
  if (!rgb || relativeLuminance(background) === null) return null;
  for (let share = 0; share <= 1; share += 0.05) {
    const mixed = rgbToHex(rgb.map((channel) => channel * (1 - share)) as typeof rgb);
    if ((contrastRatio(mixed, background) ?? 0) >= min) return share === 0 ? colour : mixed;
  }
  return '#000000';
};
