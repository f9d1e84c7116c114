/// <reference path="./american-english.d.ts" />
import spelling from 'american-english';

/**
 * A word in American spelling: the recogniser writes "neighbors" for a target's "neighbours", which no listener
 * counts as a mistake (Whisper's English normaliser maps spellings the same way before a WER is taken).
 */
const americanSpelling = (word: string) =>
  Object.hasOwn(spelling.us_spelling, word) ? (spelling.us_spelling[word] ?? word) : word;

/**
 * Lower-case words without punctuation (apostrophes and hyphens inside words kept), in American spelling, for
 * comparing texts.
 */
export const normaliseWords = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}'\s-]/gu, ' ')
    .replace(/(^|\s)['-]+|['-]+(?=\s|$)/g, ' ')
    .split(/[\s-]+/)
    .filter(Boolean)
    .map(americanSpelling);

/** Word errors (substitutions + deletions + insertions, Levenshtein over words) against a reference text. */
export const wordErrors = (reference: string, hypothesis: string) => {
  const ref = normaliseWords(reference);
  const hyp = normaliseWords(hypothesis);
  let previous = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const current = [i];
    for (let j = 1; j <= hyp.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (ref[i - 1] === hyp[j - 1] ? 0 : 1);
      current.push(Math.min(substitution, (previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1));
    }
    previous = current;
  }
  return { errors: previous[hyp.length] ?? 0, words: ref.length };
};

/** Word error rate: word errors ÷ reference words. */
export const wordErrorRate = (reference: string, hypothesis: string) => {
  const { errors, words } = wordErrors(reference, hypothesis);
  return words ? errors / words : hypothesis.trim() ? 1 : 0;
};
