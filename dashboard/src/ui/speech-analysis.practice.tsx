import { PHONE_IPA, type PhoneTip, phoneTipOf, VOWELS } from '@coach/shared/constants/speech-sounds';
import type { SpeechPhone, SpeechWord } from '@coach/shared/contract/speech';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { formatNumber } from '../i18n/format.ts';
import { bareWord } from './bare-word.ts';
import { ipa } from './speech-analysis.reading.tsx';

/** How many words to practise show at once, with their tips; the rest are one click away. */
const PRACTICE_SHOWN = 3;
/** The sounds named per word: its worst two. */
const SOUNDS_PER_WORD = 2;

/** A word as it is said, without the punctuation it is written with ("shelf." is heard as "shelf"). */

/** A phone as a learner reads it, between slashes ("/θ/"). */
type SoundIssue = { phone: SpeechPhone; next: SpeechPhone | undefined; tip: PhoneTip | null };
type Practice = {
  word: SpeechWord;
  text: string;
  issues: SoundIssue[];
  /** For a missed word, the extra word heard right beside it (heardBeside). */
  heardBeside?: string | undefined;
};

/**
 * Whether another word was said in this word's place rather than this word with a sound off: a word heard as
 * another word ("by" for "particularly") whose sounds were mostly not heard as written. Its sounds were never
 * attempted, so no sound is named and no tip given: the word heard instead says it ("fink" for "think", one sound
 * off, still names /f/ for /θ/).
 */
const replacedByAnother = (word: SpeechWord) => {
  const own = (word.phones ?? []).filter((phone) => phone.status !== 'inserted');
  if (!word.heard || own.length === 0) return false;
  return own.filter((phone) => phone.status === 'correct').length * 2 < own.length;
};

/** A word's sounds not heard as written, the worst (lowest score) first. */
const soundIssues = (word: SpeechWord): SoundIssue[] => {
  const phones = word.phones ?? [];
  // A missed word's sounds are all missing: the word says so once, not sound by sound.
  if (word.status === 'omitted' || replacedByAnother(word)) return [];
  return phones
    .map((phone, index) => ({
      phone,
      next: phones.slice(index + 1).find((later) => later.status !== 'inserted'),
      tip: phoneTipOf({ phone: phone.phone, status: phone.status, last: index === phones.length - 1 }),
    }))
    .filter((issue) => issue.phone.status !== 'correct')
    .sort((a, b) => a.phone.score - b.phone.score);
};

/**
 * Words with a sound to work on first (worst sound first), then words said differently (a word heard as another
 * word is one, whatever its status), then missed words.
 */
const rankOf = ({ word, issues, heardBeside: beside }: Practice) =>
  issues[0]?.phone.score ?? (word.status === 'mispronounced' || word.heard || beside ? 101 : 102);

/**
 * For each missed word with no word named heard instead, the extra word heard right beside it (after it, else
 * before it; each extra word once): said in its place, as a transcript shows a word replaced by another whose
 * spelling is too far from it to be paired ("potatoes" for "patience"). By the word's index.
 */
const heardBeside = (words: SpeechWord[]) => {
  const beside = new Map<number, string>();
  const claimed = new Set<number>();
  words.forEach((word, index) => {
    if (word.status !== 'omitted' || word.heard) return;
    const at = [index + 1, index - 1].find((i) => words[i]?.status === 'inserted' && !claimed.has(i));
    const extra = at === undefined ? undefined : words[at];
    if (at === undefined || !extra) return;
    claimed.add(at);
    beside.set(index, extra.word);
  });
  return beside;
};

/**
 * The words to practise, most pressing first, each word once: a word missed twice in a passage ("thank" in two
 * sentences) is one card, the one with its worst sound (the reading above still marks both).
 */
export const practiceOf = (words: SpeechWord[]): Practice[] => {
  const beside = heardBeside(words);
  const seen = new Set<string>();
  return words
    .map((word, index) => ({
      word,
      text: bareWord(word.word),
      issues: soundIssues(word),
      heardBeside: beside.get(index),
    }))
    .filter(
      ({ word, issues }) => word.status !== 'inserted' && (word.status !== 'correct' || issues.length > 0),
    )
    .sort((a, b) => rankOf(a) - rankOf(b))
    .filter(({ text }) => {
      const key = text.toLocaleLowerCase('en');
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
};

/** A phone's IPA in its word: an added AH is never stressed, so it is the schwa /ə/ rather than /ʌ/. */
const soundOf = ({ phone, status }: SpeechPhone) =>
  phone === 'AH' && status === 'inserted' ? 'ə' : PHONE_IPA[phone];

/** The word's sounds in IPA between slashes, each one heard wrong marked by weight, underline and a tint. */
const Sounds = ({ phones }: { phones: SpeechPhone[] }) => (
  <bdi dir="ltr" className="speech-sounds">
    /
    {phones.map((phone, index) => {
      const sound = soundOf(phone);
      const key = `${index}-${phone.phone}`;
      return phone.status === 'correct' ? (
        <span key={key}>{sound}</span>
      ) : (
        <mark key={key} className={`speech-sound speech-sound--${phone.status}`}>
          {sound}
        </mark>
      );
    })}
    /
  </bdi>
);

/** One sound heard wrong, as a sentence: "You said /f/ for /θ/ in think." */
const SoundSentence = ({ issue, word, reviewer }: { issue: SoundIssue; word: string; reviewer: boolean }) => {
  const { t } = useTranslation('speech');
  const { phone, next } = issue;
  const components = { ipa: <bdi dir="ltr" className="speech-ipa" />, w: <bdi className="speech-said" /> };
  const values = { phone: ipa(phone.phone), word };
  switch (phone.status) {
    case 'mispronounced':
      return phone.heard ? (
        <Trans
          t={t}
          i18nKey={reviewer ? 'practice.heardFor' : 'practice.saidFor'}
          values={{ ...values, heard: ipa(phone.heard) }}
          components={components}
        />
      ) : (
        <Trans t={t} i18nKey="practice.unclear" values={values} components={components} />
      );
    case 'omitted':
      return <Trans t={t} i18nKey="practice.notHeard" values={values} components={components} />;
    case 'inserted':
      return next ? (
        <Trans
          t={t}
          i18nKey={VOWELS.has(phone.phone) ? 'practice.vowelAddedBefore' : 'practice.addedBefore'}
          values={{ ...values, next: ipa(next.phone) }}
          components={components}
        />
      ) : (
        <Trans t={t} i18nKey="practice.addedAtEnd" values={values} components={components} />
      );
    case 'correct':
      return null;
  }
};

/**
 * What was heard of a word that has no sound to name: the word heard instead when the recogniser names one (the
 * learner did speak, even where the word counts as missed), else missed or unclear.
 */
const WordSentence = ({
  word,
  text,
  beside,
}: {
  word: SpeechWord;
  text: string;
  beside: string | undefined;
}) => {
  const { t } = useTranslation('speech');
  const heard = word.heard ?? beside;
  if (heard)
    return (
      <Trans
        t={t}
        i18nKey="practice.wordHeardInstead"
        values={{ heard: bareWord(heard), word: text }}
        components={{ w: <bdi className="speech-said" /> }}
      />
    );
  return word.status === 'omitted' ? t('practice.wordMissed') : t('practice.wordUnclear');
};

const PracticeItem = ({
  practice: { word, text, issues, heardBeside: beside },
  tips,
  reviewer,
  renderHearIt,
}: {
  practice: Practice;
  /** The tips to give here (a tip already given above is not repeated). */
  tips: PhoneTip[];
  reviewer: boolean;
  renderHearIt: ((text: string) => ReactNode) | undefined;
}) => {
  const { t } = useTranslation('speech');
  const named = issues.slice(0, SOUNDS_PER_WORD);
  return (
    <li className="speech-practice__item">
      <div className="speech-practice__head">
        <span className="speech-practice__said">
          <span className="speech-practice__word" dir="auto">
            {text}
          </span>
          {word.phones && word.status !== 'omitted' && !replacedByAnother(word) ? (
            <Sounds phones={word.phones} />
          ) : null}
        </span>
        {renderHearIt ? <span className="speech-practice__hear">{renderHearIt(text)}</span> : null}
      </div>
      {named.length > 0 ? (
        named.map((issue, index) => (
          <p key={`${index}-${issue.phone.phone}`} className="speech-practice__issue">
            <SoundSentence issue={issue} word={text} reviewer={reviewer} />
          </p>
        ))
      ) : (
        <p className="speech-practice__issue">
          <WordSentence word={word} text={text} beside={beside} />
        </p>
      )}
      {tips.map((tip) => (
        <p key={tip} className="speech-practice__tip">
          <span className="speech-practice__tip-label">{t('practice.tip')}</span> {t(`phoneTips.${tip}`)}
        </p>
      ))}
    </li>
  );
};

/**
 * The words to work on, worst first: each with its sounds, the sound heard wrong marked and said in a
 * sentence, and, for the first few, the tip for that confusion (each tip once). The rest fold away.
 */
export const WordsToPractise = ({
  practice,
  reviewer,
  renderHearIt,
}: {
  practice: Practice[];
  reviewer: boolean;
  renderHearIt: ((text: string) => ReactNode) | undefined;
}) => {
  const { t } = useTranslation('speech');
  const given = new Set<PhoneTip>();
  const tipsOf = ({ issues }: Practice) =>
    issues.slice(0, SOUNDS_PER_WORD).flatMap(({ tip }) => {
      if (!tip || given.has(tip)) return [];
      given.add(tip);
      return [tip];
    });
  const item = (entry: Practice, index: number, tips: PhoneTip[]) => (
    <PracticeItem
      key={`${index}-${entry.text}`}
      practice={entry}
      tips={tips}
      reviewer={reviewer}
      renderHearIt={renderHearIt}
    />
  );
  const first = practice.slice(0, PRACTICE_SHOWN);
  const rest = practice.slice(PRACTICE_SHOWN);
  return (
    <>
      <ul className="speech-practice" aria-label={t('practice.heading')}>
        {first.map((entry, index) => item(entry, index, tipsOf(entry)))}
      </ul>
      {rest.length > 0 ? (
        <details className="speech-practice__more">
          <summary>{t('practice.more', { count: rest.length, value: formatNumber(rest.length) })}</summary>
          <ul className="speech-practice">
            {rest.map((entry, index) => item(entry, index + PRACTICE_SHOWN, []))}
          </ul>
        </details>
      ) : null}
    </>
  );
};
