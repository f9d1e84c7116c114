import { describe, expect, it } from 'vitest';
import {
  FILLER_WORDS,
  isFillerWord,
  MIN_PAUSE_SECONDS,
  MISPRONOUNCED_BELOW,
  PACE_BAND,
  PRONUNCIATION_SCORE_WEIGHTS,
  paceVerdict,
} from './speech.ts';

describe('speech constants', () => {
  it('keeps the published bands and thresholds', () => {
    expect(PACE_BAND).toEqual({ min: 100, max: 165 });
    expect(MISPRONOUNCED_BELOW).toBe(60);
    expect(MIN_PAUSE_SECONDS).toBe(1);
  });

  it('weighs the pronunciation score parts to a whole', () => {
    const { accuracy, fluency, completeness } = PRONUNCIATION_SCORE_WEIGHTS;
    expect(accuracy + fluency + completeness).toBeCloseTo(1);
  });

  it('judges a pace against the 100-165 band, both ends good', () => {
    expect(paceVerdict(30)).toBe('too-slow');
    expect(paceVerdict(99.9)).toBe('too-slow');
    expect(paceVerdict(100)).toBe('good');
    expect(paceVerdict(140)).toBe('good');
    expect(paceVerdict(165)).toBe('good');
    expect(paceVerdict(166)).toBe('too-fast');
  });

  it('counts only clear hesitation sounds as fillers', () => {
    expect(isFillerWord('um')).toBe(true);
    expect(isFillerWord('uh')).toBe(true);
    expect(isFillerWord('erm')).toBe(true);
    for (const word of ['like', 'so', 'well', 'you', 'know', 'the']) expect(isFillerWord(word)).toBe(false);
    expect(FILLER_WORDS.every((word) => word === word.toLowerCase())).toBe(true);
  });
});
