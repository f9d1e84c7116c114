import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isPhone, type Phone, VOWELS } from '@coach/shared/constants/speech-sounds';
import type { PronunciationAccent } from '@coach/shared/contract/pronunciation';
import { LRUCache } from 'lru-cache';

// The reference pronunciations of a target's words: CMUdict (cmu-pronouncing-dictionary, ISC, with
// its stress marks), and for a word it lacks (a name, a new word) what espeak-ng says, mapped to the same phones.

/** One sound of a pronunciation, with CMUdict's stress on vowels (1 primary, 2 secondary, 0 none; null for consonants). */
export type DictionaryPhone = { phone: Phone; stress: 0 | 1 | 2 | null };
export type Pronunciation = DictionaryPhone[];

/**
 * CMUdict's 135,000 entries, looked up in the package's own text: one flat string and the offsets of its entries
 * sorted by word, about 5 MB. Importing the package's object cost 62 MB of memory per speech thread (its 4.7 MB
 * of source compiled into an object of 135,000 properties). The file holds one `  "word": "PH ON1 ES",` a line.
 */
type CmuText = { text: string; starts: Int32Array };
let cmu: CmuText | undefined;

const ENTRY_START = /^ {2}"/gm;

const compareWords = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const loadCmu = (): CmuText => {
  const text = readFileSync(createRequire(import.meta.url).resolve('cmu-pronouncing-dictionary'), 'utf8');
  const starts: number[] = [];
  for (const match of text.matchAll(ENTRY_START)) starts.push(match.index + 3);
  const words = starts.map((start) => text.slice(start, text.indexOf('"', start)));
  const order = words.map((_, index) => index).sort((a, b) => compareWords(words[a] ?? '', words[b] ?? ''));
  if (starts.length < 100_000)
    throw new Error(`CMUdict has only ${starts.length} entries: its file changed shape`);
  return { text, starts: Int32Array.from(order, (index) => starts[index] ?? 0) };
};

/** CMUdict's entry for a word ("think" or "read(2)"), as ARPAbet with stress digits. */
export const cmuEntry = (word: string): string | undefined => {
  cmu ??= loadCmu();
  const { text, starts } = cmu;
  let low = 0;
  let high = starts.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const start = starts[middle] ?? 0;
    const end = text.indexOf('"', start);
    const order = compareWords(text.slice(start, end), word);
    if (order === 0) {
      const value = end + 4; // past `": "`
      return text.slice(value, text.indexOf('"', value));
    }
    if (order < 0) low = middle + 1;
    else high = middle - 1;
  }
  return undefined;
};

const parseCmu = (entry: string): Pronunciation =>
  entry.split(' ').flatMap((token) => {
    const phone = token.replace(/\d$/, '');
    if (!isPhone(phone)) return [];
    const digit = token.match(/\d$/)?.[0];
    return [{ phone, stress: digit === undefined ? null : (Number(digit) as 0 | 1 | 2) }];
  });

/** IPA as espeak-ng writes it, longest first, to ARPAbet. */
const IPA_TO_ARPABET: [string, Phone][] = (
  [
    ['aɪə', 'AY'],
    ['aɪ', 'AY'],
    ['aʊ', 'AW'],
    ['ɔɪ', 'OY'],
    ['eɪ', 'EY'],
    ['oʊ', 'OW'],
    ['əʊ', 'OW'],
    ['tʃ', 'CH'],
    ['dʒ', 'JH'],
    ['ɑː', 'AA'],
    ['ɑ', 'AA'],
    ['ɒ', 'AA'],
    ['æ', 'AE'],
    ['a', 'AE'],
    ['ʌ', 'AH'],
    ['ə', 'AH'],
    ['ɐ', 'AH'],
    ['ɔː', 'AO'],
    ['ɔ', 'AO'],
    ['ɛ', 'EH'],
    ['e', 'EH'],
    ['ɜː', 'ER'],
    ['ɜ', 'ER'],
    ['ɚ', 'ER'],
    ['ɝ', 'ER'],
    ['ɪ', 'IH'],
    ['ᵻ', 'IH'],
    ['iː', 'IY'],
    ['i', 'IY'],
    ['ʊ', 'UH'],
    ['uː', 'UW'],
    ['u', 'UW'],
    ['b', 'B'],
    ['d', 'D'],
    ['ð', 'DH'],
    ['f', 'F'],
    ['ɡ', 'G'],
    ['g', 'G'],
    ['h', 'HH'],
    ['j', 'Y'],
    ['k', 'K'],
    ['l', 'L'],
    ['m', 'M'],
    ['n', 'N'],
    ['ŋ', 'NG'],
    ['p', 'P'],
    ['ɹ', 'R'],
    ['r', 'R'],
    ['s', 'S'],
    ['ʃ', 'SH'],
    ['t', 'T'],
    ['ɾ', 'T'],
    ['θ', 'TH'],
    ['v', 'V'],
    ['w', 'W'],
    ['z', 'Z'],
    ['ʒ', 'ZH'],
    ['x', 'K'],
    ['ʔ', 'T'],
  ] as [string, Phone][]
).sort((a, b) => b[0].length - a[0].length);

/** espeak-ng's IPA for one word ("θˈɪŋk") as phones; its stress mark stands before the stressed vowel. */
export const phonesFromIpa = (ipa: string): Pronunciation => {
  const phones: Pronunciation = [];
  let stress: 1 | 2 | null = null;
  let rest = ipa.normalize('NFC');
  while (rest.length > 0) {
    if (rest.startsWith('ˈ') || rest.startsWith('ˌ')) {
      stress = rest.startsWith('ˈ') ? 1 : 2;
      rest = rest.slice(1);
      continue;
    }
    const match = IPA_TO_ARPABET.find(([ipaPart]) => rest.startsWith(ipaPart));
    if (!match) {
      rest = rest.slice(1);
      continue;
    }
    const [ipaPart, phone] = match;
    const vowel = VOWELS.has(phone);
    phones.push({ phone, stress: vowel ? (stress ?? 0) : null });
    if (vowel) stress = null;
    rest = rest.slice(ipaPart.length);
  }
  return phones;
};

const ESPEAK_VOICE: Record<PronunciationAccent, string> = {
  'en-US': 'en-us',
  'en-GB': 'en-gb',
  'en-AU': 'en-gb',
  'en-IN': 'en-us',
};

const spoken = new LRUCache<string, Pronunciation>({ max: 5_000 });

/** What espeak-ng says for a word the dictionary lacks ([] when espeak-ng is missing or says nothing). */
const espeakPronunciation = (word: string, accent: PronunciationAccent): Pronunciation => {
  const key = `${accent}:${word}`;
  const known = spoken.get(key);
  if (known) return known;
  let phones: Pronunciation = [];
  try {
    const ipa = execFileSync('espeak-ng', ['-q', '--ipa', '-v', ESPEAK_VOICE[accent], word], {
      encoding: 'utf8',
      timeout: 5_000,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    phones = phonesFromIpa(ipa.trim().replace(/\s+/g, ''));
  } catch {
    phones = [];
  }
  spoken.set(key, phones);
  return phones;
};

/**
 * A British or Australian reference drops an r that no vowel follows ("car", "hard") and says an unstressed ER as
 * a schwa ("weather"): non-rhotic, as the accent says it. A stressed ER, the long vowel of "bird", stays ER (the
 * model has no other).
 */
const nonRhotic = (pronunciation: Pronunciation): Pronunciation =>
  pronunciation
    // An unstressed r-coloured vowel is a plain schwa there ("weather" ends in /ə/).
    .map((sound) =>
      sound.phone === 'ER' && sound.stress === 0 ? { phone: 'AH' as const, stress: 0 as const } : sound,
    )
    .filter(
      (sound, index) =>
        !(
          sound.phone === 'R' &&
          index > 0 &&
          VOWELS.has(pronunciation[index - 1]?.phone ?? 'B') &&
          !VOWELS.has(pronunciation[index + 1]?.phone ?? 'B')
        ),
    );

const sameSounds = (a: Pronunciation, b: Pronunciation) =>
  a.length === b.length && a.every((sound, index) => sound.phone === b[index]?.phone);

/**
 * The accepted pronunciations of a normalised word (lower case, letters and digits), most usual first for the
 * accent: CMUdict's entry and its variants ("read", "read(2)"); for en-GB and en-AU the non-rhotic form comes
 * first and the rhotic one stays accepted. Empty when neither the dictionary nor espeak-ng knows the word.
 */
export const pronunciationsOf = (word: string, accent: PronunciationAccent): Pronunciation[] => {
  const found: Pronunciation[] = [];
  for (let variant = 1; variant <= 4; variant++) {
    const entry = cmuEntry(variant === 1 ? word : `${word}(${variant})`);
    if (!entry) break;
    found.push(parseCmu(entry));
  }
  if (found.length === 0) {
    const guessed = espeakPronunciation(word, accent);
    if (guessed.length > 0) found.push(guessed);
  }
  const ordered = accent === 'en-GB' || accent === 'en-AU' ? [...found.map(nonRhotic), ...found] : found;
  return ordered.filter(
    (pronunciation, index) =>
      pronunciation.length > 0 && ordered.findIndex((other) => sameSounds(other, pronunciation)) === index,
  );
};

/**
 * CMUdict looked up by sound: the entries' offsets sorted by a 32-bit hash of their sounds without stress marks,
 * about 1 MB beside the text, built on the first lookup (a reverse map of strings would cost tens of MB per
 * speech thread). A hash match is checked against the entry itself.
 */
let bySound: { hashes: Int32Array; entries: Int32Array } | undefined;

const soundHash = (sounds: string) => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < sounds.length; i++) hash = Math.imul(hash ^ sounds.charCodeAt(i), 0x01000193);
  return hash | 0;
};

const unstressed = (entry: string) => entry.replace(/\d/g, '');

const loadBySound = () => {
  cmu ??= loadCmu();
  const { text, starts } = cmu;
  const hashes = new Int32Array(starts.length);
  starts.forEach((start, index) => {
    const value = text.indexOf('"', start) + 4;
    hashes[index] = soundHash(unstressed(text.slice(value, text.indexOf('"', value))));
  });
  const order = Int32Array.from(starts.keys()).sort((a, b) => (hashes[a] ?? 0) - (hashes[b] ?? 0));
  return { hashes: Int32Array.from(order, (index) => hashes[index] ?? 0), entries: order };
};

/** The dictionary's words said with exactly these sounds (stress aside), lower case, a variant's "(2)" dropped. */
export const wordsSounding = (phones: readonly Phone[]): string[] => {
  bySound ??= loadBySound();
  cmu ??= loadCmu();
  const { text, starts } = cmu;
  const { hashes, entries } = bySound;
  const sounds = phones.join(' ');
  const hash = soundHash(sounds);
  let low = 0;
  let high = hashes.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((hashes[middle] ?? 0) < hash) low = middle + 1;
    else high = middle;
  }
  const words = new Set<string>();
  for (let at = low; at < hashes.length && hashes[at] === hash; at++) {
    const start = starts[entries[at] ?? 0] ?? 0;
    const end = text.indexOf('"', start);
    const value = end + 4;
    if (unstressed(text.slice(value, text.indexOf('"', value))) !== sounds) continue;
    words.add(text.slice(start, end).replace(/\(\d\)$/, ''));
  }
  return [...words];
};
