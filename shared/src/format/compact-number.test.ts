import { describe, expect, it } from 'vitest';
import { compactNumber } from './compact-number.ts';

describe('compactNumber (spec §5: numbers over 999 with k)', () => {
  it('shows 999 and below as they are', () => {
    expect(compactNumber(0)).toBe('0');
    expect(compactNumber(42)).toBe('42');
    expect(compactNumber(999)).toBe('999');
  });

  it('shows 1000 as 1k and 1200 as 1.2k', () => {
    expect(compactNumber(1000)).toBe('1k');
    expect(compactNumber(1200)).toBe('1.2k');
  });

  it('cuts rather than rounds, so 999999 never reads 1000k', () => {
    expect(compactNumber(1999)).toBe('1.9k');
    expect(compactNumber(999_999)).toBe('999.9k');
  });

  it('uses M and B for millions and billions', () => {
    expect(compactNumber(1_500_000)).toBe('1.5M');
    expect(compactNumber(1_000_000)).toBe('1M');
    expect(compactNumber(2_300_000_000)).toBe('2.3B');
  });

  it('keeps the sign of negative numbers', () => {
    expect(compactNumber(-1200)).toBe('-1.2k');
    expect(compactNumber(-5)).toBe('-5');
  });
});
