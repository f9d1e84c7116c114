import type { PronunciationAccent } from '@coach/shared/contract/pronunciation';
import type { SpeechNoiseVerdict } from '@coach/shared/contract/speech';
import { normaliseWord } from '@coach/shared/format/spoken-words';
import OpenAI, { toFile } from 'openai';
import { decodeAudio, SAMPLE_RATE } from './decode-audio.ts';
import { loadMoonshine, type RecognisedWord, recogniseWithAlternatives } from './moonshine.ts';
import { denoise, levelled, measureNoise, needsDenoising } from './noise.ts';
import { assessPhones, type PhoneAssessment, soundsOfHeardWords } from './pronunciation/align.ts';
import { hearFillers } from './pronunciation/fillers.ts';
import { AlignerMissingError, withAligner } from './pronunciation/pocketsphinx.ts';
import { type Rival, rivalsHeard } from './pronunciation/rivals.ts';
import { type Slip, type SlipToAsk, slipsToAsk } from './pronunciation/slips.ts';
import { measureProsodyParts, type ProsodyMeasures, type StressedVowel } from './prosody.ts';
import { type Chunk, chunksFrom, type Span, segmentsFrom, speechProbabilities } from './vad.ts';

export { AudioDecodeError, decodeAudio, FfmpegMissingError, SAMPLE_RATE } from './decode-audio.ts';
export { normaliseWords, wordErrorRate, wordErrors } from './wer.ts';

/**
 * One heard word, with its place in the recording (seconds) and how sure the recogniser was (0-1): for the
 * embedded engine the geometric mean of its tokens' probabilities under Moonshine (a weak signal on its own:
 * speech.md §3.5 found correct and mispronounced readings overlap).
 */
export type TranscriptWord = { word: string; start: number; end: number; confidence: number };

/** What was heard in one recording. */
export type Transcript = {
  /** False for silence, a tone, noise: then `text` is empty and `words` and `segments` are empty lists. */
  speech: boolean;
  durationSeconds: number;
  text: string;
  words: TranscriptWord[];
  /** The stretches of speech; the gaps between them are the pauses. */
  segments: Span[];
  /**
   * The target's sounds as the phone aligner heard them, when the recording has a target text and
   * speech; null when the aligner could not place the reading or is not installed; absent otherwise.
   */
  phones?: PhoneAssessment | null;
  /**
   * The voice's melody as measured (the analysis judges it, `judgeProsody`, knowing which words were said); null
   * when too little was voiced to say anything; absent from other engines.
   */
  prosody?: ProsodyMeasures | null;
  /**
   * The speech's level over the noise between words, in dB, and its verdict; absent when no speech
   * segment was found, and from other engines.
   */
  noise?: { snrDb: number; verdict: SpeechNoiseVerdict };
};

/** What the recording was meant to say (Pronunciation items, Read & Record) and in which accent it is judged. */
export type HearingOptions = { target?: string | null | undefined; accent?: PronunciationAccent | undefined };

/** A recording as the product stores it. */
export type SpeechAudio = { bytes: Uint8Array; contentType: string };

/** Turns recordings into words with times and confidence. */
export type SpeechProvider = {
  kind: 'embedded' | 'openai';
  transcribe: (audio: SpeechAudio, options?: HearingOptions) => Promise<Transcript>;
};

export type { Chunk, Span };

/** A transcript says something only if it holds a letter or a digit (Moonshine may answer "." to a noise). */
const saysSomething = (text: string) => /[\p{L}\p{N}]/u.test(text);

const noSpeech = (durationSeconds: number): Transcript => ({
  speech: false,
  durationSeconds,
  text: '',
  words: [],
  segments: [],
});

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * Moonshine gives no word times, so they are estimated: a chunk's words are spread over the speech segments
 * inside that chunk (pauses skipped), each word taking a share proportional to its length in letters plus one
 * (the gap after it). Good enough for pace and for finding a word in the recording; not a forced alignment.
 */
export const timeWords = (chunk: Chunk, words: RecognisedWord[]): TranscriptWord[] => {
  const weights = words.map((w) => w.word.replace(/[^\p{L}\p{N}]/gu, '').length + 1);
  const total = weights.reduce((a, b) => a + b, 0);
  const speechSeconds = chunk.segments.reduce((sum, s) => sum + (s.end - s.start), 0);
  // Speech time (pauses removed) → time in the recording. A start on a segment's end belongs to the next one.
  const at = (offset: number, isStart: boolean) => {
    let left = offset;
    for (const s of chunk.segments) {
      const length = s.end - s.start;
      if (isStart ? left < length : left <= length) return { time: s.start + left, segment: s };
      left -= length;
    }
    return { time: chunk.end, segment: chunk.segments.at(-1) };
  };
  let done = 0;
  return words.map((w, i) => {
    const from = at((done / total) * speechSeconds, true);
    done += weights[i] ?? 1;
    // A word never straddles a pause: it ends in the segment it starts in.
    const start = from.time;
    const end = Math.min(at((done / total) * speechSeconds, false).time, from.segment?.end ?? chunk.end);
    return {
      word: w.word,
      start: round(start),
      end: round(Math.max(start, end)),
      confidence: Math.exp(w.logProb),
    };
  });
};

/**
 * The embedded engine: the recording is decoded (decode-audio.ts), a quiet recording is raised, Silero VAD finds
 * the speech and its pauses, the noise is measured and steady noise taken out (noise.ts), and Moonshine Tiny hears
 * each chunk of at most 20 s. Nothing leaves the machine. The models load on the first recording, once per
 * process (every provider made here shares them).
 */
export const embeddedSpeech = (options: { maxChunkSeconds?: number } = {}): SpeechProvider => ({
  kind: 'embedded',
  transcribe: async (audio, hearing = {}) => {
    const { chunks, ...transcript } = await transcribeSamples(await decodeAudio(audio), {
      ...options,
      ...hearing,
    });
    return transcript;
  },
});

const CONTEXT_SECONDS = 0.3;

/** The embedded engine on samples already decoded to 16 kHz mono (the bench and tests time the parts). */
export const transcribeSamples = async (
  samples: Float32Array,
  options: { maxChunkSeconds?: number } & HearingOptions = {},
): Promise<Transcript & { chunks: Chunk[] }> => {
  const durationSeconds = samples.length / SAMPLE_RATE;
  if (!samples.length) return { ...noSpeech(0), chunks: [] };
  // Raised for the VAD (a whisper is heard), the noise measured before any denoising, then denoised for the
  // recogniser only. The VAD hears the noisy copy: Silero found the speech down to -5 dB SNR, the SNR needs its
  // pauses, and a second VAD pass on the denoised copy gave 40.6 % WER against 41.9 % at 10 dB, within noise.
  const audible = levelled(samples);
  const probabilities = await speechProbabilities(audible);
  const segments = segmentsFrom(probabilities, durationSeconds);
  const noise = measureNoise(audible, segments);
  const clean = needsDenoising(noise) ? denoise(audible, segments) : audible;
  const measured = noise ? { noise } : {};
  // The aligner hears the target's sounds on the pool's thread while the recogniser hears the words here: on two
  // cores the recording is analysed in about the time of the longer of the two.
  const sounds = options.target ? hearPhones(clean, options.target, options.accent ?? 'en-US') : undefined;
  // Not awaited until the words are in: a failure is seen there, not reported as unhandled meanwhile.
  sounds?.catch(() => undefined);
  const chunks = chunksFrom(segments, probabilities, options.maxChunkSeconds ?? 20);
  const words: TranscriptWord[] = [];
  const rivals = new Map<number, Rival>();
  const slips = new Map<string, Slip>();
  for (const [i, chunk] of chunks.entries()) {
    // Some of the quiet around the speech: cut tight, Moonshine drops fillers and first words (on flite speech
    // at 0 s of context, WER 17 % and most "um"s lost; at 0.3 s, 11.5 % and the "um"s kept). Never past the
    // middle of the pause before the next chunk.
    const previous = chunks[i - 1];
    const next = chunks[i + 1];
    const from = Math.max(0, chunk.start - CONTEXT_SECONDS, previous ? (previous.end + chunk.start) / 2 : 0);
    const to = Math.min(
      durationSeconds,
      chunk.end + CONTEXT_SECONDS,
      next ? (chunk.end + next.start) / 2 : Infinity,
    );
    // The target words it writes as written are weighed against their slips spelt out ("I fink…").
    let asked: SlipToAsk[] = [];
    const { target } = options;
    const {
      words: heard,
      alternatives,
      variantGaps,
    } = await recogniseWithAlternatives(
      clean.subarray(Math.floor(from * SAMPLE_RATE), Math.ceil(to * SAMPLE_RATE)),
      undefined,
      target
        ? (written) => {
            asked = slipsToAsk(target, written, options.accent ?? 'en-US');
            return asked.map(({ variant }) => variant);
          }
        : undefined,
    );
    asked.forEach(({ slip }, at) => {
      const gap = variantGaps[at];
      const key = `${slip.index} ${slip.error}`;
      const known = slips.get(key);
      if (gap !== undefined && (!known || gap < known.gap)) slips.set(key, { ...slip, gap });
    });
    // The target words the recogniser nearly wrote as one of their rivals ("Tree birds…"), nearest kept.
    if (options.target && alternatives.length) {
      const written = heard.map((w) => w.word).join(' ');
      for (const rival of rivalsHeard(options.target, written, alternatives, options.accent ?? 'en-US')) {
        const known = rivals.get(rival.index);
        if (!known || rival.gap < known.gap) rivals.set(rival.index, rival);
      }
    }
    if (saysSomething(heard.map((w) => w.word).join(' '))) words.push(...timeWords(chunk, heard));
  }
  const recognised = words.map((w) => w.word).join(' ');
  if (!saysSomething(recognised)) return { ...noSpeech(round(durationSeconds)), ...measured, chunks };
  // The hesitations Moonshine tidied away, found by the acoustic model.
  const aligned = await sounds;
  const withFillers = await withAligner(() => hearHesitations(samples, words, options));
  const text = withFillers === words ? recognised : withFillers.map((w) => w.word).join(' ');
  return {
    speech: true,
    durationSeconds: round(durationSeconds),
    text,
    words: withFillers,
    segments: segments.map((s) => ({ start: round(s.start), end: round(s.end) })),
    ...hearSoundsAndMelody(
      samples,
      aligned,
      segments,
      words,
      options,
      [...rivals.values()],
      [...slips.values()],
    ),
    ...measured,
    chunks,
  };
};

/**
 * The target's sounds and the voice's melody: the aligner's phones, when there is a target, and the
 * prosody measured on the speech segments, its stress checked on the vowels the aligner timed. The aligner hears
 * the copy the recogniser heard (denoised when the room was noisy): on the bench's tune half it flagged 43.8 %
 * of the sound errors at 20 dB SNR instead of 31.9 %, and 20.8 % instead of 16.0 % at 10 dB, with the same bars;
 * clean recordings are aligned exactly as before (the levelling alone changes nothing, the model normalises the
 * gain). The melody is measured on the recording as it came.
 */
const hearSoundsAndMelody = (
  samples: Float32Array,
  aligned: PhoneAssessment | null | undefined,
  segments: Span[],
  words: TranscriptWord[],
  options: HearingOptions,
  rivals: Rival[],
  slips: Slip[],
) => {
  const accent = options.accent ?? 'en-US';
  const phones =
    aligned && options.target
      ? {
          ...aligned,
          heardSounds: soundsOfHeardWords(
            [...words.map(({ word }) => word), ...rivals.map(({ word }) => word)],
            options.target,
            accent,
          ),
          ...(rivals.length ? { rivals } : {}),
          ...(slips.length ? { slips } : {}),
        }
      : aligned;
  const vowels: StressedVowel[] = (phones?.words ?? []).flatMap((word, wordIndex) =>
    word.phones.flatMap((phone) =>
      phone.stress === null || phone.kind === 'omitted'
        ? []
        : [{ wordIndex, start: phone.start, end: phone.end, stress: phone.stress }],
    ),
  );
  const prosody = measureProsodyParts({
    samples,
    sampleRate: SAMPLE_RATE,
    segments,
    target: options.target ?? null,
    ...(vowels.length ? { vowels } : {}),
  });
  return { ...(phones === undefined ? {} : { phones }), prosody };
};

let alignerMissingSaid = false;

/**
 * The target's sounds. A machine without PocketSphinx still hears words: the analysis then has no
 * phones, and the reason is logged once per process rather than failing every recording.
 */
const hearPhones = async (samples: Float32Array, target: string, accent: PronunciationAccent) => {
  try {
    return await withAligner(() => assessPhones({ samples, target, accent }));
  } catch (error) {
    if (!(error instanceof AlignerMissingError)) throw error;
    if (!alignerMissingSaid) console.warn(error.message);
    alignerMissingSaid = true;
    return null;
  }
};

/**
 * The heard words with the hesitations ("um", "uh") the recogniser left out or wrote as a word put back (see
 * fillers.ts). A target text's words are never taken for one. Without PocketSphinx the words stay as heard.
 */
const hearHesitations = (samples: Float32Array, words: TranscriptWord[], options: HearingOptions) => {
  try {
    return hearFillers({
      samples,
      sampleRate: SAMPLE_RATE,
      words,
      accent: options.accent ?? 'en-US',
      keep: new Set((options.target ?? '').split(/\s+/).flatMap((word) => normaliseWord(word))),
    });
  } catch (error) {
    if (!(error instanceof AlignerMissingError)) throw error;
    if (!alignerMissingSaid) console.warn(error.message);
    alignerMissingSaid = true;
    return words;
  }
};

/** Loads the embedded models now (otherwise the first recording pays for it, about a second). */
export const warmUpEmbeddedSpeech = async () => {
  await loadMoonshine();
  await speechProbabilities(new Float32Array(512));
};

/** Where the OpenAI-compatible service is, and which transcription model to ask for. */
export type OpenAiSpeechSettings = { baseUrl: string; apiKey: string; model: string };

const EXTENSIONS: [string, string][] = [
  ['webm', 'webm'],
  ['ogg', 'ogg'],
  ['mpeg', 'mp3'],
  ['mp3', 'mp3'],
  ['wav', 'wav'],
  ['mp4', 'm4a'],
  ['m4a', 'm4a'],
];

/** Words this close together are one stretch of speech; a longer gap is a pause (as the VAD counts them). */
const PAUSE_SECONDS = 0.3;

/**
 * Any OpenAI-compatible transcription endpoint, asked for word timestamps (verbose_json). Its segments are
 * Whisper's text segments, which include pauses, so the speech segments are rebuilt from the words.
 * Confidence: a word's own probability when the server gives one (faster-whisper servers do), else its
 * segment's mean token probability, else 1 (the service said nothing about doubt).
 */
export const openAiSpeech = (settings: OpenAiSpeechSettings): SpeechProvider => {
  const client = new OpenAI({
    apiKey: settings.apiKey,
    baseURL: settings.baseUrl,
    maxRetries: 1,
    timeout: 120_000,
  });
  return {
    kind: 'openai',
    transcribe: async (audio) => {
      const type = audio.contentType.toLowerCase();
      const extension = EXTENSIONS.find(([part]) => type.includes(part))?.[1] ?? 'webm';
      const result = await client.audio.transcriptions.create({
        model: settings.model,
        file: await toFile(audio.bytes, `recording.${extension}`, { type: audio.contentType }),
        response_format: 'verbose_json',
        timestamp_granularities: ['word'],
      });
      const segments = result.segments ?? [];
      const words: TranscriptWord[] = (result.words ?? []).map((w) => {
        const own = (w as { probability?: unknown }).probability;
        const segment = segments.find((s) => w.start >= s.start && w.start < s.end);
        const confidence =
          typeof own === 'number' ? own : segment ? Math.min(1, Math.exp(segment.avg_logprob)) : 1;
        return { word: w.word.trim(), start: round(w.start), end: round(w.end), confidence };
      });
      const durationSeconds = round(result.duration ?? words.at(-1)?.end ?? 0);
      const text = result.text.trim();
      if (!saysSomething(text) || !words.length) return noSpeech(durationSeconds);
      const spans: Span[] = [];
      for (const w of words) {
        const last = spans.at(-1);
        if (last && w.start - last.end < PAUSE_SECONDS) last.end = Math.max(last.end, w.end);
        else spans.push({ start: w.start, end: w.end });
      }
      return { speech: true, durationSeconds, text, words, segments: spans };
    },
  };
};

/** COACH_API_URL (+ COACH_API_KEY, COACH_TRANSCRIBE_MODEL) selects the OpenAI-compatible service, as coachFor does. */
export const speechFor = (env: Record<string, string | undefined>): SpeechProvider =>
  env.COACH_API_URL
    ? openAiSpeech({
        baseUrl: env.COACH_API_URL,
        // Local OpenAI-compatible servers take no key; the SDK insists on one.
        apiKey: env.COACH_API_KEY || 'no-key',
        model: env.COACH_TRANSCRIBE_MODEL ?? 'whisper-1',
      })
    : embeddedSpeech();
