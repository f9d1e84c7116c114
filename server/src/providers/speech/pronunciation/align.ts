import type { Phone } from '@coach/shared/constants/speech-sounds';
import type { PronunciationAccent } from '@coach/shared/contract/pronunciation';
import { normaliseWord } from '@coach/shared/format/spoken-words';
import { SAMPLE_RATE } from '../decode-audio.ts';
import { burstRise, voicedShare } from './cues.ts';
import { type Pronunciation, pronunciationsOf } from './dictionary.ts';
import { type Aligner, aligner, type DecodedSegment, FRAME_RATE } from './pocketsphinx.ts';
import type { Rival } from './rivals.ts';
import { frameDistance, phoneScore } from './scores.ts';
import type { Slip } from './slips.ts';
import { type Slot, type SlotChoice, slotsOf } from './variants.ts';

// Phone-level assessment of a reading against its target. Three steps, all forced by a grammar, so
// the acoustic model hears the sounds but no language model can repair them:
// 1. One decode of the whole recording in which every word may be said as written or with the errors learners
//    make (variants.ts): the aligner picks, per place, the sound that fits the audio best, and times every sound.
// 2. Where it picked another sound than the word's, the word's stretch of audio is decoded twice more, once as
//    written and once as heard, and the two scores compared: the log-likelihood ratio per frame is the evidence
//    (`margin`) that the learner said it that way. The service weighs it with the transcript and the group's
//    strictness; this module only measures.
// 3. Each sound scores its goodness of pronunciation: how far its frames are from the best-fitting sound of the
//    model there (PocketSphinx scores every frame against its best senone).

/** One sound of a target word as the aligner heard it. Times in seconds from the start of the recording. */
export type AlignedPhone = {
  /** The word's sound (for an added sound, the sound added). */
  phone: Phone;
  /** What the aligner picked: as written, another sound (`heard`), nothing, or a sound added before this place. */
  kind: 'expected' | 'substituted' | 'omitted' | 'inserted';
  heard?: Phone;
  /** Goodness of pronunciation of what was heard at this place as the word's sound, 0-100. */
  score: number;
  /** What the score is made from: the sound's distance per frame from the best-fitting sound (scores.ts). */
  distance: number | null;
  /**
   * For a sound heard otherwise: the log-likelihood ratio of the word said as heard over the word said as
   * written, per frame of the sounds in question (in the aligner's units; > 0 favours the error). 0 for a sound
   * heard as written.
   */
  margin: number;
  /** CMUdict stress of a vowel (1 primary, 2 secondary, 0 none); null for consonants and added sounds. */
  stress: 0 | 1 | 2 | null;
  /**
   * For a /z/ inside a word (not its last sound, which speakers devoice), the share of its frames that were
   * voiced, 0-1 (cues.ts): the model cannot tell /z/ from /s/, the vocal folds can.
   */
  voicing?: number;
  /**
   * For a /v/, the sharpest rise of its high-frequency energy in 5 ms, in dB (cues.ts): a /b/'s release bursts, a
   * /v/'s noise swells. The model's evidence between the two is weak where the /v/ sits between vowels.
   */
  burst?: number;
  /**
   * For a stressed vowel, its length against the recording's median sound (1: as long as most sounds): the
   * length tells a tense vowel from its lax neighbour ("sheep" from "ship") where the model's evidence is weak.
   */
  length?: number;
  start: number;
  end: number;
};

/** One normalised target word with its sounds; start and end are null when it could not be placed. */
export type AlignedWord = {
  word: string;
  start: number | null;
  end: number | null;
  phones: AlignedPhone[];
};

/**
 * What the aligner made of a recording: one entry per normalised target word, in order; and the sounds of the
 * words the recogniser heard (`heardSounds`, by normalised word), so that a heard word that differs from its
 * target word by a learner's usual error names that error.
 */
export type PhoneAssessment = {
  words: AlignedWord[];
  heardSounds?: Record<string, Phone[][]>;
  /** Target words whose rival word the recogniser found nearly as likely (rivals.ts), by target word index. */
  rivals?: Rival[];
  /** Target words' slips as likely as the recogniser found them (slips.ts): the nearest per word and error. */
  slips?: Slip[];
};

/** The dictionary's sounds of each heard word that is not a target word (those the aligner has already). */
export const soundsOfHeardWords = (
  heard: string[],
  target: string,
  accent: PronunciationAccent,
): Record<string, Phone[][]> => {
  const targetWords = new Set(target.split(/\s+/).flatMap((written) => normaliseWord(written)));
  const sounds: Record<string, Phone[][]> = {};
  for (const word of heard.flatMap((written) => normaliseWord(written))) {
    if (targetWords.has(word) || word in sounds) continue;
    sounds[word] = pronunciationsOf(word, accent).map((pronunciation) =>
      pronunciation.map(({ phone }) => phone),
    );
  }
  return sounds;
};

/** Frames around a word's stretch when it is decoded again on its own (its neighbours' edges go to silence). */
const RESCORE_CONTEXT_FRAMES = 10;

const toInt16 = (samples: Float32Array) => {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const value = Math.max(-1, Math.min(1, samples[i] ?? 0));
    out[i] = Math.round(value * 32_767);
  }
  return out;
};

type WordPlan = { word: string; pronunciations: Pronunciation[]; slots: Slot[][] };

const SILENCE = 'sil';

const choicePhones = (choice: SlotChoice): Phone[] => (choice.kind === 'omitted' ? [] : [choice.phone]);

/** A slot in JSGF: its sounds as alternatives, optional when it may be dropped or is an added sound. */
const slotGrammar = (align: Aligner, slot: Slot, only?: SlotChoice | null) => {
  if (only !== undefined) {
    const phones = only === null ? [] : choicePhones(only);
    return phones.map((phone) => align.ensureWord([phone])).join(' ');
  }
  const sounds = slot.choices
    .filter((choice) => choice.kind !== 'omitted')
    .map((choice) => align.ensureWord(choicePhones(choice)));
  const group = sounds.length > 1 ? `( ${sounds.join(' | ')} )` : (sounds[0] ?? '');
  const optional = slot.expected === null || slot.choices.some((choice) => choice.kind === 'omitted');
  return optional ? `[ ${group} ]` : group;
};

const grammarOf = (body: string) =>
  `#JSGF V1.0; grammar reading; public <reading> = [ ${SILENCE} ] ${body} [ ${SILENCE} ];`;

/** The whole reading, each word as written or with learners' errors, silence allowed between words. */
const readingGrammar = (align: Aligner, plans: WordPlan[]) =>
  grammarOf(
    plans
      .map((plan) => {
        const variants = plan.slots.map((slots) =>
          slots
            .map((slot) => slotGrammar(align, slot))
            .filter(Boolean)
            .join(' '),
        );
        return variants.length > 1 ? `( ${variants.join(' | ')} )` : variants[0];
      })
      .join(` [ ${SILENCE} ] `),
  );

type SlotPick = { slot: Slot; choice: SlotChoice | null; segment: DecodedSegment | null };
type WordPick = { pronunciation: number; picks: SlotPick[] };

/**
 * Which pronunciation and which choice per slot the decode took, read back from its sounds. A slot may be empty
 * (an optional sound), so this is a small search; memoised on (word, position), it is linear in practice.
 */
const readBack = (plans: WordPlan[], sounds: DecodedSegment[]): WordPick[] | null => {
  const failed = new Set<string>();
  const matchSlots = (
    slots: Slot[],
    slotIndex: number,
    position: number,
  ): { picks: SlotPick[]; next: number }[] => {
    if (slotIndex === slots.length) return [{ picks: [], next: position }];
    const slot = slots[slotIndex] as Slot;
    const results: { picks: SlotPick[]; next: number }[] = [];
    const options: (SlotChoice | null)[] = [...slot.choices];
    if (slot.expected === null) options.push(null);
    for (const choice of options) {
      const phones = choice === null ? [] : choicePhones(choice);
      const segment = sounds[position];
      if (phones.length === 1 && segment?.word !== phones[0]?.toLowerCase()) continue;
      const consumed = phones.length;
      for (const rest of matchSlots(slots, slotIndex + 1, position + consumed)) {
        results.push({
          picks: [{ slot, choice, segment: consumed ? (segment ?? null) : null }, ...rest.picks],
          next: rest.next,
        });
        if (results.length >= 4) return results;
      }
    }
    return results;
  };
  const matchWords = (wordIndex: number, position: number): WordPick[] | null => {
    if (wordIndex === plans.length) return position === sounds.length ? [] : null;
    const key = `${wordIndex}:${position}`;
    if (failed.has(key)) return null;
    const plan = plans[wordIndex] as WordPlan;
    for (const [pronunciation, slots] of plan.slots.entries()) {
      for (const { picks, next } of matchSlots(slots, 0, position)) {
        const rest = matchWords(wordIndex + 1, next);
        if (rest) return [{ pronunciation, picks }, ...rest];
      }
    }
    failed.add(key);
    return null;
  };
  return matchWords(0, 0);
};

const sumAcoustic = (segments: DecodedSegment[]) =>
  segments.reduce((sum, segment) => sum + segment.acoustic, 0);
const spoken = (segments: DecodedSegment[] | null) =>
  (segments ?? []).filter((segment) => segment.word !== SILENCE && segment.word !== '(NULL)');
const seconds = (frame: number) => Math.round((frame / FRAME_RATE) * 1000) / 1000;

const frameCount = (segment: DecodedSegment) => segment.endFrame - segment.startFrame + 1;

/** Fewer frames than this for the sounds in question is the aligner squeezing them in: counted as this many. */
const MIN_EVIDENCE_FRAMES = 3;

/**
 * The word's stretch decoded as written and as heard: the log-likelihood ratio of the heard form, per frame of
 * the sounds in question (the sounds heard instead or added, or the sound dropped as the written form times it),
 * and the sounds of the written form (their scores are the word's goodness of pronunciation as written).
 */
const rescore = async (align: Aligner, samples: Int16Array, picks: WordPick[], index: number) => {
  const pick = picks[index] as WordPick;
  // The word with its neighbours as they were heard: the sounds around it give its first and last sounds their
  // context, and its stretch starts and ends in a pause or a neighbour rather than mid-sound.
  const around = [picks[index - 1], pick, picks[index + 1]].filter((p): p is WordPick => p !== undefined);
  const framed = around.flatMap(({ picks: slots }) =>
    slots.flatMap(({ segment }) => (segment ? [segment] : [])),
  );
  const first = framed[0];
  const last = framed.at(-1);
  if (!first || !last) return null;
  const from = Math.max(0, first.startFrame - RESCORE_CONTEXT_FRAMES);
  const to = last.endFrame + 1 + RESCORE_CONTEXT_FRAMES;
  const stretch = samples.subarray((from * 16_000) / FRAME_RATE, (to * 16_000) / FRAME_RATE);
  const asPicked = (word: WordPick | undefined) =>
    word
      ? word.picks
          .map(({ slot, choice }) => slotGrammar(align, slot, choice))
          .filter(Boolean)
          .join(' ')
      : '';
  const withNeighbours = (body: string) =>
    [asPicked(picks[index - 1]), body, asPicked(picks[index + 1])].filter(Boolean).join(` [ ${SILENCE} ] `);
  const written = withNeighbours(
    pick.picks
      .map(({ slot }) => slotGrammar(align, slot, slot.expected === null ? null : (slot.choices[0] ?? null)))
      .filter(Boolean)
      .join(' '),
  );
  const heard = withNeighbours(asPicked(pick));
  const asWritten = await align.decodeAsync(grammarOf(written), stretch);
  const asHeard = await align.decodeAsync(grammarOf(heard), stretch);
  if (!asWritten || !asHeard) return null;
  // The word's own sounds, after the previous word's.
  const before = asPicked(picks[index - 1])
    .split(' ')
    .filter(Boolean).length;
  const writtenSounds = spoken(asWritten)
    .slice(before)
    .map((segment) => ({
      ...segment,
      startFrame: segment.startFrame + from,
      endFrame: segment.endFrame + from,
    }));
  let writtenAt = 0;
  let evidenceFrames = 0;
  for (const { slot, choice, segment } of pick.picks) {
    const own = slot.expected === null ? undefined : writtenSounds[writtenAt++];
    if (!choice || choice.kind === 'expected') continue;
    evidenceFrames +=
      choice.kind === 'omitted' ? (own ? frameCount(own) : 0) : segment ? frameCount(segment) : 0;
  }
  return {
    margin: (sumAcoustic(asHeard) - sumAcoustic(asWritten)) / Math.max(MIN_EVIDENCE_FRAMES, evidenceFrames),
    written: writtenSounds,
  };
};

/** Each stressed vowel's length against the median length of the recording's timed sounds (the speaker's pace). */
const withVowelLengths = (words: AlignedWord[]): AlignedWord[] => {
  const lengths = words
    .flatMap((word) => word.phones.map((phone) => phone.end - phone.start))
    .filter((length) => length > 0)
    .sort((a, b) => a - b);
  const median = lengths[Math.floor(lengths.length / 2)];
  if (!median) return words;
  return words.map((word) => ({
    ...word,
    phones: word.phones.map((phone) =>
      phone.stress === 1 && phone.end > phone.start
        ? { ...phone, length: Math.round(((phone.end - phone.start) / median) * 100) / 100 }
        : phone,
    ),
  }));
};

/**
 * Aligns a recording (16 kHz mono samples) with its target text. Words that neither the dictionary nor
 * espeak-ng can say are left out of the grammar and come back with no sounds. Null when the reading cannot be
 * aligned at all (far too short for its text, or silence).
 */
export const assessPhones = async ({
  samples,
  target,
  accent,
}: {
  samples: Float32Array;
  target: string;
  accent: PronunciationAccent;
}): Promise<PhoneAssessment | null> => {
  const align = aligner();
  const words = target.split(/\s+/).flatMap((written) => normaliseWord(written));
  const plans: (WordPlan | null)[] = words.map((word) => {
    const pronunciations = pronunciationsOf(word, accent);
    return pronunciations.length ? { word, pronunciations, slots: pronunciations.map(slotsOf) } : null;
  });
  const known = plans.filter((plan): plan is WordPlan => plan !== null);
  if (known.length === 0) return null;
  const audio = toInt16(samples);
  const sounds = spoken(await align.decodeAsync(readingGrammar(align, known), audio));
  const picks = sounds.length ? readBack(known, sounds) : null;
  if (!picks) return null;
  let knownIndex = 0;
  const assessed: AlignedWord[] = [];
  for (const [index, plan] of plans.entries()) {
    const word = words[index] ?? '';
    if (!plan) {
      assessed.push({ word, start: null, end: null, phones: [] });
      continue;
    }
    const pick = picks[knownIndex++] as WordPick;
    const heardOtherwise = pick.picks.some(({ choice }) => choice !== null && choice.kind !== 'expected');
    const check = heardOtherwise ? await rescore(align, audio, picks, knownIndex - 1) : null;
    const writtenSounds = check?.written ?? [];
    let writtenAt = 0;
    const lastSound = pick.picks.findLastIndex(({ slot }) => slot.expected !== null);
    const phones: AlignedPhone[] = [];
    for (const [at, { slot, choice, segment }] of pick.picks.entries()) {
      if (slot.expected === null) {
        if (choice?.kind === 'inserted' && segment) {
          phones.push({
            phone: choice.phone,
            kind: 'inserted',
            score: phoneScore(choice.phone, segment),
            distance: frameDistance(segment),
            margin: check?.margin ?? 0,
            stress: null,
            start: seconds(segment.startFrame),
            end: seconds(segment.endFrame + 1),
          });
        }
        continue;
      }
      // The written form's own sound at this place (from the rescoring), else the one decoded here.
      const own = check ? writtenSounds[writtenAt++] : segment;
      const timed = segment ?? own;
      const start = timed ? seconds(timed.startFrame) : 0;
      const end = timed ? seconds(timed.endFrame + 1) : 0;
      const voiceable = slot.expected === 'Z' && at !== lastSound && end > start;
      const base = {
        phone: slot.expected,
        stress: slot.stress,
        start,
        end,
        ...(voiceable ? { voicing: voicedShare(samples, SAMPLE_RATE, start, end) } : {}),
        ...(slot.expected === 'V' && end > start
          ? { burst: burstRise(samples, SAMPLE_RATE, start, end) }
          : {}),
      };
      if (!choice || choice.kind === 'expected' || !check) {
        phones.push({
          ...base,
          kind: 'expected',
          score: own ? phoneScore(slot.expected, own) : 0,
          distance: own ? frameDistance(own) : null,
          margin: 0,
        });
        continue;
      }
      phones.push({
        ...base,
        kind: choice.kind === 'omitted' ? 'omitted' : 'substituted',
        ...(choice.kind === 'substituted' ? { heard: choice.phone } : {}),
        score: own ? phoneScore(slot.expected, own) : 0,
        distance: own ? frameDistance(own) : null,
        margin: check.margin,
      });
    }
    const timedPhones = phones.filter((phone) => phone.end > phone.start);
    assessed.push({
      word,
      start: timedPhones[0]?.start ?? null,
      end: timedPhones.at(-1)?.end ?? null,
      phones,
    });
  }
  return { words: withVowelLengths(assessed) };
};
