import {
  ADDED_VOWEL,
  CONFUSIONS,
  DROPPABLE_ENDINGS,
  isConsonant,
  type Phone,
  VOWELS,
} from '@coach/shared/constants/speech-sounds';
import type { Pronunciation } from './dictionary.ts';

// The sound errors learners of English actually make, as the places in a word where the aligner may
// hear another sound: θ→f/s/t, ð→d/z, v→b/w, w→v, r↔l, ɪ↔iː, dʒ→j, z→s, a vowel added before s + consonant, a
// dropped final consonant (-ed, -s endings), a dropped h. Each place is a slot of the word's grammar.

/** What may stand in a slot: the expected sound, another sound, nothing (a dropped sound), or an added sound. */
export type SlotChoice =
  | { kind: 'expected'; phone: Phone }
  | { kind: 'substituted'; phone: Phone }
  | { kind: 'omitted' }
  | { kind: 'inserted'; phone: Phone };

/**
 * One place in a word: the sound expected there (null for a place where a sound may be added), its stress, and
 * its choices, the expected one (or, for an added sound, none) first.
 */
export type Slot = {
  expected: Phone | null;
  stress: 0 | 1 | 2 | null;
  choices: SlotChoice[];
};

/** The slots of one reference pronunciation. */
export const slotsOf = (pronunciation: Pronunciation): Slot[] => {
  const slots: Slot[] = [];
  const first = pronunciation[0]?.phone;
  const second = pronunciation[1]?.phone;
  if (first === 'S' && isConsonant(second)) {
    slots.push({ expected: null, stress: null, choices: [{ kind: 'inserted', phone: ADDED_VOWEL }] });
  }
  pronunciation.forEach(({ phone, stress }, index) => {
    const choices: SlotChoice[] = [{ kind: 'expected', phone }];
    // A vowel is confused only where it is stressed: unstressed vowels reduce in anyone's speech ("the" as
    // "thee" or "thuh"), so an aligner hearing another there would blame natural speech.
    const confusable = !VOWELS.has(phone) || stress === 1;
    for (const other of confusable ? (CONFUSIONS[phone] ?? []) : [])
      choices.push({ kind: 'substituted', phone: other });
    const last = index === pronunciation.length - 1;
    const afterConsonant = isConsonant(pronunciation[index - 1]?.phone);
    if (
      (phone === 'HH' && index === 0 && pronunciation.length > 1) ||
      (last && afterConsonant && DROPPABLE_ENDINGS.has(phone))
    ) {
      choices.push({ kind: 'omitted' });
    }
    slots.push({ expected: phone, stress, choices });
  });
  return slots;
};

/** The phones a slot's choice puts into the audio (none for a dropped one, and none for "nothing added"). */
export const phonesOfChoice = (choice: SlotChoice | null): Phone[] =>
  choice === null || choice.kind === 'omitted' ? [] : [choice.phone];
