import { MIN_WORDS_FOR_PACE, paceMeasurable, spokenWordsOf } from '@coach/shared/constants/speech';
import type { SpeechAnalysis } from '@coach/shared/contract/speech';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../i18n/format.ts';
import { Button } from './button.tsx';
import { Fillers, type Measured, Pace, Pauses, Scores } from './speech-analysis.figures.tsx';
import { practiceOf, WordsToPractise } from './speech-analysis.practice.tsx';
import { MarkedReading } from './speech-analysis.reading.tsx';
import { Spinner } from './spinner.tsx';
import './speech-analysis.css';

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

const Details = ({
  analysis,
  reviewer,
  renderHearIt,
}: {
  analysis: Measured;
  reviewer: boolean;
  renderHearIt: ((text: string) => ReactNode) | undefined;
}) => {
  const { t } = useTranslation('speech');
  const practice = analysis.words ? practiceOf(analysis.words) : [];
  const spokenWords = spokenWordsOf(analysis.transcript);
  return (
    <div className="speech-analysis__grid">
      {analysis.noise?.verdict === 'noisy' ? (
        <p className="speech-analysis__hint speech-analysis__part--wide" role="note">
          {reviewer ? t('analysis.noisyReviewer') : t('analysis.noisyLearner')}
        </p>
      ) : null}
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
                <p dir="ltr" lang="en">
                  {analysis.transcript}
                </p>
              </details>
            ) : null}
          </>
        ) : (
          <p className="speech-analysis__reading" dir="ltr" lang="en">
            {analysis.transcript}
          </p>
        )}
      </section>
      {practice.length > 0 ? (
        <section
          className="speech-analysis__part speech-analysis__part--wide"
          aria-label={t('practice.heading')}
        >
          <h3 className="speech-analysis__heading">{t('practice.heading')}</h3>
          <WordsToPractise practice={practice} reviewer={reviewer} renderHearIt={renderHearIt} />
        </section>
      ) : null}
      {paceMeasurable(spokenWords) ? (
        <>
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
        </>
      ) : (
        // A word or two (a Pronunciation item) has no pace, pauses or fillers worth a verdict: "75 words a
        // minute, too slow", or one "um" as 33 fillers in 100 words.
        <section
          className="speech-analysis__part speech-analysis__part--wide"
          aria-label={t('analysis.fluency')}
        >
          <h3 className="speech-analysis__heading">{t('analysis.fluency')}</h3>
          <p className="speech-analysis__note">
            {t('analysis.fluencyTooFew', { value: formatNumber(MIN_WORDS_FOR_PACE) })}
          </p>
        </section>
      )}
      <section
        className="speech-analysis__part speech-analysis__part--wide"
        aria-label={t('analysis.scores')}
      >
        <h3 className="speech-analysis__heading">{t('analysis.scores')}</h3>
        <Scores
          scores={analysis.scores}
          hasTarget={analysis.words !== null}
          prosody={analysis.prosody}
          fluencyJudged={paceMeasurable(spokenWords)}
        />
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
    case 'too-noisy':
      return t(`analysis.arrived.tooNoisy${whose}`);
    case 'failed':
      return t(`analysis.arrived.failed${whose}`);
    case 'pending':
      return '';
  }
};

/**
 * What the speech engine made of one recording: the reading with mispronounced, missed and extra
 * words marked, the words to practise with their sounds and tips, the pace on the 100-165 band,
 * pauses, fillers, the four scores and prosody. Pending, failed, silent and too noisy recordings each say so;
 * `onRetry` adds a button to record (no speech, too noisy) or try (failed) again.
 */
export const SpeechAnalysisPanel = ({
  analysis,
  onRetry,
  title,
  viewer = 'learner',
  stalled = false,
  renderHearIt,
}: {
  analysis: SpeechAnalysis;
  onRetry?: (() => void) | undefined;
  /** The panel's heading, e.g. 'Your reading'. */
  title?: string;
  /** Whose recording it is to the reader: the learner's own ('your recording') or a member's. */
  viewer?: 'learner' | 'reviewer';
  /** Pending for longer than the screen waits: says to come back later instead of a spinner. */
  stalled?: boolean;
  /** A "Hear it" button for a word to practise (widgets/hear-it.tsx; this building block reaches no API). */
  renderHearIt?: ((text: string) => ReactNode) | undefined;
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
      case 'too-noisy':
        return (
          <StateBlock
            tone="info"
            title={t('analysis.tooNoisyTitle')}
            description={reviewer ? t('analysis.tooNoisyReviewer') : t('analysis.tooNoisyLearner')}
            action={onRetry ? { label: t('analysis.recordAgain'), onClick: onRetry } : undefined}
          />
        );
      case 'done':
        return <Details analysis={analysis} reviewer={reviewer} renderHearIt={renderHearIt} />;
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
