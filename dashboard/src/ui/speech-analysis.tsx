import { MIN_PAUSE_SECONDS, PACE_BAND, paceVerdict } from '@coach/shared/constants/speech';
import type { SpeechAnalysis, SpeechScores, SpeechWord } from '@coach/shared/contract/speech';
import type { TFunction } from 'i18next';
import { useEffect, useId, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { formatList, formatNumber } from '../i18n/format.ts';
import { Button } from './button.tsx';
import { Spinner } from './spinner.tsx';
import './speech-analysis.css';

type Measured = Extract<SpeechAnalysis, { status: 'done' }>;

/** The pace scale runs to half again the band's top, so a fast reader's marker stays on it. */
const PACE_SCALE_MAX = Math.round(PACE_BAND.max * 1.5);

const tenths = { minimumFractionDigits: 1, maximumFractionDigits: 1 } as const;
const seconds = (t: TFunction<'speech'>, value: number) =>
  t('analysis.seconds', { value: formatNumber(value, tenths) });

/** m:ss from the start of the recording. */
const clock = (value: number) => {
  const whole = Math.max(0, Math.floor(value));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

/** A visible symbol (hidden from screen readers, which get the words instead; speech.json describes each). */
const WORD_MARKS = { mispronounced: '≈', omitted: '−', inserted: '+' } as const;

const describeWord = (t: TFunction<'speech'>, word: SpeechWord) => {
  if (word.status === 'mispronounced' && word.heard) return t('analysis.heard', { heard: word.heard });
  return word.status === 'correct' ? '' : t(`analysis.marks.${word.status}`);
};

/** The target text as read: each word marked by status, by a symbol and an underline style, not colour alone. */
const MarkedReading = ({ words }: { words: SpeechWord[] }) => {
  const { t } = useTranslation('speech');
  const counts = {
    mispronounced: words.filter((word) => word.status === 'mispronounced').length,
    omitted: words.filter((word) => word.status === 'omitted').length,
    inserted: words.filter((word) => word.status === 'inserted').length,
  };
  const marked = (Object.keys(counts) as (keyof typeof counts)[]).filter((status) => counts[status] > 0);
  return (
    <>
      <p className="speech-analysis__reading">
        {words.map((word, index) => {
          const description = describeWord(t, word);
          const key = `${index}-${word.word}`;
          if (word.status === 'correct') return <span key={key}>{word.word} </span>;
          return (
            <span key={key}>
              <span className={`speech-word speech-word--${word.status}`} title={description}>
                <span className="speech-word__symbol" aria-hidden="true">
                  {WORD_MARKS[word.status]}
                </span>
                {word.word}
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
              <span className={`speech-word speech-word--${status}`} aria-hidden="true">
                <span className="speech-word__symbol">{WORD_MARKS[status]}</span>
                {t('analysis.legendWord')}
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

const Pace = ({ wordsPerMinute }: { wordsPerMinute: number }) => {
  const { t } = useTranslation('speech');
  const verdict = paceVerdict(wordsPerMinute);
  const label = t(`analysis.verdict.${verdict}`);
  const value = formatNumber(wordsPerMinute);
  const at = (value: number) => `${(Math.min(value, PACE_SCALE_MAX) / PACE_SCALE_MAX) * 100}%`;
  return (
    <>
      <p className="speech-analysis__figure">
        <Trans
          t={t}
          i18nKey="analysis.paceFigure"
          count={wordsPerMinute}
          values={{ value }}
          components={{ strong: <strong /> }}
        />{' '}
        <span className={`speech-analysis__verdict speech-analysis__verdict--${verdict}`}>{label}</span>
      </p>
      {/* The scale is a picture of the figures above; the meter tells them to assistive technology. */}
      <div className="speech-pace" aria-hidden="true">
        <span
          className="speech-pace__band"
          style={{
            insetInlineStart: at(PACE_BAND.min),
            inlineSize: `calc(${at(PACE_BAND.max)} - ${at(PACE_BAND.min)})`,
          }}
        />
        <span className="speech-pace__marker" style={{ insetInlineStart: at(wordsPerMinute) }} />
      </div>
      <meter
        className="visually-hidden"
        aria-label={t('analysis.pace')}
        aria-valuetext={t('analysis.paceValue', {
          count: wordsPerMinute,
          value,
          verdict: t(`analysis.verdictText.${verdict}`),
        })}
        min={0}
        max={PACE_SCALE_MAX}
        low={PACE_BAND.min}
        high={PACE_BAND.max}
        optimum={(PACE_BAND.min + PACE_BAND.max) / 2}
        value={Math.min(wordsPerMinute, PACE_SCALE_MAX)}
      >
        {t('analysis.paceMeter', { count: wordsPerMinute, value })}
      </meter>
      <p className="speech-analysis__note">
        {t('analysis.paceComfortable', {
          min: formatNumber(PACE_BAND.min),
          max: formatNumber(PACE_BAND.max),
        })}
      </p>
    </>
  );
};

const Pauses = ({ analysis }: { analysis: Measured }) => {
  const { t } = useTranslation('speech');
  const minimum = formatNumber(MIN_PAUSE_SECONDS);
  return analysis.pauses.length === 0 ? (
    <p className="speech-analysis__figure">{t('analysis.noPauses', { seconds: minimum })}</p>
  ) : (
    <>
      <p className="speech-analysis__figure">
        <Trans
          t={t}
          i18nKey="analysis.pausesFigure"
          count={analysis.pauses.length}
          values={{
            value: formatNumber(analysis.pauses.length),
            seconds: minimum,
            longest: seconds(t, analysis.longestPauseSeconds),
          }}
          components={{ strong: <strong /> }}
        />
      </p>
      <ul className="speech-analysis__list" aria-label={t('analysis.pauses')}>
        {analysis.pauses.map((pause) => (
          <li key={pause.start}>
            {t('analysis.pauseAt', { at: clock(pause.start), length: seconds(t, pause.end - pause.start) })}
          </li>
        ))}
      </ul>
    </>
  );
};

const Fillers = ({ fillers }: { fillers: Measured['fillers'] }) => {
  const { t } = useTranslation('speech');
  if (fillers.count === 0) return <p className="speech-analysis__figure">{t('analysis.noFillers')}</p>;
  const tally = new Map<string, number>();
  for (const word of fillers.words) tally.set(word, (tally.get(word) ?? 0) + 1);
  return (
    <p className="speech-analysis__figure">
      <Trans
        t={t}
        i18nKey="analysis.fillersFigure"
        count={fillers.count}
        values={{
          value: formatNumber(fillers.count),
          per100: formatNumber(fillers.per100Words),
          list: formatList(
            [...tally].map(([word, count]) => `“${word}” × ${formatNumber(count)}`),
            'unit',
          ),
        }}
        components={{ strong: <strong /> }}
      />
    </p>
  );
};

const SCORE_KEYS = [
  'pronunciation',
  'accuracy',
  'completeness',
  'fluency',
] as const satisfies readonly (keyof SpeechScores)[];

const Scores = ({ scores, hasTarget }: { scores: SpeechScores; hasTarget: boolean }) => {
  const { t } = useTranslation('speech');
  const hints: Record<keyof SpeechScores, string> = {
    pronunciation: t('analysis.hint.pronunciation'),
    accuracy: hasTarget ? t('analysis.hint.accuracyTarget') : t('analysis.hint.accuracyFree'),
    completeness: hasTarget ? t('analysis.hint.completenessTarget') : t('analysis.hint.completenessFree'),
    fluency: t('analysis.hint.fluency'),
  };
  return (
    <ul className="speech-scores">
      {SCORE_KEYS.map((key) => (
        <li key={key} className="speech-scores__item">
          <span className="speech-scores__label">{t(`analysis.score.${key}`)}</span>
          <span className="speech-scores__value" aria-hidden="true">
            {formatNumber(scores[key])}
          </span>
          <meter
            className="speech-scores__meter"
            aria-label={t(`analysis.score.${key}`)}
            aria-valuetext={t('analysis.outOf100', { value: formatNumber(scores[key]) })}
            min={0}
            max={100}
            value={scores[key]}
          >
            {scores[key]}
          </meter>
          <span className="speech-scores__hint">{hints[key]}</span>
        </li>
      ))}
    </ul>
  );
};

const StateBlock = ({
  tone,
  title,
  description,
  action,
}: {
  tone: 'info' | 'error';
  title: string;
  description: string;
  action?: { label: string; onClick: () => void } | undefined;
}) => (
  <div
    className={`speech-analysis__state speech-analysis__state--${tone}`}
    role={tone === 'error' ? 'alert' : undefined}
  >
    <h3 className="speech-analysis__state-title">{title}</h3>
    <p className="speech-analysis__note">{description}</p>
    {action ? (
      <Button variant="secondary" size="sm" onClick={action.onClick}>
        {action.label}
      </Button>
    ) : null}
  </div>
);

const Details = ({ analysis }: { analysis: Measured }) => {
  const { t } = useTranslation('speech');
  return (
    <div className="speech-analysis__grid">
      <section
        className="speech-analysis__part speech-analysis__part--wide"
        aria-label={t('analysis.whatWeHeard')}
      >
        <h3 className="speech-analysis__heading">{t('analysis.whatWeHeard')}</h3>
        {analysis.words ? (
          <>
            <MarkedReading words={analysis.words} />
            {analysis.transcript ? (
              <details className="speech-analysis__transcript">
                <summary>{t('analysis.wordForWord')}</summary>
                <p>{analysis.transcript}</p>
              </details>
            ) : null}
          </>
        ) : (
          <p className="speech-analysis__reading">{analysis.transcript}</p>
        )}
      </section>
      <section className="speech-analysis__part" aria-label={t('analysis.pace')}>
        <h3 className="speech-analysis__heading">{t('analysis.pace')}</h3>
        <Pace wordsPerMinute={analysis.wordsPerMinute} />
      </section>
      <section className="speech-analysis__part" aria-label={t('analysis.pauses')}>
        <h3 className="speech-analysis__heading">{t('analysis.pauses')}</h3>
        <Pauses analysis={analysis} />
      </section>
      <section className="speech-analysis__part" aria-label={t('analysis.fillers')}>
        <h3 className="speech-analysis__heading">{t('analysis.fillers')}</h3>
        <Fillers fillers={analysis.fillers} />
      </section>
      <section
        className="speech-analysis__part speech-analysis__part--wide"
        aria-label={t('analysis.scores')}
      >
        <h3 className="speech-analysis__heading">{t('analysis.scores')}</h3>
        <Scores scores={analysis.scores} hasTarget={analysis.words !== null} />
      </section>
    </div>
  );
};

/** What a screen reader hears once a pending analysis is finished. */
const ARRIVED = (t: TFunction<'speech'>, analysis: SpeechAnalysis, reviewer: boolean) => {
  const whose = reviewer ? 'Reviewer' : 'Learner';
  switch (analysis.status) {
    case 'done':
      return t(`analysis.arrived.done${whose}`, { score: formatNumber(analysis.scores.pronunciation) });
    case 'no-speech':
      return t(`analysis.arrived.noSpeech${whose}`);
    case 'failed':
      return t(`analysis.arrived.failed${whose}`);
    case 'pending':
      return '';
  }
};

/**
 * What the speech engine made of one recording (issue 16): the reading with mispronounced, missed and extra
 * words marked, the pace on the 100-165 band, pauses, fillers and the four scores. Pending, failed and silent
 * recordings each say so; `onRetry` adds a button to record (no speech) or try (failed) again.
 */
export const SpeechAnalysisPanel = ({
  analysis,
  onRetry,
  title,
  viewer = 'learner',
  stalled = false,
}: {
  analysis: SpeechAnalysis;
  onRetry?: (() => void) | undefined;
  /** The panel's heading, e.g. 'Your reading'. */
  title?: string;
  /** Whose recording it is to the reader: the learner's own ('your recording') or a member's. */
  viewer?: 'learner' | 'reviewer';
  /** Pending for longer than the screen waits: says to come back later instead of a spinner. */
  stalled?: boolean;
}) => {
  const { t } = useTranslation('speech');
  const headingId = useId();
  const reviewer = viewer === 'reviewer';
  // The result is announced once when it arrives after a pending state, not when the screen opens with it.
  const [announcement, setAnnouncement] = useState('');
  const wasPending = useRef(analysis.status === 'pending');
  useEffect(() => {
    if (analysis.status === 'pending') wasPending.current = true;
    else if (wasPending.current) {
      wasPending.current = false;
      setAnnouncement(ARRIVED(t, analysis, reviewer));
    }
  }, [analysis, reviewer, t]);
  const body = () => {
    switch (analysis.status) {
      case 'pending':
        return stalled ? (
          <p className="speech-analysis__note">
            {reviewer ? t('analysis.stalledReviewer') : t('analysis.stalledLearner')}
          </p>
        ) : (
          <p className="speech-analysis__pending" role="status">
            <Spinner size="sm" label="" />
            {reviewer ? t('analysis.pendingReviewer') : t('analysis.pendingLearner')}
          </p>
        );
      case 'failed':
        return (
          <StateBlock
            tone="error"
            title={t('analysis.failedTitle')}
            description={reviewer ? t('analysis.failedReviewer') : t('analysis.failedLearner')}
            action={onRetry ? { label: t('analysis.tryAgain'), onClick: onRetry } : undefined}
          />
        );
      case 'no-speech':
        return (
          <StateBlock
            tone="info"
            title={t('analysis.noSpeechTitle')}
            description={reviewer ? t('analysis.noSpeechReviewer') : t('analysis.noSpeechLearner')}
            action={onRetry ? { label: t('analysis.recordAgain'), onClick: onRetry } : undefined}
          />
        );
      case 'done':
        return <Details analysis={analysis} />;
    }
  };
  return (
    <section
      className="card speech-analysis"
      aria-labelledby={headingId}
      aria-busy={(analysis.status === 'pending' && !stalled) || undefined}
    >
      <h2 className="card__title" id={headingId}>
        {title ?? t('analysis.title')}
      </h2>
      {body()}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
};
