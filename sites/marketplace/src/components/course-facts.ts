import type { LanguageCode } from '@coach/shared/constants/languages';
import { plural, type Strings } from '../i18n/format.ts';

/**
 * A course's category, level and duration in the page's language. The server stores and sends
 * them in English (the categories and levels of shared/constants/marketplace.ts, a duration as typed in the course
 * editor, "4 weeks"); the site shows its own words for them, a duration with the language's plural
 * (Intl.PluralRules, through `plural`). Anything it does not know is shown as it was entered.
 */

const CATEGORY_KEYS: Readonly<Record<string, string>> = {
  'Public Speaking': 'categoryPublicSpeaking',
  'Business English': 'categoryBusinessEnglish',
  'Interview Skills': 'categoryInterviewSkills',
  'Academic English': 'categoryAcademicEnglish',
  'Leadership Communication': 'categoryLeadershipCommunication',
  Pronunciation: 'categoryPronunciation',
};

const LEVEL_KEYS: Readonly<Record<string, string>> = {
  Beginner: 'levelBeginner',
  Intermediate: 'levelIntermediate',
  Advanced: 'levelAdvanced',
  Master: 'levelMaster',
};

/** The units a duration may be written in, singular or plural, with their key. */
const UNITS: Readonly<Record<string, string>> = {
  week: 'weeks',
  wk: 'weeks',
  day: 'days',
  hour: 'hours',
  hr: 'hours',
  h: 'hours',
  month: 'months',
};

/** The strings these need: the card section of the site's catalog. */
type FactStrings = Strings;

export const categoryName = (s: FactStrings, category: string) => {
  const key = CATEGORY_KEYS[category];
  return (key && s[key]) || category;
};

export const levelName = (s: FactStrings, level: string) => {
  const key = LEVEL_KEYS[level];
  return (key && s[key]) || level;
};

/** "4 weeks" → "4 semanas", "أسبوعان" for 2 in Arabic; "Self-paced" stays as entered. */
export const durationText = (s: FactStrings, lang: LanguageCode, duration: string) => {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]+?)s?\.?\s*$/i.exec(duration);
  const unit = match ? UNITS[(match[2] ?? '').toLowerCase()] : undefined;
  if (!match || !unit || !s[`${unit}_other`]) return duration;
  return plural(s, lang, unit, Number(match[1]));
};

/** Whether a fact is one of the site's own words (so it needs no isolation as entered text does). */
export const isKnownCategory = (category: string) => category in CATEGORY_KEYS;
