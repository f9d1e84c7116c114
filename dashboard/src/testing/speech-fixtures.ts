import type { SpeechAnalysis } from '@coach/shared/contract/speech';

/** A recording the engine heard nothing in (silence, a tone, noise): scores all 0, as the server sends it. */
export const noSpeechAnalysis = (durationSeconds = 3): SpeechAnalysis => ({
  status: 'no-speech',
  transcript: '',
  durationSeconds,
  wordsPerMinute: 0,
  pauses: [],
  longestPauseSeconds: 0,
  fillers: { count: 0, per100Words: 0, words: [] },
  words: null,
  scores: { accuracy: 0, completeness: 0, fluency: 0, pronunciation: 0 },
});
