import { linearChannel } from './contrast-ratio.ts';
import { parseColour, type Rgb } from './rgb.ts';

type Lab = [number, number, number];

/** CIE L*a*b* of an sRGB colour (D65 white), by way of linear sRGB and CIE XYZ. */
export const rgbToLab = (rgb: Rgb): Lab => {
  const [r, g, b] = rgb.map(linearChannel) as Rgb;
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
};

/**
 * How different two colours look: CIE76 ΔE, the distance between them in L*a*b* (about 2.3 is a just noticeable
 * difference, 100 black from white). Colours `parseColour` cannot read count as identical (0).
 */
export const colourDistance = (a: string, b: string): number => {
  const ra = parseColour(a);
  const rb = parseColour(b);
  if (!ra || !rb) return 0;
  const [l1, a1, b1] = rgbToLab(ra);
  const [l2, a2, b2] = rgbToLab(rb);
  return Math.hypot(l1 - l2, a1 - a2, b1 - b2);
};
