import { describe, expect, it } from 'vitest';
import { fileSize } from './file-size.ts';

describe('fileSize (spec §5: KB, MB, GB)', () => {
  it('shows 0 bytes as 0 KB', () => {
    expect(fileSize(0)).toBe('0 KB');
  });

  it('shows a tiny file as at least 0.01 KB', () => {
    expect(fileSize(1)).toBe('0.01 KB');
  });

  it('shows kilobytes with up to two decimals', () => {
    expect(fileSize(1024)).toBe('1 KB');
    expect(fileSize(1536)).toBe('1.5 KB');
    expect(fileSize(500)).toBe('0.49 KB');
  });

  it('switches to MB and GB at 1024', () => {
    expect(fileSize(1024 ** 2)).toBe('1 MB');
    expect(fileSize(5.25 * 1024 ** 2)).toBe('5.25 MB');
    expect(fileSize(1024 ** 3)).toBe('1 GB');
    expect(fileSize(3 * 1024 ** 4)).toBe('3072 GB');
  });

  it('never shows 1024 KB: a size just under 1 MB reads 1 MB', () => {
    expect(fileSize(1024 ** 2 - 1)).toBe('1 MB');
  });

  it('treats negative and non-finite sizes as 0 KB', () => {
    expect(fileSize(-1)).toBe('0 KB');
    expect(fileSize(Number.NaN)).toBe('0 KB');
  });

  it("writes the amount with the number writer it is given (the reader's language), units as they are", () => {
    const spanish = (amount: number) =>
      new Intl.NumberFormat('es', { maximumFractionDigits: 2 }).format(amount);
    expect(fileSize(2437, spanish)).toBe('2,38 KB');
    expect(fileSize(1, spanish)).toBe('0,01 KB');
    expect(fileSize(0, spanish)).toBe('0 KB');
    expect(fileSize(5.25 * 1024 ** 2, spanish)).toBe('5,25 MB');
    const dari = (amount: number) => new Intl.NumberFormat('fa-AF').format(amount);
    expect(fileSize(1536, dari)).toBe('۱٫۵ KB');
    expect(fileSize(0, dari)).toBe('۰ KB');
  });
});
