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
  AA: 53.8,
  AE: 90.2,
  AH: 76.1,
  AO: 58,
  AW: 42.7,
  AY: 58.5,
  B: 82,
  CH: 89,
  D: 83.3,
  DH: 64.8,
  EH: 71.7,
  ER: 50,
  EY: 81.8,
  F: 79.1,
  G: 80.3,
  HH: 65.8,
  IH: 76.8,
  IY: 58.8,
  JH: 116,
  K: 79.2,
  L: 107.3,
  M: 92.4,
  N: 64.5,
  NG: 68.8,
  OW: 59.3,
  P: 79.1,
  R: 87.4,
  S: 55.2,
  SH: 64.5,
  T: 75.3,
  TH: 63.6,
  UH: 52.1,
  UW: 58.4,
  V: 61.4,
  W: 64.1,
  Y: 54.8,
  Z: 79.8,
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
