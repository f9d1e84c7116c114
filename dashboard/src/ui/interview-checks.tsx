import { PACE_BAND } from '@coach/shared/constants/speech';
import type {
  InterviewContent,
  InterviewFeedback,
  InterviewNote,
  StarPart,
} from '@coach/shared/contract/interview';
import { STAR_PARTS } from '@coach/shared/contract/interview';
import type { TFunction } from 'i18next';
import { Trans, useTranslation } from 'react-i18next';
import { formatList, formatNumber } from '../i18n/format.ts';
import './interview-checks.css';

// What an interview answer said, as the learner and the reviewer see it under the answer's speech
// analysis, and the interviewer's summing up. Every check is a word and a symbol, never colour alone.

// Words are listed with the chosen language's separator ('unit': "a, b, c" in English, no "and").
const words = (items: readonly string[]) => formatList(items, 'unit');

const Check = ({ ok, label }: { ok: boolean; label: string }) => {
  const { t } = useTranslation('speech');
  return (
    <li className={`interview-check ${ok ? 'interview-check--ok' : 'interview-check--missing'}`}>
      <span aria-hidden="true">{ok ? '✓' : '✗'}</span> {label}
      <span className="visually-hidden"> {ok ? t('checks.said') : t('checks.notSaid')}</span>
    </li>
  );
};

/** The rule-based checks of one heard answer: length, the opening's facts, the STAR parts, the role's words. */
export const AnswerChecks = ({ content }: { content: InterviewContent }) => {
  const { t } = useTranslation('speech');
  return (
    <section className="interview-checks" aria-label={t('checks.label')}>
      <h4 className="interview-checks__heading">{t('checks.heading')}</h4>
      <p className="interview-checks__line">
        <Trans
          t={t}
          i18nKey="checks.words"
          count={content.wordCount}
          values={{ value: formatNumber(content.wordCount) }}
          components={{ strong: <strong /> }}
        />{' '}
        · {t(`checks.length.${content.length}`)}
      </p>
      {content.mentioned ? (
        <ul className="interview-checks__list" aria-label={t('checks.opening')}>
          <Check ok={content.mentioned.jobTitle} label={t('checks.jobTitle')} />
          <Check ok={content.mentioned.industry} label={t('checks.industry')} />
          <Check ok={content.mentioned.location} label={t('checks.location')} />
        </ul>
      ) : null}
      {content.star ? (
        <ul className="interview-checks__list" aria-label={t('checks.story')}>
          {STAR_PARTS.map((part: StarPart) => (
            <Check key={part} ok={content.star?.[part] ?? false} label={t(`checks.star.${part}`)} />
          ))}
        </ul>
      ) : null}
      <p className="interview-checks__line">
        {content.keywords.used.length > 0
          ? t('checks.keywordsUsed', { words: words(content.keywords.used) })
          : t('checks.noKeywords')}{' '}
        {content.keywords.suggested.length > 0 ? (
          <span className="interview-checks__hint">
            {t('checks.tryAlso', { words: words(content.keywords.suggested) })}
          </span>
        ) : null}
      </p>
    </section>
  );
};

/** A number with at most one decimal, in the chosen language's digits. */
const oneDecimal = (value: number | undefined) => formatNumber(value ?? 0, { maximumFractionDigits: 1 });

/**
 * A note of the coach's summing up as a sentence in the reader's language: its figures in the language's digits,
 * its stages, facts and story parts by their names here, listed as the language lists them.
 */
export const noteSentence = (t: TFunction<'speech'>, { key, values }: InterviewNote): string =>
  t(
    `interviewNotes.${key === 'storyMissing' && values.parts?.length === STAR_PARTS.length ? 'storyMissingAll' : key}`,
    {
      pace: formatNumber(values.pace ?? 0),
      low: formatNumber(PACE_BAND.min),
      high: formatNumber(PACE_BAND.max),
      count: formatNumber(values.count ?? 0),
      rate: oneDecimal(values.rate),
      seconds: oneDecimal(values.seconds),
      hundred: formatNumber(100),
      stages: formatList((values.stages ?? []).map((stage) => t(`interviewNotes.stage.${stage}`))),
      facts: formatList(
        (values.facts ?? []).map((fact) => t(`interviewNotes.fact.${fact}`)),
        'disjunction',
      ),
      parts: formatList((values.parts ?? []).map((part) => t(`interviewNotes.part.${part}`))),
      words: words(values.words ?? []),
    },
  );

/**
 * The interviewer's summing up: what went well, then the three things to work on, numbered. The coach's own
 * summing up reads in the reader's language (its notes); a model's or a reviewer's is shown as written.
 */
export const InterviewFeedbackCard = ({ feedback }: { feedback: InterviewFeedback }) => {
  const { t } = useTranslation('speech');
  const strengths = feedback.notes
    ? feedback.notes.strengths.map((note) => noteSentence(t, note))
    : feedback.strengths;
  const workOn = feedback.notes
    ? feedback.notes.workOn.map((note) => noteSentence(t, note))
    : feedback.workOn;
  return (
    <div className="interview-feedback">
      <div className="interview-feedback__part">
        <h4 className="interview-feedback__heading">{t('checks.wentWell')}</h4>
        <ul className="interview-feedback__list">
          {strengths.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </div>
      <div className="interview-feedback__part">
        <h4 className="interview-feedback__heading">{t('checks.workOn')}</h4>
        <ol className="interview-feedback__list">
          {workOn.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ol>
      </div>
    </div>
  );
};
