import { PHONE_IPA } from '@coach/shared/constants/speech-sounds';
import type { SpeechPhone, SpeechWord } from '@coach/shared/contract/speech';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../i18n/format.ts';
import { bareWord } from './bare-word.ts';

/** A visible symbol (hidden from screen readers, which get the words instead; speech.json describes each). */
const WORD_MARKS = { mispronounced: '≈', omitted: '−', inserted: '+' } as const;

export const ipa = (phone: SpeechPhone['phone']) => `/${PHONE_IPA[phone]}/`;

/**
 * What a marked word's mark means. A word marked mispronounced says why: the word heard
 * instead, the sound heard instead, or that it was heard but not clearly; never "said differently" for a word
 * the transcript shows as written.
 */
const describeWord = (t: TFunction<'speech'>, word: SpeechWord) => {
  if (word.status === 'correct') return '';
  // A word heard as another word was said, whichever status it carries: never just "missed".
  if (word.heard && word.status !== 'inserted') return t('analysis.heard', { heard: bareWord(word.heard) });
  if (word.status !== 'mispronounced') return t(`analysis.marks.${word.status}`);
  const sound = word.phones?.find((phone) => phone.status === 'mispronounced' && phone.heard);
  if (sound?.heard) return t('analysis.soundHeard', { heard: ipa(sound.heard), phone: ipa(sound.phone) });
  const missed = word.phones?.find((phone) => phone.status === 'omitted' || phone.status === 'inserted');
  if (missed) return t('analysis.soundMissed', { phone: ipa(missed.phone) });
  return t('analysis.notClear');
};

/**
 * The mark a word carries: a word left out where another word was heard was said (describeWord), so it is marked
 * and counted as said differently, as its description says, not as missed.
 */
const markOf = (word: SpeechWord) =>
  word.status === 'omitted' && word.heard ? ('mispronounced' as const) : word.status;

/** The target text as read: each word marked by status, by a symbol and an underline style, not colour alone. */
export const MarkedReading = ({ words }: { words: SpeechWord[] }) => {
  const { t } = useTranslation('speech');
  const counts = {
    mispronounced: words.filter((word) => markOf(word) === 'mispronounced').length,
    omitted: words.filter((word) => markOf(word) === 'omitted').length,
    inserted: words.filter((word) => markOf(word) === 'inserted').length,
  };
  const marked = (Object.keys(counts) as (keyof typeof counts)[]).filter((status) => counts[status] > 0);
  return (
    <>
      {/* What was read is English, in an Arabic page too: its words run left to right, its full stops at their end. */}
      <p className="speech-analysis__reading" dir="ltr" lang="en">
        {words.map((word, index) => {
          const description = describeWord(t, word);
          const key = `${index}-${word.word}`;
          const mark = markOf(word);
          if (mark === 'correct') return <span key={key}>{word.word} </span>;
          return (
            <span key={key}>
              <span className={`speech-word speech-word--${mark}`} title={description}>
                <span className="speech-word__symbol" aria-hidden="true">
                  {WORD_MARKS[mark]}
                </span>
                {/* An extra word is the recogniser's, with its full stop ("Ronnie."): shown bare. */}
                {word.status === 'inserted' ? bareWord(word.word) : word.word}
                <span className="visually-hidden"> ({description})</span>
              </span>{' '}
            </span>
          );
        })}
      </p>
      {marked.length > 0 ? (
        <ul className="speech-analysis__legend" aria-label={t('analysis.legend')}>
          {marked.map((status) => (
            <li key={status}>
              {/* The mark as the reading shows it, then its name: a sample word beside "extra word" read twice. */}
              <span className={`speech-word speech-word--${status}`} aria-hidden="true">
                <span className="speech-word__symbol">{WORD_MARKS[status]}</span>
              </span>{' '}
              {t('analysis.legendCount', {
                mark: t(`analysis.marks.${status}`),
                value: formatNumber(counts[status]),
              })}
            </li>
          ))}
        </ul>
      ) : (
        <p className="speech-analysis__note">{t('analysis.allHeard')}</p>
      )}
    </>
  );
};
