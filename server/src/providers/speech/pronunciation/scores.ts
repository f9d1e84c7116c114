import type { Phone } from '@coach/shared/constants/phones';
import type { DecodedSegment } from './pocketsphinx.ts';

// Goodness of pronunciation (issue 37). PocketSphinx scores each frame against the best-fitting senone of its
// model there, so a sound's acoustic score per frame (≤ 0) says how far the audio is from the sound expected: a
// clear sound stays near 0, another sound said in its place falls far below. The distance where a sound scores
// 50 differs by sound (the model fits /θ/ worse than /s/ on any voice), so it is calibrated per sound on rightly
// read sentences (the `tune` half of bench:pronunciation): a sound as far as the 95th percentile of its correct
// readings scores about 70.

/** Per-frame distance (−acoustic ÷ frames) at which a sound scores 50, by sound; DEFAULT_MIDPOINT otherwise. */
export const SCORE_MIDPOINTS: Partial<Record<Phone, number>> = {};

const DEFAULT_MIDPOINT = 40;
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
