import { biquad } from '../biquad.ts';

// Acoustic cues the aligner's model cannot give. PocketSphinx's en-us model fits a voiceless /s/ as
// well as a /z/ in every word (bench:pronunciation: z→s flagged 0 of 12 times on the tune half, the model's
// goodness of /z/ 99-100 for a clear /s/): its /z/ was trained on speech in which /z/ is often devoiced. Whether
// the vocal folds vibrate is measured directly instead, on the stretch the aligner timed.
// Not the prosody's pitch tracker (prosody.ts): it answers another question, a confident F0 on a 600 Hz copy, and
// a /z/'s weak voice bar under its hiss often gets none. Measured on the bench's tune half, its voiced share
// did not separate the two (rightly said /z/s inside words down to 0, /z/s said as /s/ up to 0.4); this one does
// (0.33 and more against 0.22 at most).

/** Analysis window and hop, in seconds: 20 ms windows every 10 ms, the aligner's frame rate. */
const WINDOW_SECONDS = 0.02;
const HOP_SECONDS = 0.01;
/** The pitch range searched, in Hz (the prosody tracker's range, less its extremes). */
const LOWEST_HZ = 80;
const HIGHEST_HZ = 400;
/** A window whose normalised autocorrelation peaks above this, at a pitch lag, is voiced. */
const VOICED_CORRELATION = 0.6;

/**
 * The share of a stretch's 10 ms frames that are voiced (0-1): a periodic signal at a speaking pitch. A /z/ said
 * as /z/ is voiced through most of its length (the bench's rightly read /z/s inside words: 0.18 or more); the
 * same word with /s/ is not (0.22 at most). A stretch shorter than one window is measured on one window.
 */
export const voicedShare = (samples: Float32Array, sampleRate: number, start: number, end: number) => {
  const window = Math.round(WINDOW_SECONDS * sampleRate);
  const hop = Math.round(HOP_SECONDS * sampleRate);
  const shortestLag = Math.floor(sampleRate / HIGHEST_HZ);
  const longestLag = Math.ceil(sampleRate / LOWEST_HZ);
  const from = Math.max(0, Math.floor(start * sampleRate));
  const to = Math.min(samples.length, Math.ceil(end * sampleRate));
  // Windows that lie inside the sound: one reaching into the next sound would hear its voicing. A sound shorter
  // than a window is measured on one window around its middle.
  const starts: number[] = [];
  for (let at = from; at + window <= to; at += hop) starts.push(at);
  const middle = Math.round((from + to - window) / 2);
  if (!starts.length && middle >= 0 && middle + window <= samples.length) starts.push(middle);
  let voiced = 0;
  for (const at of starts) {
    let best = 0;
    for (let lag = shortestLag; lag <= Math.min(longestLag, window - 1); lag++) {
      let product = 0;
      let head = 0;
      let tail = 0;
      for (let i = at; i + lag < at + window; i++) {
        const a = samples[i] ?? 0;
        const b = samples[i + lag] ?? 0;
        product += a * b;
        head += a * a;
        tail += b * b;
      }
      const correlation = head > 0 && tail > 0 ? product / Math.sqrt(head * tail) : 0;
      if (correlation > best) best = correlation;
    }
    if (best > VOICED_CORRELATION) voiced++;
  }
  return starts.length ? voiced / starts.length : 0;
};

/** The burst measure's windows and hop, in seconds: 5 ms windows every 2.5 ms (a stop's burst lasts 5-10 ms). */
const BURST_WINDOW_SECONDS = 0.005;
const BURST_HOP_SECONDS = 0.0025;
/** How far around the timed sound the burst is looked for, in seconds: the aligner's edges are 10 ms frames. */
const BURST_MARGIN_SECONDS = 0.02;
/** Where a burst is looked for: above this, in Hz (a voice's low harmonics stay below it, a burst's noise not). */
const BURST_BAND_HZ = 2000;
/**
 * A rise of the whole band by this much in 5 ms is the voice starting out of silence, not a burst: a sound after a
 * pause starts as abruptly as a stop whatever it is (the bench's rightly said /v/s after a pause: 49-59 dB).
 */
const FROM_SILENCE_DB = 40;

const levelsOf = (samples: Float32Array, starts: number[], window: number) =>
  starts.map((at) => {
    let energy = 0;
    for (let i = at; i < at + window; i++) energy += (samples[i] ?? 0) ** 2;
    return 10 * Math.log10(energy / window + 1e-10);
  });

/**
 * The sharpest rise, in dB within 5 ms, of the energy above 2 kHz around a timed sound: a stop's release bursts
 * out of its closure (/b/ in "bery" for "very": 22-39 dB on the bench's tune half), a fricative's noise swells
 * (the tune half's rightly said /v/s: median 11 dB, 95 % under 24; those the aligner heard as /b/ at most 21).
 * A rise of the whole band by FROM_SILENCE_DB or more over 5-10 ms is the voice coming out of silence and is not
 * counted. Measured on `samples` (16 kHz mono, -1 to 1) from `start` to `end` seconds, 20 ms either side.
 */
export const burstRise = (samples: Float32Array, sampleRate: number, start: number, end: number) => {
  const window = Math.round(BURST_WINDOW_SECONDS * sampleRate);
  const hop = Math.round(BURST_HOP_SECONDS * sampleRate);
  const from = Math.max(0, Math.floor((start - BURST_MARGIN_SECONDS) * sampleRate));
  const to = Math.min(samples.length, Math.ceil((end + BURST_MARGIN_SECONDS) * sampleRate));
  if (to - from < window * 3) return 0;
  const stretch = samples.subarray(from, to);
  // The filter starts 10 ms early, so that its own start is not heard as a rise.
  const lead = Math.min(from, Math.round(0.01 * sampleRate));
  const high = biquad(samples.slice(from - lead, to), {
    kind: 'high',
    cutoff: BURST_BAND_HZ,
    sampleRate,
  }).subarray(lead);
  const starts: number[] = [];
  for (let at = 0; at + window <= stretch.length; at += hop) starts.push(at);
  const whole = levelsOf(stretch, starts, window);
  const above = levelsOf(high, starts, window);
  let sharpest = 0;
  // Two hops apart: the windows do not overlap, so the rise is from one 5 ms to the next.
  for (let i = 0; i + 2 < starts.length; i++) {
    // From the quietest of the last 10 ms: a window that straddles the voice's start is already half loud.
    const before = Math.min(...whole.slice(Math.max(0, i - 2), i + 1));
    if ((whole[i + 2] ?? 0) - before >= FROM_SILENCE_DB) continue;
    sharpest = Math.max(sharpest, (above[i + 2] ?? 0) - (above[i] ?? 0));
  }
  return Math.round(sharpest * 10) / 10;
};
