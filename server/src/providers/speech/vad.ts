import { SAMPLE_RATE } from './decode-audio.ts';
import { loadSession, once, ort } from './models.ts';

/** A stretch of the recording, in seconds. */
export type Span = { start: number; end: number };

/** Silero v5 at 16 kHz takes 512-sample frames (32 ms) preceded by the last 64 samples of the one before. */
const FRAME = 512;
const CONTEXT = 64;
const FRAME_SECONDS = FRAME / SAMPLE_RATE;

/** How frame probabilities become speech segments. */
export type VadOptions = {
  /** Speech starts at this probability... */
  onThreshold: number;
  /** ...and ends when it stays below this one for `minSilenceSeconds`. */
  offThreshold: number;
  minSilenceSeconds: number;
  /** Shorter bursts (a click, a cough) are not speech... */
  minSpeechSeconds: number;
  /**
   * ...unless the model is this sure of them for at least `minWordSeconds`: one short word said alone ("up", "cat",
   * "it") is 0.13-0.22 s above the threshold, and was dropped whole (the recording came back as no speech).
   */
  sureThreshold: number;
  minWordSeconds: number;
  /** Added around each segment so word onsets and endings are not clipped. */
  padSeconds: number;
};

/** Silero's own defaults, except a 0.3 s silence to end a segment: shorter gaps are not pauses (speech.md §3.6). */
export const VAD_DEFAULTS: VadOptions = {
  onThreshold: 0.5,
  offThreshold: 0.35,
  minSilenceSeconds: 0.3,
  minSpeechSeconds: 0.25,
  // 8 short words in three voices, said alone (WAV and WebM), peaked at 0.84-1.00; tones and noise bursts at most 0.59.
  sureThreshold: 0.75,
  minWordSeconds: 0.1,
  padSeconds: 0.03,
};

type Tensor = InstanceType<typeof ort.Tensor>;

const session = once(() => loadSession('vad'));

/**
 * After this long with no sign of speech the model starts afresh. Its state, carried over seconds of silence, dulls
 * it: a short word said alone after 3 s pauses ("it", "up") peaked at 0.17-0.19 where the same word heard from a
 * fresh state peaked at 0.94-1.00, and the word was lost.
 */
const FRESH_AFTER_FRAMES = Math.round(1 / FRAME_SECONDS);
const NO_SPEECH_BELOW = 0.1;

const freshState = (): Tensor => new ort.Tensor('float32', new Float32Array(2 * 128), [2, 1, 128]);

/** The speech probability of every 32 ms frame. */
export const speechProbabilities = async (samples: Float32Array): Promise<Float32Array> => {
  const vad = await session();
  const frames = Math.ceil(samples.length / FRAME);
  const probabilities = new Float32Array(frames);
  let state = freshState();
  let quietFrames = 0;
  const sr = new ort.Tensor('int64', BigInt64Array.from([BigInt(SAMPLE_RATE)]), []);
  const input = new Float32Array(CONTEXT + FRAME);
  for (let f = 0; f < frames; f++) {
    // Context: the 64 samples before this frame (zeros before the first), then the frame, zero-padded at the end.
    input.fill(0);
    const from = f * FRAME;
    const before = samples.subarray(Math.max(0, from - CONTEXT), from);
    input.set(before, CONTEXT - before.length);
    input.set(samples.subarray(from, from + FRAME), CONTEXT);
    const out = await vad.run({
      input: new ort.Tensor('float32', input.slice(), [1, CONTEXT + FRAME]),
      state,
      sr,
    });
    const probability = (out.output as Tensor).data[0] as number;
    probabilities[f] = probability;
    quietFrames = probability < NO_SPEECH_BELOW ? quietFrames + 1 : 0;
    if (quietFrames >= FRESH_AFTER_FRAMES) {
      state = freshState();
      quietFrames = 0;
    } else state = out.stateN as Tensor;
  }
  return probabilities;
};

/** Speech segments from frame probabilities (hysteresis between the two thresholds, as Silero's own utility). */
export const segmentsFrom = (
  probabilities: Float32Array,
  durationSeconds: number,
  options: VadOptions = VAD_DEFAULTS,
): Span[] => {
  const raw: (Span & { peak: number })[] = [];
  let start: number | null = null;
  let silentSince: number | null = null;
  let peak = 0;
  probabilities.forEach((p, f) => {
    const t = f * FRAME_SECONDS;
    if (start === null) {
      if (p >= options.onThreshold) {
        start = t;
        peak = p;
      }
      return;
    }
    peak = Math.max(peak, p);
    if (p >= options.onThreshold) silentSince = null;
    else if (p < options.offThreshold) {
      silentSince ??= t;
      if (t + FRAME_SECONDS - silentSince >= options.minSilenceSeconds) {
        raw.push({ start, end: silentSince, peak });
        start = null;
        silentSince = null;
      }
    }
  });
  if (start !== null) raw.push({ start, end: silentSince ?? durationSeconds, peak });
  const kept = raw.filter(
    (s) =>
      s.end - s.start >= options.minSpeechSeconds ||
      (s.peak >= options.sureThreshold && s.end - s.start >= options.minWordSeconds - 1e-9),
  );
  // Segments are at least minSilenceSeconds apart, so the padding never makes two overlap.
  return kept.map((s) => ({
    start: Math.max(0, s.start - options.padSeconds),
    end: Math.min(durationSeconds, s.end + options.padSeconds),
  }));
};

/** The pauses: the gaps between speech segments. */
export const pausesBetween = (segments: Span[]): Span[] =>
  segments.slice(1).map((s, i) => ({ start: segments[i]?.end ?? s.start, end: s.start }));

/** A piece of the recording given to the recogniser whole, with the speech segments inside it. */
export type Chunk = Span & { segments: Span[] };

/**
 * Groups speech segments into chunks of at most `maxSeconds`, cut only at pauses: Moonshine fed a minute
 * whole invents text (56 % WER), while chunks of 20 s or less split at pauses scored 7.6 % (speech.md §3.2).
 * A single segment longer than that (no pause at all) is cut at its least speech-like frame in the second
 * half of the window.
 */
export const chunksFrom = (segments: Span[], probabilities: Float32Array, maxSeconds = 20): Chunk[] => {
  const pieces: Span[] = [];
  for (const segment of segments) {
    let { start } = segment;
    while (segment.end - start > maxSeconds) {
      const from = Math.ceil((start + maxSeconds / 2) / FRAME_SECONDS);
      const to = Math.floor((start + maxSeconds) / FRAME_SECONDS) - 1;
      let cut = to;
      for (let f = from; f <= to; f++) if ((probabilities[f] ?? 1) < (probabilities[cut] ?? 1)) cut = f;
      const at = Math.min(cut * FRAME_SECONDS + FRAME_SECONDS / 2, start + maxSeconds);
      pieces.push({ start, end: at });
      start = at;
    }
    pieces.push({ start, end: segment.end });
  }
  const chunks: Chunk[] = [];
  for (const piece of pieces) {
    const last = chunks.at(-1);
    if (last && piece.end - last.start <= maxSeconds) {
      last.end = piece.end;
      last.segments.push(piece);
    } else chunks.push({ ...piece, segments: [piece] });
  }
  return chunks;
};
