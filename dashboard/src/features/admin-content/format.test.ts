import { describe, expect, it } from 'vitest';
import { formatDuration } from './format.ts';

describe('formatDuration', () => {
  it('shows minutes and seconds, and hours when there are any', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(6)).toBe('0:06');
    expect(formatDuration(75)).toBe('1:15');
    expect(formatDuration(3600)).toBe('1:00:00');
    expect(formatDuration(3725.4)).toBe('1:02:05');
    expect(formatDuration(-3)).toBe('0:00');
  });
});
