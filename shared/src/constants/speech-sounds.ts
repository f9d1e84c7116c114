// The sounds the coach hears (spec: pronunciation configuration): speech sounds, not telephone numbers (those are
// constants/phone.ts). The phone set is ARPAbet, CMUdict's 39 phones without stress digits, named once here: the
// server aligns and scores in it, the screens show each phone in IPA.

/** ARPAbet phones (CMUdict), stress digits dropped. */
export const PHONES = [
  'AA',
  'AE',
  'AH',
  'AO',
  'AW',
  'AY',
  'B',
  'CH',
  'D',
  'DH',
  'EH',
  'ER',
  'EY',
  'F',
  'G',
  'HH',
  'IH',
  'IY',
  'JH',
  'K',
  'L',
  'M',
  'N',
  'NG',
  'OW',
  'OY',
  'P',
  'R',
  'S',
  'SH',
  'T',
  'TH',
  'UH',
  'UW',
  'V',
  'W',
  'Y',
  'Z',
  'ZH',
] as const;
export type Phone = (typeof PHONES)[number];

const phoneSet: ReadonlySet<string> = new Set(PHONES);
/** Whether a string is one of {@link PHONES}. */
export const isPhone = (value: string): value is Phone => phoneSet.has(value);

/** Each phone in IPA, as a learner reads it between slashes ("/θ/"). AH is the stressed /ʌ/; unstressed it is /ə/. */
export const PHONE_IPA = {
  AA: 'ɑ',
  AE: 'æ',
  AH: 'ʌ',
  AO: 'ɔ',
  AW: 'aʊ',
  AY: 'aɪ',
  B: 'b',
  CH: 'tʃ',
  D: 'd',
  DH: 'ð',
  EH: 'ɛ',
  ER: 'ɝ',
  EY: 'eɪ',
  F: 'f',
  G: 'ɡ',
  HH: 'h',
  IH: 'ɪ',
  IY: 'iː',
  JH: 'dʒ',
  K: 'k',
  L: 'l',
  M: 'm',
  N: 'n',
  NG: 'ŋ',
  OW: 'oʊ',
  OY: 'ɔɪ',
  P: 'p',
  R: 'r',
  S: 's',
  SH: 'ʃ',
  T: 't',
  TH: 'θ',
  UH: 'ʊ',
  UW: 'uː',
  V: 'v',
  W: 'w',
  Y: 'j',
  Z: 'z',
  ZH: 'ʒ',
} as const satisfies Record<Phone, string>;

/** Vowels (the phones that carry stress), for syllables, stress and the added-vowel check. */
export const VOWELS: ReadonlySet<Phone> = new Set<Phone>([
  'AA',
  'AE',
  'AH',
  'AO',
  'AW',
  'AY',
  'EH',
  'ER',
  'EY',
  'IH',
  'IY',
  'OW',
  'OY',
  'UH',
  'UW',
]);

/**
 * The sound errors learners of English make most, as a tip each: the key of a one-line tip in the
 * dashboard's `speech` namespace (`phoneTips.<key>`), saying where the tongue, lips or breath go.
 * - `th`: /θ/ said as f, s or t; `dh`: /ð/ as d or z; `v`: /v/ as b or w; `w`: /w/ as v; `r`, `l`: r and l
 *   swapped; `ih`, `iy`: the short and long i swapped; `jh`: /dʒ/ as y; `z`: /z/ as s;
 * - `addedVowel`: a vowel added before s + consonant ("estreet"); `droppedEnding`: a final consonant, -ed or -s
 *   not said; `h`: /h/ dropped; `other`: any other sound heard differently.
 */
export const PHONE_TIPS = [
  'th',
  'dh',
  'v',
  'w',
  'r',
  'l',
  'ih',
  'iy',
  'jh',
  'z',
  'addedVowel',
  'droppedEnding',
  'h',
  'other',
] as const;
export type PhoneTip = (typeof PHONE_TIPS)[number];

const TIP_OF_PHONE: Partial<Record<Phone, PhoneTip>> = {
  TH: 'th',
  DH: 'dh',
  V: 'v',
  W: 'w',
  R: 'r',
  L: 'l',
  IH: 'ih',
  IY: 'iy',
  JH: 'jh',
  Z: 'z',
  HH: 'h',
};

/**
 * The tip for one phone of a word as heard: an added vowel, a dropped sound (h, or a word's last consonant), or
 * the expected phone's own tip when something else was heard. Null for a phone heard as written.
 */
export const phoneTipOf = ({
  phone,
  status,
  last,
}: {
  phone: Phone;
  status: 'correct' | 'mispronounced' | 'omitted' | 'inserted';
  /** Whether this is the word's last phone (a dropped ending). */
  last: boolean;
}): PhoneTip | null => {
  if (status === 'correct') return null;
  if (status === 'inserted') return 'addedVowel';
  if (status === 'omitted')
    return phone === 'HH' ? 'h' : last ? 'droppedEnding' : (TIP_OF_PHONE[phone] ?? 'other');
  return TIP_OF_PHONE[phone] ?? 'other';
};

/**
 * The sounds heard instead of each sound, as learners of English say them: θ→f/s/t, ð→d/z, v→b/w,
 * w→v, r↔l, ɪ↔iː, dʒ→j, z→s. The aligner offers them as alternatives; a transcript word that differs from the
 * target by them names the error.
 */
export const CONFUSIONS: Partial<Record<Phone, readonly Phone[]>> = {
  TH: ['F', 'S', 'T'],
  DH: ['D', 'Z'],
  V: ['B', 'W'],
  W: ['V'],
  R: ['L'],
  L: ['R'],
  IH: ['IY'],
  IY: ['IH'],
  JH: ['Y'],
  Z: ['S'],
};

/** The vowel a learner adds before s + consonant ("estreet", "eschool"). */
export const ADDED_VOWEL: Phone = 'EH';

/** Final sounds learners drop after another consonant: -ed (t, d), -s (s, z) and a cluster's last stop. */
export const DROPPABLE_ENDINGS: ReadonlySet<Phone> = new Set<Phone>(['T', 'D', 'S', 'Z', 'K', 'P']);

/** Whether a phone is a consonant (false for no phone at all). */
export const isConsonant = (phone: Phone | undefined) => phone !== undefined && !VOWELS.has(phone);
