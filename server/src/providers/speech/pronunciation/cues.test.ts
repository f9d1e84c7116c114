import { describe, expect, it } from 'vitest';
import { BURST_DB } from '../../../services/speech/speech-phones.ts';
import { burstRise, voicedShare } from './cues.ts';

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

/** White noise from a fixed seed (a /s/'s hiss has no period), `level` its peak. */
const hiss = (seconds: number, level = 0.1) => {
  let state = 12_345;
  return Float32Array.from({ length: Math.round(seconds * RATE) }, () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return (state / 2 ** 31 - 0.5) * 2 * level;
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

describe('the burst around a stretch', () => {
  /** Pieces one after another, over a quiet room's hiss (a recording is never digital silence). */
  const joined = (...pieces: Float32Array[]) => {
    const out = hiss(pieces.reduce((sum, piece) => sum + piece.length, 0) / RATE, 0.001);
    let at = 0;
    for (const piece of pieces) {
      for (let i = 0; i < piece.length; i++) out[at + i] = (out[at + i] ?? 0) + (piece[i] ?? 0);
      at += piece.length;
    }
    return out;
  };
  const scaled = (samples: Float32Array, gain: (i: number) => number) =>
    samples.map((value, i) => value * gain(i));
  const mixed = (a: Float32Array, b: Float32Array) => a.map((value, i) => value + (b[i] ?? 0));
  const vowel = () => buzz(120, 0.1);

  it('is sharp where a closure is released (a /b/: quiet, then noise at once)', () => {
    const closure = scaled(buzz(120, 0.06), () => 0.1);
    const release = mixed(hiss(0.01, 0.2), buzz(120, 0.01));
    const stop = joined(vowel(), closure, release, vowel());
    expect(burstRise(stop, RATE, 0.1, 0.17)).toBeGreaterThanOrEqual(BURST_DB);
  });

  it('is gentle where a fricative’s noise swells (a /v/: voice with noise growing over 70 ms)', () => {
    const length = Math.round(0.07 * RATE);
    const swell = mixed(
      scaled(hiss(0.07, 0.1), (i) => i / length),
      buzz(120, 0.07),
    );
    const fricative = joined(vowel(), swell, vowel());
    expect(burstRise(fricative, RATE, 0.1, 0.17)).toBeLessThan(BURST_DB);
  });

  it('does not count a voice starting out of a pause, and is 0 for a stretch too short to measure', () => {
    const onset = joined(new Float32Array(RATE * 0.1), mixed(buzz(120, 0.1), hiss(0.1, 0.1)));
    expect(burstRise(onset, RATE, 0.09, 0.15)).toBeLessThan(BURST_DB);
    expect(burstRise(buzz(120, 0.01), RATE, 0, 0.01)).toBe(0);
  });
});
