import type { Phone } from '@coach/shared/constants/speech-sounds';
import type { PronunciationAccent } from '@coach/shared/contract/pronunciation';
import { normaliseWord } from '@coach/shared/format/spoken-words';
import { type Pronunciation, pronunciationsOf, wordsSounding } from './dictionary.ts';
import { phonesOfChoice, slotsOf } from './variants.ts';

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
 * The sounds one of the learners' errors the aligner listens for (variants.ts) makes of a pronunciation: a
 * substitution (of a vowel only where it is stressed), an added vowel or a dropped h. Not a dropped ending: on
 * rightly read sentences the recogniser's other hypotheses often drop a plural or past ending ("friend" for
 * "friends", "jog" for "jogged"), the very endings it cannot hear for sure. A dropped h they never did within the
 * bar on the bench's rightly read sentences (both halves), and one caught "ill" read for "hill".
 */
const slipsOf = (pronunciation: Pronunciation): Phone[][] => {
  const slots = slotsOf(pronunciation);
  const slips: Phone[][] = [];
  slots.forEach((slot, at) => {
    for (const choice of slot.choices) {
      if (choice.kind === 'expected' || (choice.kind === 'omitted' && slot.expected !== 'HH')) continue;
      slips.push(
        slots.flatMap((other, index) =>
          index === at ? phonesOfChoice(choice) : other.expected === null ? [] : [other.expected],
        ),
      );
    }
  });
  return slips;
};

/** The real words one such slip away from a normalised word (every spelling CMUdict has). */
export const rivalsOf = (word: string, accent: PronunciationAccent): string[] => {
  const own = pronunciationsOf(word, accent);
  const ownSounds = new Set(own.map((pronunciation) => pronunciation.map(({ phone }) => phone).join(' ')));
  const rivals = new Set<string>();
  if (word.length < MIN_LETTERS) return [];
  for (const pronunciation of own) {
    for (const slip of slipsOf(pronunciation)) {
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
