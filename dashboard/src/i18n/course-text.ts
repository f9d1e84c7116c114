import { formatAmount, formatPrice } from '@coach/shared/constants/marketplace';
import { useTranslation } from 'react-i18next';
import { formatNumber, intlLocale } from './format.ts';
import { serverText } from './server-text.ts';

// The words of the course screens that are not plain keys: the marketplace's categories and levels (stored and
// sent in English, shown in the reader's language), prices, lengths in minutes, and the English sentences of the
// course contract's checks and the course calls' answers, which the browser runs and the server sends.

const CATEGORY_KEYS: Record<string, string> = {
  'Public Speaking': 'publicSpeaking',
  'Business English': 'businessEnglish',
  'Interview Skills': 'interviewSkills',
  'Academic English': 'academicEnglish',
  'Leadership Communication': 'leadershipCommunication',
  Pronunciation: 'pronunciation',
};
const LEVEL_KEYS: Record<string, string> = {
  Beginner: 'beginner',
  Intermediate: 'intermediate',
  Advanced: 'advanced',
  Master: 'master',
};

/**
 * Each English sentence of the course contract (`shared/src/contract/courses.ts`) and of the course service's
 * answers, with its key; a number in it becomes `count` (a plural) or the named slot.
 */
const MESSAGES: readonly (readonly [RegExp, string])[] = [
  [/^Please enter the course name$/, 'messages.courseName'],
  [/^At most (?<count>\d+) characters$/, 'messages.maxCharacters'],
  [/^Choose a category$/, 'messages.category'],
  [/^Describe the course in at least (?<count>\d+) characters$/, 'messages.description'],
  [/^Enter a price$/, 'messages.price'],
  [/^Enter the price in cents$/, 'messages.priceInCents'],
  [/^The price cannot be negative$/, 'messages.priceNegative'],
  [/^The price is too high$/, 'messages.priceTooHigh'],
  [/^Choose a currency$/, 'messages.currency'],
  [/^Please enter the duration$/, 'messages.duration'],
  [/^Choose a level$/, 'messages.level'],
  [/^Must be the address of an uploaded file$/, 'messages.imageUrl'],
  [/^Write what learners will learn, or remove this line$/, 'messages.outcome'],
  [/^At most (?<count>\d+) outcomes$/, 'messages.maxOutcomes'],
  [/^At most (?<count>\d+) modules$/, 'messages.maxModules'],
  [/^Please enter the module title$/, 'messages.moduleTitle'],
  [/^Add at least one lesson to this module$/, 'messages.noLessons'],
  [/^At most (?<count>\d+) lessons in a module$/, 'messages.maxLessons'],
  [/^Please enter the lesson title$/, 'messages.lessonTitle'],
  [/^Enter the minutes, (?<min>\d+) to (?<max>\d+)$/, 'messages.minutes'],
  [/^Enter whole minutes$/, 'messages.wholeMinutes'],
  [/^At least (?<count>\d+) minutes?$/, 'messages.minMinutes'],
  [/^At most (?<count>\d+) minutes$/, 'messages.maxMinutes'],
  [/^Please enter the instructor's name$/, 'messages.instructorName'],
  [/^Course not found$/, 'messages.notFound'],
  [
    /^Your organisation is not listed as an institution on the marketplace yet\. Contact support\.$/,
    'messages.notInstitution',
  ],
  [/^Course published to the marketplace$/, 'messages.published'],
  [/^Course taken off the marketplace$/, 'messages.unpublished'],
];

/** The course screens' helpers that speak the chosen language. */
export const useCourseText = () => {
  const { t, i18n } = useTranslation('courses');
  const english = i18n.language === 'en';

  const translateSentence = (sentence: string): string | null => {
    for (const [pattern, key] of MESSAGES) {
      const match = pattern.exec(sentence);
      if (!match) continue;
      const values: Record<string, string | number> = {};
      for (const [name, value] of Object.entries(match.groups ?? {})) {
        if (name === 'count') values.count = Number(value);
        values[name === 'count' ? 'n' : name] = formatNumber(Number(value));
      }
      return t(key, values);
    }
    return null;
  };

  /**
   * A contract or server message in the chosen language. English shows it exactly as sent; elsewhere a
   * "field.path: sentence" shows as the sentence alone (the field is the API's name), and a sentence this screen
   * does not know goes to the shared list of server sentences.
   */
  const message = (text: string): string => {
    if (english) return text;
    const known = translateSentence(text);
    if (known) return known;
    const named = /^[\w.]+: (.+)$/s.exec(text)?.[1];
    return (named ? translateSentence(named) : null) ?? serverText(text);
  };
  /** Like `message`, for an error that may be absent. */
  const maybeMessage = (text: string | null | undefined) => (text ? message(text) : text);

  const category = (value: string) => {
    const key = CATEGORY_KEYS[value];
    return key ? t(`categories.${key}`) : value;
  };
  const level = (value: string) => {
    const key = LEVEL_KEYS[value];
    return key ? t(`levels.${key}`) : value;
  };

  /** "A$129.00" in English as the marketplace writes it, the chosen language's own way elsewhere; 0 is free. */
  const price = (cents: number, currency: string) =>
    cents === 0 ? t('price.free') : formatPrice(cents, currency, english ? undefined : intlLocale());

  /** An amount of money, 0 included ("A$0.00"): what was taken or paid back, never a price, so never "Free". */
  const amount = (cents: number, currency: string) =>
    formatAmount(cents, currency, english ? undefined : intlLocale());

  /** 95 → "1 h 35 min", 40 → "40 min", 120 → "2 h". */
  const minutes = (total: number) => {
    const hours = Math.floor(total / 60);
    const rest = total % 60;
    if (hours === 0) return t('length.minutes', { minutes: formatNumber(rest) });
    return rest === 0
      ? t('length.hours', { count: hours, hours: formatNumber(hours) })
      : t('length.hoursMinutes', { count: hours, hours: formatNumber(hours), minutes: formatNumber(rest) });
  };

  return { t, message, maybeMessage, category, level, price, amount, minutes };
};
