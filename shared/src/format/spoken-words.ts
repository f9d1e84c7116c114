// How a written word compares with a heard one: the speech analytics align the transcript
// with the target text on these words, and the phone aligner looks the same words up in its dictionary.

const UNITS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/**
 * 0-99 as spoken words ("21" → twenty one): engines write small numbers either way and target texts too.
 * Larger numbers are read in more than one way ("1999": nineteen ninety-nine or one thousand…), so they stay
 * digits and match only digits.
 */
const numberAsWords = (digits: string): string[] => {
  const n = Number(digits);
  if (!/^\d{1,2}$/.test(digits)) return [digits];
  if (n < 20) return [UNITS[n] ?? digits];
  const tens = TENS[Math.floor(n / 10)] ?? digits;
  return n % 10 === 0 ? [tens] : [tens, UNITS[n % 10] ?? ''];
};

/**
 * The comparable words of one written word: lower case, no punctuation, no apostrophes ("Don't" → dont, so a
 * curly or a missing apostrophe still matches), hyphenated words split ("well-known" → well known, as engines
 * write either), small numbers spelt out, "3.5" → three point five, "50%" → fifty percent, "&" → and.
 */
export const normaliseWord = (written: string): string[] =>
  written
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .replace(/(\d),(?=\d{3}\b)/g, '$1')
    .replace(/(\d)\.(?=\d)/g, '$1 point ')
    .replace(/%/g, ' percent ')
    .replace(/&/g, ' and ')
    .split(/[\s\-\u2010-\u2015/]+/)
    .map((part) => part.replace(/'/g, '').replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean)
    .flatMap((part) => (/^\d+$/.test(part) ? numberAsWords(part) : [part]));
