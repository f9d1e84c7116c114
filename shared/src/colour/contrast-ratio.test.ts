import { describe, expect, it } from 'vitest';
import { contrastRatio, MIN_TEXT_CONTRAST, relativeLuminance } from './contrast-ratio.ts';

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
});
