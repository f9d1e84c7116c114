import type { Phone } from '@coach/shared/constants/speech-sounds';
import type { PronunciationAccent } from '@coach/shared/contract/pronunciation';
import { normaliseWord } from '@coach/shared/format/spoken-words';
import type { Variant } from '../moonshine.ts';
import { pronunciationsOf } from './dictionary.ts';

// The recogniser repairs a learner's slip ("fink" heard as "think"): its language model writes the word that makes
// sense. But it still weighs the sounds, and asked how likely the sentence is with the slip spelt out ("I fink the
// shop opens at ten."), given the same audio, it answers: a slip that was said comes out nearly as likely as the
// written word, one that was not far less. The slips asked about are spelt, not looked up, since most are no word
// ("fink"; "estation"); only those whose sound the word really has ("th" said /θ/ in "think") are asked.

/**
 * The learner's errors asked about, keyed as the judgement's evidence bars are ("TH>F" a substitution, "+EH" an
 * added vowel): the errors the recogniser repairs and the aligner hears least. Not /ð/ said /d/ nor a dropped h: of
 * the bench's tune half, 448 and 153 of its 954 slips asked were of those ("the", "with", "his"…), for one more
 * error caught (a /ð/) and none of the h; the recogniser's time went up with each. Not v→b, w→v or r→l, which the
 * aligner hears, nor a dropped ending, whose spelling is another word as often as not.
 */
export const SLIP_ERRORS = ['TH>F', 'TH>S', 'TH>T', '+EH'] as const;
export type SlipError = (typeof SLIP_ERRORS)[number];

/** A target word's slip spelt out: the error it stands for and the word as it would be written. */
export type SpeltSlip = { error: SlipError; spelling: string };

/**
 * A target word's slip as the recogniser weighed it: `index` counts the target's normalised words (as the
 * aligner's do), `gap` is how much less likely the sentence with the slip was than the one written (natural log).
 */
export type Slip = { index: number; error: SlipError; spelling: string; gap: number };

/** "th" said /θ/, spelt as said instead. */
const TH_SAID_AS: Partial<Record<SlipError, string>> = { 'TH>F': 'f', 'TH>S': 's', 'TH>T': 't' };

/**
 * The slips of a normalised word the recogniser can be asked about, spelt: its first "th" as f, s or t where the
 * word says /θ/ and no /ð/; a vowel added before a first s and consonant ("estate" for "state"). None for a word the
 * dictionary does not know, or of fewer than three letters (CMUdict's short entries are letters and names).
 */
export const speltSlipsOf = (word: string, accent: PronunciationAccent): SpeltSlip[] => {
  if (word.length < 3 || !/^[a-z]+$/.test(word)) return [];
  const [first] = pronunciationsOf(word, accent);
  if (!first) return [];
  const sounds = new Set<Phone>(first.map(({ phone }) => phone));
  const slips: SpeltSlip[] = [];
  const th = word.indexOf('th');
  // "th" said as one sound, /θ/: not "lighthouse" (t-h), "Thomas" (t) nor "this" (/ð/).
  if (th >= 0 && sounds.has('TH') && !sounds.has('DH')) {
    for (const [error, by] of Object.entries(TH_SAID_AS))
      slips.push({ error: error as SlipError, spelling: `${word.slice(0, th)}${by}${word.slice(th + 2)}` });
  }
  if (/^s[ptkmnlw]/.test(word) && first[0]?.phone === 'S') slips.push({ error: '+EH', spelling: `e${word}` });
  return slips;
};

/** A slip to weigh: the recogniser's variant of its sentence, and the slip it stands for (its gap to come). */
export type SlipToAsk = { variant: Variant; slip: Omit<Slip, 'gap'> };

const capitalised = (letters: string) => letters[0] !== undefined && letters[0] !== letters[0].toLowerCase();

/**
 * The slips to ask the recogniser about, for the words it wrote (`heard`, in its order): each word it wrote as a
 * target word said once in the target (the one whose index the slip carries), spelt with the word's capital and
 * punctuation ("Fink," for "Think,"). A word written otherwise is judged by what was written.
 */
export const slipsToAsk = (
  target: string,
  heard: readonly { word: string }[],
  accent: PronunciationAccent,
): SlipToAsk[] => {
  const targetWords = target.split(/\s+/).flatMap((word) => normaliseWord(word));
  return heard.flatMap(({ word }, at) => {
    const [, letters = '', rest = ''] = /^([A-Za-z]+)([^A-Za-z]*)$/.exec(word) ?? [];
    const lower = letters.toLowerCase();
    const index = targetWords.indexOf(lower);
    if (!lower || index < 0 || targetWords.lastIndexOf(lower) !== index) return [];
    return speltSlipsOf(lower, accent).map(({ error, spelling }) => ({
      variant: {
        word: at,
        text: `${capitalised(letters) ? `${spelling[0]?.toUpperCase() ?? ''}${spelling.slice(1)}` : spelling}${rest}`,
      },
      slip: { index, error, spelling },
    }));
  });
};
