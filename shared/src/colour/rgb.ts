/** A colour's red, green and blue channels, 0-255 each. */
export type Rgb = [number, number, number];

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const RGB_FUNCTION = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/i;

/** The channels of a `#RGB` or `#RRGGBB` colour; null for anything else. */
export const parseHexColour = (colour: string): Rgb | null => {
  const hex = HEX.exec(colour.trim())?.[1];
  if (!hex) return null;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as Rgb;
};

/**
 * The channels of a `#RGB`, `#RRGGBB`, `rgb(r, g, b)` or `rgba(r g b / a)` colour (the alpha is ignored), as a
 * computed style gives it; null for anything else (a name, `var(...)`).
 */
export const parseColour = (colour: string): Rgb | null => {
  const hex = parseHexColour(colour);
  if (hex) return hex;
  const rgb = RGB_FUNCTION.exec(colour.trim());
  return rgb ? [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])] : null;
};

/** `#rrggbb` of the channels, each rounded and held within 0-255. */
export const rgbToHex = (rgb: Rgb): string =>
  `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
