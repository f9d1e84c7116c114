// Second-order Butterworth filters (RBJ's audio EQ cookbook biquads, Q = 1/√2) for the speech engine's own
// signal steps: the noise measure's high-pass (rumble and DC out) and the pitch tracker's low-pass (before it
// resamples). One place for the coefficients and the difference equation.

/**
 * Filters `samples` in place with a low- or high-pass at `cutoff` Hz and answers them.
 */
export const biquad = (
  samples: Float32Array,
  { kind, cutoff, sampleRate }: { kind: 'low' | 'high'; cutoff: number; sampleRate: number },
) => {
  const w = (2 * Math.PI * cutoff) / sampleRate;
  const alpha = Math.sin(w) / Math.SQRT2;
  const cos = Math.cos(w);
  const a0 = 1 + alpha;
  // b0 = b2 for both kinds; b1 is ±2·b0.
  const b0 = (kind === 'low' ? 1 - cos : 1 + cos) / 2 / a0;
  const b1 = (kind === 'low' ? 1 - cos : -(1 + cos)) / a0;
  const a1 = (-2 * cos) / a0;
  const a2 = (1 - alpha) / a0;
  let x1 = 0;
  let x2 = 0;
  let y1 = 0;
  let y2 = 0;
  for (let i = 0; i < samples.length; i++) {
    const x0 = samples[i] ?? 0;
    const y0 = b0 * x0 + b1 * x1 + b0 * x2 - a1 * y1 - a2 * y2;
    x2 = x1;
    x1 = x0;
    y2 = y1;
    y1 = y0;
    samples[i] = y0;
  }
  return samples;
};
