import { describe, expect, it } from 'vitest';
import {
  type SpeechAnalysis,
  speechAnalysisPasses,
  speechAnalysisSchema,
  unmeasuredSpeechAnalysis,
} from './speech.ts';

const done: SpeechAnalysis = {
  status: 'done',
  transcript: 'The cat, um, sat.',
  durationSeconds: 4,
  wordsPerMinute: 120,
  pauses: [{ start: 1.2, end: 2.4 }],
  longestPauseSeconds: 1.2,
  fillers: { count: 1, per100Words: 25, words: ['um'] },
  words: [
    { word: 'The', start: 0.5, end: 0.7, status: 'correct' },
    { word: 'cat,', start: 0.7, end: 1.2, status: 'mispronounced', heard: 'cap' },
    { word: 'sat.', start: 2.9, end: 3.3, status: 'correct' },
    { word: 'down', start: null, end: null, status: 'omitted' },
  ],
  scores: { accuracy: 60, completeness: 75, fluency: 80, pronunciation: 69 },
};

const noSpeech: SpeechAnalysis = {
  status: 'no-speech',
  transcript: '',
  durationSeconds: 5,
  wordsPerMinute: 0,
  pauses: [],
  longestPauseSeconds: 0,
  fillers: { count: 0, per100Words: 0, words: [] },
  words: null,
  scores: { accuracy: 0, completeness: 0, fluency: 0, pronunciation: 0 },
};

describe('speech analysis schema', () => {
  it('takes a scored analysis with word statuses, and one of free speech without them', () => {
    expect(speechAnalysisSchema.parse(done)).toEqual(done);
    expect(speechAnalysisSchema.parse({ ...done, words: null }).words).toBeNull();
  });

  it('takes pending and failed with every figure null, and refuses a pending one with a score', () => {
    expect(speechAnalysisSchema.parse(unmeasuredSpeechAnalysis('pending')).status).toBe('pending');
    expect(speechAnalysisSchema.parse(unmeasuredSpeechAnalysis('failed')).status).toBe('failed');
    expect(speechAnalysisSchema.safeParse({ ...done, status: 'pending' }).success).toBe(false);
    expect(
      speechAnalysisSchema.safeParse({ ...unmeasuredSpeechAnalysis('pending'), status: 'done' }).success,
    ).toBe(false);
  });

  it('refuses a no-speech analysis with any score above 0', () => {
    expect(speechAnalysisSchema.parse(noSpeech)).toEqual(noSpeech);
    const scored = { ...noSpeech, scores: { ...noSpeech.scores, pronunciation: 80 } };
    expect(speechAnalysisSchema.safeParse(scored).success).toBe(false);
  });

  it('refuses scores outside 0-100 and unknown statuses', () => {
    expect(
      speechAnalysisSchema.safeParse({ ...done, scores: { ...done.scores, fluency: 101 } }).success,
    ).toBe(false);
    expect(speechAnalysisSchema.safeParse({ ...done, status: 'silent' }).success).toBe(false);
    const badWord = { ...done, words: [{ word: 'x', start: 0, end: 1, status: 'skipped' }] };
    expect(speechAnalysisSchema.safeParse(badWord).success).toBe(false);
  });
});

describe('passing a recording', () => {
  it('passes when the real score reaches the passing score', () => {
    expect(speechAnalysisPasses(done, 69)).toBe(true);
    expect(speechAnalysisPasses(done, 70)).toBe(false);
  });

  it('never passes silence, nor a recording not scored yet, even at a passing score of 0', () => {
    expect(speechAnalysisPasses(noSpeech, 0)).toBe(false);
    expect(speechAnalysisPasses(unmeasuredSpeechAnalysis('pending'), 0)).toBe(false);
    expect(speechAnalysisPasses(unmeasuredSpeechAnalysis('failed'), 0)).toBe(false);
  });
});
