import type { Phone } from '@coach/shared/constants/speech-sounds';
import type { DecodedSegment } from './pocketsphinx.ts';

// Goodness of pronunciation. PocketSphinx scores each frame against the best-fitting senone of its
// model there, so a sound's acoustic score per frame (≤ 0) says how far the audio is from the sound expected: a
// clear sound stays near 0, another sound said in its place falls far below. The distance where a sound scores
// 50 differs by sound (the model fits /θ/ worse than /s/ on any voice), so it is calibrated per sound on rightly
// read sentences (the `tune` half of bench:pronunciation, clean and at 20 dB SNR, five voices; printed by
// scripts/bench/pronunciation-tune.ts): a sound as far as the 95th percentile of its correct readings scores 70.

/** Per-frame distance (−acoustic ÷ frames) at which a sound scores 50, by sound; DEFAULT_MIDPOINT otherwise. */
export const SCORE_MIDPOINTS: Partial<Record<Phone, number>> = {
  AA: 54.8,
  AE: 100.6,
  AH: 77.8,
  AO: 64,
  AW: 42,
  AY: 61.8,
  B: 86.1,
  CH: 106.8,
  D: 90,
  DH: 51.3,
  EH: 73.8,
  ER: 79,
  EY: 92.6,
  F: 55.4,
  G: 80.3,
  HH: 65.8,
  IH: 67.1,
  IY: 61.5,
  JH: 114.9,
  K: 89.8,
  L: 116.1,
  M: 95.8,
  N: 70.7,
  NG: 53.8,
  OW: 62.8,
  P: 76.9,
  R: 88.8,
  S: 62.3,
  SH: 74.3,
  T: 80.4,
  TH: 48.6,
  UH: 53.6,
  UW: 58.4,
  V: 54.8,
  W: 64.4,
  Y: 41.6,
  Z: 94.8,
};

const DEFAULT_MIDPOINT = 70;
/** How fast the score falls around the midpoint (distance units per e-fold). */
const SCORE_SPREAD = 8;

/** A sound's distance from the best-fitting sound, per frame, in the aligner's units (≥ 0). */
export const frameDistance = (segment: DecodedSegment) =>
  Math.max(0, -segment.acoustic) / Math.max(1, segment.endFrame - segment.startFrame + 1);

/** A sound's goodness of pronunciation, 0-100 (100: as close as the model can tell to the sound expected). */
export const phoneScore = (phone: Phone, segment: DecodedSegment) => {
  const midpoint = SCORE_MIDPOINTS[phone] ?? DEFAULT_MIDPOINT;
  return Math.round(100 / (1 + Math.exp((frameDistance(segment) - midpoint) / SCORE_SPREAD)));
};
