// "a" or "an" before a word, as the word is said (never "a interview skills course" or "a Accountant").
// By spelling, with the common exceptions: a vowel letter said as a consonant ("a university", "a user", "a one-day
// course", "a European") and a silent h ("an hour", "an honest"). Acronyms said letter by letter are not guessed.

const SAID_WITH_A_CONSONANT = /^(uni|use|usu|uti|ure|eu|one\b|once\b)/i;
const SILENT_H = /^(hour|honest|honou?r|heir)/i;

/** "an" or "a" for the word that follows. */
export const indefiniteArticle = (word: string) => {
  const next = word.trim();
  if (SILENT_H.test(next)) return 'an';
  if (SAID_WITH_A_CONSONANT.test(next)) return 'a';
  return /^[aeiou]/i.test(next) ? 'an' : 'a';
};

/** The word with its article: "an Accountant", "a Nurse", "an interview skills course". */
export const withIndefiniteArticle = (word: string) => `${indefiniteArticle(word)} ${word.trim()}`;
