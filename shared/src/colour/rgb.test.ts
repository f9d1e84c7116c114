import { describe, expect, it } from 'vitest';
import { parseColour, parseHexColour, rgbToHex } from './rgb.ts';

describe('reading and writing sRGB colours', () => {
  it('reads #RGB and #RRGGBB in either case, with spaces around', () => {
    expect(parseHexColour('#7C3AED')).toEqual([124, 58, 237]);
    expect(parseHexColour(' #fa0 ')).toEqual([255, 170, 0]);
    expect(parseColour('#7c3aed')).toEqual([124, 58, 237]);
  });

  it('reads the rgb() and rgba() a computed style gives, the alpha left out', () => {
    expect(parseColour('rgb(37, 99, 235)')).toEqual([37, 99, 235]);
    expect(parseColour('RGBA(37 99 235 / 0.5)')).toEqual([37, 99, 235]);
    // Only the hex reader behind the WCAG ratio turns rgb() down.
    expect(parseHexColour('rgb(37, 99, 235)')).toBeNull();
  });

  it('answers null for a name, a variable or a short hex', () => {
    expect(parseColour('purple')).toBeNull();
    expect(parseColour('var(--color-primary)')).toBeNull();
    expect(parseColour('#12345')).toBeNull();
  });

  it('writes #rrggbb, rounding each channel and keeping it within 0-255', () => {
    expect(rgbToHex([124, 58, 237])).toBe('#7c3aed');
    expect(rgbToHex([114.08, 53.36, 218.04])).toBe('#7235da');
    expect(rgbToHex([-4, 300, 0.4])).toBe('#00ff00');
  });
});
