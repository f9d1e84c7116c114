import { describe, expect, it } from 'vitest';
import { EXPIRY_CHOICES, EXPIRY_SECONDS, TIME_CHOICES_MINUTES } from './durations.ts';

describe('durations (spec §9)', () => {
  it('offers the eleven expiry choices in seconds, from 1 Hour to 60 Days', () => {
    expect(EXPIRY_SECONDS).toEqual([
      3600, 7200, 14400, 28800, 43200, 86400, 172800, 604800, 1296000, 2592000, 5184000,
    ]);
    const label = (seconds: number) => EXPIRY_CHOICES.find((choice) => choice.seconds === seconds)?.label;
    expect(label(3600)).toBe('1 Hour');
    expect(label(86400)).toBe('1 Day');
    expect(label(604800)).toBe('7 Days');
    expect(label(1296000)).toBe('15 Days');
    expect(label(2592000)).toBe('30 Days');
    expect(label(5184000)).toBe('60 Days');
  });

  it('offers 5, 10, 15 and 30 minutes', () => {
    expect(TIME_CHOICES_MINUTES).toEqual([5, 10, 15, 30]);
  });
});
