import { isFillerWord } from '@coach/shared/constants/speech';
import type { Phone } from '@coach/shared/constants/speech-sounds';
import type { PronunciationAccent } from '@coach/shared/contract/pronunciation';
import { normaliseWord } from '@coach/shared/format/spoken-words';
import { pronunciationsOf } from './dictionary.ts';
import { type Aligner, aligner, type DecodedSegment, FRAME_RATE } from './pocketsphinx.ts';

// Hesitations the recogniser leaves out. Moonshine writes some "um"s, but it drops others and
// turns most "uh"s into a real word ("and", "that", "at", "who"): a learner who says "um" and "uh" on purpose was
// told "no fillers heard". So the words it heard are aligned again with the acoustic model, which has no
// language model to tidy speech up: between any two words a hesitation sound may stand (uh /ʌ/, um /ʌm/, er /ɝ/,
// mm /m/), and a short word that an "uh" is often written as may be one. A hesitation counts only when it is long
// (a filled pause is held; the aligner squeezes a schwa into joins between words for a few frames) and the audio
// fits it clearly better than the same path without it.

/** The sounds a hesitation is made of, and the word it is written as (FILLER_WORDS' spelling). */
const HESITATIONS: readonly { phones: Phone[] }[] = [
  { phones: ['AH'] },
  { phones: ['AH', 'M'] },
  { phones: ['ER'] },
  { phones: ['M'] },
];

/**
 * Short words the recogniser wrote for an "uh" on flite and espeak-ng voices: here the aligner may hear a
 * hesitation instead. Not "the" or "a": said fast they are a schwa too, and the aligner took one for an "um".
 */
const WRITTEN_FOR_UH: ReadonlySet<string> = new Set([
  'and',
  'at',
  'that',
  'who',
  'ooh',
  'oh',
  'but',
  'up',
  'ah',
]);

/** A hesitation is held at least this long (filled pauses last 200-500 ms; a join's schwa 30-80 ms). */
const MIN_FRAMES = 12;

/**
 * The log-likelihood per frame by which the audio must fit the path with the hesitation better than the path
 * without it (the word it replaces, or nothing). Flite and espeak-ng "um"/"uh"/"er" scored 16-49; the joins of
 * rightly read sentences that reached MIN_FRAMES scored below 0.
 */
const MIN_EVIDENCE = 10;

/** Recordings longer than this are not searched (the decode grows with the words; an answer is 2-3 minutes). */
const MAX_SECONDS = 240;

export type TimedWord = { word: string; start: number; end: number; confidence: number };

const SILENCE = 'sil';
/** Frames of audio either side of a stretch decoded again for its evidence. */
const CONTEXT_FRAMES = 10;
/** Places either side of a hesitation in the stretch decoded again for its evidence. */
const SPAN = 2;
const framesOf = (segments: DecodedSegment[]) =>
  segments.reduce((frames, segment) => frames + segment.endFrame - segment.startFrame + 1, 0);
const grammarOf = (body: string) =>
  `#JSGF V1.0; grammar fillers; public <speech> = [ ${SILENCE} ] ${body} [ ${SILENCE} ];`;

const toInt16 = (samples: Float32Array) =>
  Int16Array.from(samples, (value) => Math.round(Math.max(-1, Math.min(1, value)) * 32_767));

const spokenOf = (segments: DecodedSegment[] | null) =>
  (segments ?? []).filter((segment) => segment.word !== SILENCE && segment.word !== '(NULL)');
const acousticOf = (segments: DecodedSegment[] | null) =>
  (segments ?? []).reduce((sum, segment) => sum + segment.acoustic, 0);

/** The filler word a run of hesitation sounds is written as. */
const fillerWord = (phones: Phone[]) => {
  if (phones.includes('ER')) return 'er';
  if (phones.includes('AH')) return phones.includes('M') ? 'um' : 'uh';
  return 'mm';
};

/** A stretch of the decode: a heard word, or hesitation sounds (added, standing for a word, or written already). */
type Place =
  | { kind: 'word'; word: number }
  | { kind: 'hesitation'; replaces: number | null; written: boolean };

/**
 * The heard words with the hesitations the aligner found put in: a word the recogniser wrote for an "uh" becomes
 * that filler, and one it left out is added at its time (confidence 1: the aligner found it clearly). The words
 * come back unchanged when nothing was found, the recording is too long, or a word cannot be said by the
 * dictionary or espeak-ng. `keep` names words never to be taken for a hesitation (a target text's words).
 */
export const hearFillers = ({
  samples,
  sampleRate,
  words,
  accent,
  keep = new Set<string>(),
}: {
  samples: Float32Array;
  sampleRate: number;
  words: TimedWord[];
  accent: PronunciationAccent;
  keep?: ReadonlySet<string>;
}): TimedWord[] => {
  if (words.length === 0 || samples.length / sampleRate > MAX_SECONDS) return words;
  const align: Aligner = aligner();
  const hesitation = `( ${HESITATIONS.map(({ phones }) => align.ensureWord(phones)).join(' | ')} )`;
  const names = new Map(HESITATIONS.map(({ phones }) => [align.ensureWord(phones), phones]));
  // Each heard word as its dictionary pronunciations; a filler the recogniser wrote is a hesitation already.
  const units: { index: number; grammar: string; names: Set<string>; uh: boolean; filler: boolean }[] = [];
  for (const [index, { word }] of words.entries()) {
    const parts = normaliseWord(word);
    if (parts.length === 0) continue;
    if (parts.length === 1 && isFillerWord(parts[0] as string)) {
      units.push({ index, grammar: hesitation, names: new Set(), uh: false, filler: true });
      continue;
    }
    const said = parts.map((part) => pronunciationsOf(part, accent).map((p) => p.map(({ phone }) => phone)));
    if (said.some((pronunciations) => pronunciations.length === 0)) return words;
    const unitNames = new Set<string>();
    const grammar = said
      .map((pronunciations) => {
        const options = [...new Set(pronunciations.map((phones) => align.ensureWord(phones)))];
        for (const option of options) unitNames.add(option);
        return options.length > 1 ? `( ${options.join(' | ')} )` : (options[0] as string);
      })
      .join(' ');
    const uh = parts.length === 1 && WRITTEN_FOR_UH.has(parts[0] as string) && !keep.has(parts[0] as string);
    units.push({ index, grammar, names: unitNames, uh, filler: false });
  }
  if (units.length === 0) return words;
  const gap = `[ ${SILENCE} ] [ ${hesitation} ] [ ${SILENCE} ]`;
  const body = units
    .map((unit) => (unit.uh ? `( ( ${unit.grammar} ) | ${hesitation} )` : unit.grammar))
    .join(` ${gap} `);
  const audio = toInt16(samples);
  const decoded = spokenOf(align.decode(grammarOf(`${gap} ${body} ${gap}`), audio));
  if (decoded.length === 0) return words;

  // Read the decode back: each unit is one dictionary word per part (or a hesitation), and any hesitation
  // between them is a place where one was added.
  const places: { place: Place; segments: DecodedSegment[] }[] = [];
  let at = 0;
  const takeHesitations = (replaces: number | null, written = false) => {
    const run: DecodedSegment[] = [];
    while (at < decoded.length && names.has((decoded[at] as DecodedSegment).word))
      run.push(decoded[at++] as DecodedSegment);
    if (run.length) places.push({ place: { kind: 'hesitation', replaces, written }, segments: run });
    return run.length;
  };
  takeHesitations(null);
  for (const unit of units) {
    const partCount = normaliseWord((words[unit.index] as TimedWord).word).length;
    const next = decoded[at];
    if (next && !unit.filler && unit.names.has(next.word)) {
      places.push({ place: { kind: 'word', word: unit.index }, segments: decoded.slice(at, at + partCount) });
      at += partCount;
    } else if (unit.filler || unit.uh) {
      // The hesitation standing for this word, or (a filler the recogniser wrote, `written`: counted already)
      // written as one. The gap before it may have taken its sounds: they are the same words.
      if (!takeHesitations(unit.filler ? null : unit.index, unit.filler)) {
        const last = places.at(-1);
        if (last?.place.kind !== 'hesitation' || last.place.replaces !== null || last.place.written)
          return words;
        last.place = { kind: 'hesitation', replaces: unit.filler ? null : unit.index, written: unit.filler };
      }
    } else return words;
    takeHesitations(null);
  }
  if (at !== decoded.length) return words;

  const candidates = places.filter(
    (entry) =>
      entry.place.kind === 'hesitation' && !entry.place.written && framesOf(entry.segments) >= MIN_FRAMES,
  );
  if (candidates.length === 0) return words;
  // The evidence for each, on its stretch with a place either side (their edges give its sounds context): that
  // stretch forced as decoded, against the same without the hesitation (or with the word it stood for).
  const soundsOf = (entry: (typeof places)[number], swap: (typeof places)[number] | null) => {
    if (entry !== swap) return entry.segments.map((segment) => segment.word);
    const replaces = entry.place.kind === 'hesitation' ? entry.place.replaces : null;
    return replaces === null ? [] : [units.find((unit) => unit.index === replaces)?.grammar ?? ''];
  };
  const evidence = (candidate: (typeof places)[number]) => {
    const at = places.indexOf(candidate);
    const around = places.slice(Math.max(0, at - SPAN), at + SPAN + 1);
    const first = around[0]?.segments[0];
    const last = around.at(-1)?.segments.at(-1);
    if (!first || !last) return Number.POSITIVE_INFINITY;
    const from = Math.max(0, first.startFrame - CONTEXT_FRAMES);
    const to = last.endFrame + 1 + CONTEXT_FRAMES;
    const stretch = audio.subarray((from * sampleRate) / FRAME_RATE, (to * sampleRate) / FRAME_RATE);
    const scored = (swap: (typeof places)[number] | null) =>
      align.decode(
        grammarOf(
          around
            .flatMap((entry) => soundsOf(entry, swap))
            .filter(Boolean)
            .join(` [ ${SILENCE} ] `),
        ),
        stretch,
      );
    const as = scored(null);
    const without = scored(candidate);
    if (!as) return Number.NEGATIVE_INFINITY;
    if (!without) return Number.POSITIVE_INFINITY;
    return (acousticOf(as) - acousticOf(without)) / framesOf(candidate.segments);
  };
  const found = new Set(candidates.filter((candidate) => evidence(candidate) >= MIN_EVIDENCE));
  if (found.size === 0) return words;

  const seconds = (frame: number) => Math.round((frame / FRAME_RATE) * 100) / 100;
  const fillerOf = (entry: (typeof places)[number]): TimedWord => {
    const phones = entry.segments.flatMap((segment) => names.get(segment.word) ?? []);
    const first = entry.segments[0] as DecodedSegment;
    const last = entry.segments.at(-1) as DecodedSegment;
    return {
      word: fillerWord(phones),
      start: seconds(first.startFrame),
      end: seconds(last.endFrame + 1),
      confidence: 1,
    };
  };
  // In the order heard: a filler put in for a word takes its place and times, an added one follows the word
  // before it, its times kept between its neighbours' (the recogniser's times and the aligner's differ).
  const replaced = new Map<number, TimedWord>();
  const after = new Map<number, TimedWord[]>();
  const added = new Set<TimedWord>();
  let lastWord = -1;
  for (const entry of places) {
    if (entry.place.kind === 'word') lastWord = entry.place.word;
    else if (entry.place.replaces !== null) {
      const word = words[entry.place.replaces] as TimedWord;
      if (found.has(entry)) replaced.set(entry.place.replaces, { ...word, word: fillerOf(entry).word });
      lastWord = entry.place.replaces;
    } else if (found.has(entry)) {
      const filler = fillerOf(entry);
      added.add(filler);
      after.set(lastWord, [...(after.get(lastWord) ?? []), filler]);
    }
  }
  const merged = [
    ...(after.get(-1) ?? []),
    ...words.flatMap((word, index) => [replaced.get(index) ?? word, ...(after.get(index) ?? [])]),
  ];
  return merged.map((word, index) => {
    if (!added.has(word)) return word;
    const from = merged[index - 1]?.start ?? 0;
    const until = merged.slice(index + 1).find((next) => !added.has(next))?.start ?? Number.POSITIVE_INFINITY;
    const start = Math.min(Math.max(word.start, from), until);
    return { ...word, start, end: Math.min(Math.max(word.end, start), until) };
  });
};
