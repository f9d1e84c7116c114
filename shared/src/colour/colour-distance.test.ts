import { describe, expect, it } from 'vitest';
import { colourDistance, rgbToLab } from './colour-distance.ts';

describe('colour distance (CIE76 ΔE in L*a*b*)', () => {
  it('puts white at L* 100 and black at 0, both without hue', () => {
    const [l, a, b] = rgbToLab([255, 255, 255]);
    expect(l).toBeCloseTo(100, 1);
    expect(a).toBeCloseTo(0, 1);
    expect(b).toBeCloseTo(0, 1);
    expect(rgbToLab([0, 0, 0])).toEqual([0, 0, 0]);
  });

  it('gives the published L*a*b* of sRGB red', () => {
    // sRGB #FF0000 under D65: L* 53.24, a* 80.09, b* 67.20.
    const [l, a, b] = rgbToLab([255, 0, 0]);
    expect(l).toBeCloseTo(53.24, 1);
    expect(a).toBeCloseTo(80.09, 0);
    expect(b).toBeCloseTo(67.2, 0);
  });

  it('is 0 for one colour however written, about 100 from black to white, the same either way round', () => {
    expect(colourDistance('#7c3aed', 'rgb(124, 58, 237)')).toBe(0);
    expect(colourDistance('#000', '#fff')).toBeCloseTo(100, 1);
    expect(colourDistance('#2563eb', '#7c3aed')).toBeCloseTo(colourDistance('#7c3aed', '#2563eb'), 10);
    // Two violets a chart could not tell apart, against a blue and a violet it can.
    expect(colourDistance('#7c3aed', '#6d28d9')).toBeLessThan(15);
    expect(colourDistance('#2563eb', '#ea580c')).toBeGreaterThan(40);
  });

  it('counts a colour it cannot read as the same as any other', () => {
    expect(colourDistance('var(--nothing)', '#2563eb')).toBe(0);
    expect(colourDistance('#2563eb', 'teal')).toBe(0);
  });
});
