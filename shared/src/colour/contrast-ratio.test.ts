import { describe, expect, it } from 'vitest';
import { contrastRatio, MIN_TEXT_CONTRAST, readableOn, relativeLuminance } from './contrast-ratio.ts';

describe('contrast ratio (WCAG 2.x relative luminance)', () => {
  it('runs from 1 for one colour to 21 for black on white, in either order', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBe(21);
    expect(contrastRatio('#FFFFFF', '#000000')).toBe(21);
    expect(contrastRatio('#7C3AED', '#7c3aed')).toBe(1);
    expect(relativeLuminance('#FFFFFF')).toBe(1);
    expect(relativeLuminance('#000000')).toBe(0);
  });

  it('gives the published ratios of known pairs', () => {
    // Values as WebAIM's contrast checker shows them.
    expect(contrastRatio('#777777', '#FFFFFF')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#767676', '#FFFFFF')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#FFFFFF', '#2563EB')).toBeCloseTo(5.17, 2);
    expect(contrastRatio('#F00', '#FFFFFF')).toBeCloseTo(4.0, 2);
  });

  it('finds the unreadable menu QA saved (light text on yellow) far under the 4.5:1 text minimum', () => {
    const ratio = contrastRatio('#F0FDFA', '#FFFF00') ?? 0;
    expect(ratio).toBeGreaterThan(1);
    expect(ratio).toBeLessThan(1.1);
    expect(MIN_TEXT_CONTRAST).toBe(4.5);
    // #777 on white is 4.48: just under, and not rounded up to pass.
    expect((contrastRatio('#777777', '#FFFFFF') ?? 0) >= MIN_TEXT_CONTRAST).toBe(false);
  });

  it('answers null for what is not a hex colour', () => {
    expect(contrastRatio('purple', '#FFFFFF')).toBeNull();
    expect(contrastRatio('#FFFFFF', '#12345')).toBeNull();
    expect(relativeLuminance('')).toBeNull();
  });

  it('keeps a colour that reads on the background and darkens one that does not, keeping its hue', () => {
    expect(readableOn('#2563eb', '#f1f5f9')).toBe('#2563eb');
    const olive = readableOn('#f5e663', '#f1f5f9') ?? '';
    expect(contrastRatio(olive, '#f1f5f9')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    // Only a little darker than it needs to be (steps of 5 %), and still yellow: red and green above blue.
    expect(contrastRatio(olive, '#f1f5f9')).toBeLessThan(5.5);
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(olive.slice(i, i + 2), 16));
    expect(Math.min(r ?? 0, g ?? 0)).toBeGreaterThan((b ?? 0) * 1.5);
    expect(readableOn('#ffffff', '#ffffff')).toMatch(/^#[0-9a-f]{6}$/);
    expect(readableOn('teal', '#ffffff')).toBeNull();
  });
});
