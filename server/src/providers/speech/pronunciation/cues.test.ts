import { describe, expect, it } from 'vitest';
import { voicedShare } from './cues.ts';

// The voicing cue on signals whose answer is known: a voice at a speaking pitch, hiss, silence.

const RATE = 16_000;

/** A buzz at `hz` (five harmonics falling off), like the vocal folds' source, `seconds` long. */
const buzz = (hz: number, seconds: number) =>
  Float32Array.from({ length: Math.round(seconds * RATE) }, (_, i) => {
    let value = 0;
    for (let harmonic = 1; harmonic <= 5; harmonic++)
      value += Math.sin((2 * Math.PI * hz * harmonic * i) / RATE) / harmonic;
    return value * 0.2;
  });

/** White noise from a fixed seed (a /s/'s hiss has no period). */
const hiss = (seconds: number) => {
  let state = 12_345;
  return Float32Array.from({ length: Math.round(seconds * RATE) }, () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return (state / 2 ** 31 - 0.5) * 0.2;
  });
};

describe('the voiced share of a stretch', () => {
  it('is all of a voice at a man’s or a woman’s pitch', () => {
    expect(voicedShare(buzz(110, 0.3), RATE, 0.05, 0.25)).toBe(1);
    expect(voicedShare(buzz(220, 0.3), RATE, 0.05, 0.25)).toBe(1);
  });

  it('is none of a hiss or of silence', () => {
    expect(voicedShare(hiss(0.3), RATE, 0.05, 0.25)).toBe(0);
    expect(voicedShare(new Float32Array(RATE * 0.3), RATE, 0.05, 0.25)).toBe(0);
  });

  it('is the voiced part of a stretch that is half voice, half hiss', () => {
    const joined = new Float32Array(RATE * 0.4);
    joined.set(buzz(150, 0.2), 0);
    joined.set(hiss(0.2), RATE * 0.2);
    const share = voicedShare(joined, RATE, 0.1, 0.3);
    expect(share).toBeGreaterThan(0.3);
    expect(share).toBeLessThan(0.7);
  });

  it('measures a stretch shorter than its window on one window, and nothing past the recording', () => {
    expect(voicedShare(buzz(150, 0.3), RATE, 0.1, 0.11)).toBe(1);
    expect(voicedShare(buzz(150, 0.01), RATE, 0, 0.01)).toBe(0);
  });
});
