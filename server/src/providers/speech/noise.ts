import type { SpeechNoise, SpeechNoiseVerdict } from '@coach/shared/contract/speech';
import FFT from 'fft.js';
import { biquad } from './biquad.ts';
import { SAMPLE_RATE } from './decode-audio.ts';
import type { Span } from './vad.ts';

// Hearing in real rooms: a quiet recording raised before the VAD, the speech's level over the noise's
// measured, and steady noise (a fan, hiss, a hum) taken out before the recogniser. Every figure below was measured
// on the 10 sentences of synthesise.ts in both flite voices, under white noise (three noise draws each) and pink;
// noise.test.ts keeps the cases that must not regress.

/**
 * Below this SNR recognition has collapsed even after denoising (WER 57 % at 5 dB, 63 % at 3 dB, 77 % at 0 dB,
 * against 12 % clean): a score would blame the room on the learner.
 */
export const TOO_NOISY_BELOW_DB = 5;
/**
 * Below this SNR the words are heard with about three times the clean errors (WER 34 % at 15 dB, 45 % at 10 dB):
 * scored, with a hint to find a quieter place. A clean reading with no pause at all measured 17.6-33 dB (its
 * quietest syllables stand in for the noise), so this is as high as the verdict can go without false alarms.
 */
export const NOISY_BELOW_DB = 15;
/** The denoiser runs below this SNR; above it there is little to win (WER 16 % at 30 dB, 12 % clean). */
const DENOISE_BELOW_DB = 30;

/** clear, noisy or too-noisy, by the SNR in dB. */
export const noiseVerdict = (snrDb: number): SpeechNoiseVerdict =>
  snrDb < TOO_NOISY_BELOW_DB ? 'too-noisy' : snrDb < NOISY_BELOW_DB ? 'noisy' : 'clear';

/** Level and SNR frames: 32 ms, as the VAD's. */
const FRAME = 512;

/** Mean power of each FRAME of samples (the last frame may be shorter). */
const framePowers = (samples: Float32Array) => {
  const powers = new Float64Array(Math.ceil(samples.length / FRAME));
  for (let f = 0; f < powers.length; f++) {
    const end = Math.min(samples.length, (f + 1) * FRAME);
    let sum = 0;
    for (let i = f * FRAME; i < end; i++) sum += (samples[i] ?? 0) ** 2;
    powers[f] = sum / Math.max(1, end - f * FRAME);
  }
  return powers;
};

const mean = (values: ArrayLike<number>) => {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i] ?? 0;
  return values.length ? sum / values.length : 0;
};

/** The mean of the `share` quietest (or loudest) values, at least one of them. */
const meanOfExtreme = (values: Float64Array, share: number, loudest: boolean) => {
  const sorted = Float64Array.from(values).sort();
  const count = Math.max(1, Math.round(sorted.length * share));
  return mean(loudest ? sorted.subarray(sorted.length - count) : sorted.subarray(0, count));
};

/** Where the speech level is taken from: the loudest tenth of the frames (at least a syllable in any answer). */
const LOUDEST_SHARE = 0.1;
/** A quieter recording is raised until its loudest frames reach this level, dB full scale. */
const TARGET_DBFS = -20;
/** At most this much gain: a whisper 40 dB down is heard, digital silence and dither stay inaudible. */
const MAX_GAIN_DB = 40;

/**
 * The recording raised so a quiet voice is heard like a near one: one gain for the whole recording (so the SNR
 * and the pauses are untouched), bringing its loudest frames up to -20 dBFS, at most 40 dB. Silero and Moonshine
 * missed a flite voice 40 dB down (WER 11.9 % at full level, 19.8 % at -40 dB, 56.9 % at -50 dB; 12.4 % at both
 * once raised). A louder recording is left as it is: lowering flite's voices to -20 dBFS cost 4.6 points of WER
 * at 10 dB SNR, and any filtering, even a 40 Hz high-pass, changed a clean reading's WER by 2-3 points (Moonshine
 * Tiny flips words on tiny changes), so a recording that needs nothing gets nothing.
 */
export const levelled = (samples: Float32Array): Float32Array => {
  const loudest = meanOfExtreme(framePowers(samples), LOUDEST_SHARE, true);
  const gainDb = loudest > 0 ? Math.min(MAX_GAIN_DB, TARGET_DBFS - 10 * Math.log10(loudest)) : 0;
  if (gainDb <= 0) return samples;
  const gain = 10 ** (gainDb / 20);
  return samples.map((x) => Math.max(-1, Math.min(1, x * gain)));
};

/** Rumble and a microphone's DC offset carry no speech but would count as noise in the SNR. */
const HIGHPASS_HZ = 80;

/** A second-order Butterworth high-pass at HIGHPASS_HZ, on a copy. */
const highpassed = (samples: Float32Array) =>
  biquad(Float32Array.from(samples), { kind: 'high', cutoff: HIGHPASS_HZ, sampleRate: SAMPLE_RATE });

/** Less non-speech than this says nothing reliable about the noise (the quietest frames stand in). */
const MIN_NOISE_SECONDS = 0.25;
/** Without pauses, the noise is the quietest tenth of the frames. */
const QUIETEST_SHARE = 0.1;
/** The SNR reported is kept in this range (no noise at all would be infinite). */
const SNR_RANGE = { min: -20, max: 60 };

const isInside = (seconds: number, spans: Span[]) => spans.some((s) => seconds >= s.start && seconds < s.end);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/**
 * The speech's level over the noise's, in dB, on the recording before denoising, above 80 Hz: the mean power of
 * the frames inside the speech segments, less the noise's share of it, over the mean power of the frames outside
 * them, or of the quietest tenth of all frames when the pauses are too short to measure. On white noise mixed at
 * 30 to 0 dB it read within 1 dB of the mixed SNR. Undefined without speech segments: no speech, no ratio.
 */
export const measureNoise = (samples: Float32Array, segments: Span[]): SpeechNoise | undefined => {
  if (!segments.length) return undefined;
  const powers = framePowers(highpassed(samples));
  const speech: number[] = [];
  const pauses: number[] = [];
  // Pause frames near a segment's edge hold the speech's tail: they are neither speech nor pause here.
  const nearSpeech = segments.map((s) => ({ start: s.start - SPEECH_EDGE, end: s.end + SPEECH_EDGE }));
  powers.forEach((power, f) => {
    const centre = (f * FRAME + FRAME / 2) / SAMPLE_RATE;
    if (isInside(centre, segments)) speech.push(power);
    else if (!isInside(centre, nearSpeech)) pauses.push(power);
  });
  if (!speech.length) return undefined;
  // The pauses' median, not their mean: a clean reading's pauses between sentences are silent but for a few
  // frames of breath or a word's tail the VAD left out, and their mean put a clean flite answer recorded from
  // mid-sentence at 12.7 dB ("noisy"; a take starting elsewhere read 34 dB). For steady noise the two agree.
  const noise =
    (pauses.length * FRAME) / SAMPLE_RATE >= MIN_NOISE_SECONDS
      ? median(pauses)
      : meanOfExtreme(powers, QUIETEST_SHARE, false);
  const signal = mean(speech) - noise;
  const ratio = noise > 0 ? 10 * Math.log10(Math.max(signal, 0) / noise) : SNR_RANGE.max;
  const snrDb = Math.round(Math.min(SNR_RANGE.max, Math.max(SNR_RANGE.min, ratio)) * 10) / 10;
  return { snrDb, verdict: noiseVerdict(snrDb) };
};

/** Denoiser frames: 32 ms, half overlapping, square-root Hann windows on both sides (their squares sum to 1). */
const FFT_SIZE = 512;
const HOP = FFT_SIZE / 2;
const BINS = FFT_SIZE / 2 + 1;
const WINDOW = Float64Array.from({ length: FFT_SIZE }, (_, i) => Math.sin((Math.PI * i) / FFT_SIZE));
/**
 * The Wiener filter's settings, each the best of those tried at 10 dB SNR (white noise WER, 40 readings):
 * the decision-directed a-priori SNR's memory (0.9; 0.98 left 53 % WER against 44 %), the noise spectrum
 * over-estimated 2× (3× 48 %), and a gain floor of -30 dB.
 */
const PRIOR_MEMORY = 0.9;
const OVER_SUBTRACTION = 2;
const GAIN_FLOOR = 10 ** (-30 / 20);
/** The noise is learnt this far from speech segments: their edges hold speech tails (WER 27 % → 25 % at 20 dB). */
const SPEECH_EDGE = 0.05;

/**
 * Steady noise taken out of the speech: a Wiener filter per frequency with a decision-directed a-priori SNR
 * (Ephraim and Malah's), the noise's spectrum averaged over the pauses the VAD found. Moonshine's WER under white
 * noise went from 30.5 to 26.6 % at 20 dB, 52.3 to 44.6 % at 10 dB, 71.1 to 56.9 % at 5 dB; under pink noise
 * from 41.9 to 36.0 % at 10 dB. ffmpeg's denoisers did no better than nothing (afftdn 45-52 %, anlmdn 49.5 %,
 * against 49.5 % at 10 dB), nor did a low-pass at 4 kHz. RNNoise (Jitsi's WebAssembly build, @jitsi/rnnoise-wasm,
 * on the recording resampled to its 48 kHz) did worse for the recogniser: 42.4 % WER against this filter's 35.8 %
 * on the bench's rightly read tune half at 10 dB (beam search), worse on 6 of the 7 voices; its artefacts cost
 * Moonshine more than the noise it removes. A recording with less than 0.25 s of pause is left as
 * it is: the quietest frames then hold speech, and filtering them out as noise cost clean speech 10 points of
 * WER. About 2-3 ms per second of audio.
 */
export const denoise = (samples: Float32Array, segments: Span[]): Float32Array => {
  // Padded by a hop on each side, so every sample lies under two windows.
  const padded = new Float64Array(samples.length + 2 * HOP + FFT_SIZE);
  padded.set(samples, HOP);
  const frames = Math.floor((padded.length - FFT_SIZE) / HOP) + 1;
  const fft = new FFT(FFT_SIZE);
  const frame = new Float64Array(FFT_SIZE);
  // Interleaved re, im pairs, the layout fft.js works in: the frame's spectrum, then the filtered frame.
  const bins = new Float64Array(2 * FFT_SIZE);
  const filtered = new Float64Array(2 * FFT_SIZE);
  const spectrum = (at: number) => {
    for (let i = 0; i < FFT_SIZE; i++) frame[i] = (padded[at * HOP + i] ?? 0) * (WINDOW[i] ?? 0);
    fft.realTransform(bins, frame);
    fft.completeSpectrum(bins);
  };
  const power = (k: number) => (bins[2 * k] ?? 0) ** 2 + (bins[2 * k + 1] ?? 0) ** 2;

  const beyondSpeech = segments.map((s) => ({ start: s.start - SPEECH_EDGE, end: s.end + SPEECH_EDGE }));
  const noise = new Float64Array(BINS);
  let noiseFrames = 0;
  for (let f = 0; f < frames; f++) {
    const centre = (f * HOP + FFT_SIZE / 2 - HOP) / SAMPLE_RATE;
    if (isInside(centre, beyondSpeech)) continue;
    spectrum(f);
    for (let k = 0; k < BINS; k++) noise[k] = (noise[k] ?? 0) + power(k);
    noiseFrames++;
  }
  if ((noiseFrames * HOP) / SAMPLE_RATE < MIN_NOISE_SECONDS) return samples;
  for (let k = 0; k < BINS; k++)
    noise[k] = Math.max(((noise[k] ?? 0) / noiseFrames) * OVER_SUBTRACTION, 1e-12);

  const out = new Float64Array(padded.length);
  const gains = new Float64Array(BINS);
  const previousClean = new Float64Array(BINS);
  for (let f = 0; f < frames; f++) {
    spectrum(f);
    for (let k = 0; k < BINS; k++) {
      const heard = power(k);
      const noisePower = noise[k] ?? 1;
      const posterior = heard / noisePower;
      const prior = Math.max(
        PRIOR_MEMORY * ((previousClean[k] ?? 0) / noisePower) +
          (1 - PRIOR_MEMORY) * Math.max(posterior - 1, 0),
        1e-3,
      );
      const gain = Math.min(1, Math.max(GAIN_FLOOR, prior / (1 + prior)));
      gains[k] = gain;
      previousClean[k] = gain * gain * heard;
    }
    for (let k = 0; k < FFT_SIZE; k++) {
      // The upper half mirrors the lower (a real signal's spectrum).
      const gain = gains[k < BINS ? k : FFT_SIZE - k] ?? 1;
      bins[2 * k] = (bins[2 * k] ?? 0) * gain;
      bins[2 * k + 1] = (bins[2 * k + 1] ?? 0) * gain;
    }
    // fft.js scales its inverse by 1/n; the real part is the filtered frame.
    fft.inverseTransform(filtered, bins);
    for (let i = 0; i < FFT_SIZE; i++) {
      const at = f * HOP + i;
      out[at] = (out[at] ?? 0) + (filtered[2 * i] ?? 0) * (WINDOW[i] ?? 0);
    }
  }
  return Float32Array.from(out.subarray(HOP, HOP + samples.length));
};

/** Denoising pays under 30 dB SNR; above it there is too little noise to win anything back. */
export const needsDenoising = (noise: SpeechNoise | undefined) =>
  noise !== undefined && noise.snrDb < DENOISE_BELOW_DB;
