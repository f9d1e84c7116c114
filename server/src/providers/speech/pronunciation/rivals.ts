import { ADDED_VOWEL, CONFUSIONS, isConsonant, type Phone } from '@coach/shared/constants/speech-sounds';
import type { PronunciationAccent } from '@coach/shared/contract/pronunciation';
import { normaliseWord } from '@coach/shared/format/spoken-words';
import { pronunciationsOf, wordsSounding } from './dictionary.ts';

// A learner's slip that makes another real word ("tree" for "three") is the one the recogniser hides best: its
// language model writes the sentence that makes sense, and the aligner fits /θ/ to a voice's /t/ as well. But the
// recogniser's beam search often ends with the rival sentence too, a little less likely ("Tree birds sat on the
// fence." beside "Three birds sat on the fence."). A rival so near is heard.

/**
 * A target word's rival as the recogniser weighed it: another real word one usual error away, from one of the
 * beam search's other hypotheses, and `gap`, how much less likely that hypothesis was (natural log).
 */
export type Rival = { index: number; word: string; gap: number };

/**
 * Words of fewer letters have no rivals and are no rivals: CMUdict's short entries are mostly letters, initials and
 * names ("de", "d" for "the").
 */
const MIN_LETTERS = 3;

/**
 * The sounds one learner's usual substitution (CONFUSIONS), added vowel or dropped h makes of a pronunciation. Not
 * a dropped ending: on rightly read sentences the recogniser's other hypotheses often drop a plural or past ending
 * ("friend" for "friends", "jog" for "jogged"), the very endings it cannot hear for sure. A dropped h it does not
 * invent there: no hypothesis within the bar dropped one on the bench's rightly read sentences (both halves),
 * and one caught "ill" read for "hill".
 */
const slipsOf = (sounds: readonly Phone[]): Phone[][] => {
  const slips: Phone[][] = [];
  sounds.forEach((phone, index) => {
    for (const other of CONFUSIONS[phone] ?? []) slips.push(sounds.with(index, other));
  });
  if (sounds[0] === 'S' && isConsonant(sounds[1])) slips.push([ADDED_VOWEL, ...sounds]);
  if (sounds[0] === 'HH' && sounds.length > 1) slips.push(sounds.slice(1));
  return slips;
};

/** The real words one usual substitution or added vowel away from a normalised word (every spelling CMUdict has). */
export const rivalsOf = (word: string, accent: PronunciationAccent): string[] => {
  const own = pronunciationsOf(word, accent).map((p) => p.map(({ phone }) => phone));
  const ownSounds = new Set(own.map((sounds) => sounds.join(' ')));
  const rivals = new Set<string>();
  if (word.length < MIN_LETTERS) return [];
  for (const sounds of own) {
    for (const slip of slipsOf(sounds)) {
      if (ownSounds.has(slip.join(' '))) continue;
      for (const spelling of wordsSounding(slip))
        if (/^[a-z]+$/.test(spelling) && spelling.length >= MIN_LETTERS && spelling !== word)
          rivals.add(spelling);
    }
  }
  return [...rivals];
};

/**
 * The target words whose rival the recogniser nearly wrote: one of its other hypotheses (`alternatives`) differs
 * from the written one (`written`) in one word only, a target word said once in the target, and has a rival of it
 * there. Words are compared by their letters alone, so "Treebirds sat…" and "Tree Birds sat…" both hold "tree" in
 * place of "three". The nearest such rival of each target word; `index` counts the target's normalised words, as
 * the aligner's words do.
 */
export const rivalsHeard = (
  target: string,
  written: string,
  alternatives: readonly { text: string; gap: number }[],
  accent: PronunciationAccent,
): Rival[] => {
  const words = (text: string) => text.split(/\s+/).flatMap((word) => normaliseWord(word));
  const targetWords = words(target);
  const heard = words(written);
  const nearest = new Map<number, Rival>();
  for (const alternative of alternatives) {
    const letters = words(alternative.text).join('');
    heard.forEach((said, at) => {
      const before = heard.slice(0, at).join('');
      const after = heard.slice(at + 1).join('');
      if (
        !letters.startsWith(before) ||
        !letters.endsWith(after) ||
        letters.length <= before.length + after.length
      )
        return;
      const rival = letters.slice(before.length, letters.length - after.length);
      const index = targetWords.indexOf(said);
      if (rival === said || index < 0 || targetWords.lastIndexOf(said) !== index) return;
      if (!rivalsOf(said, accent).includes(rival)) return;
      const best = nearest.get(index);
      if (!best || alternative.gap < best.gap)
        nearest.set(index, { index, word: rival, gap: alternative.gap });
    });
  }
  return [...nearest.values()];
};
