import {
  MIN_PAUSE_SECONDS,
  PACE_BAND,
  PACE_VERDICT_LABELS,
  paceVerdict,
} from '@coach/shared/constants/speech';
import type { SpeechAnalysis, SpeechScores, SpeechWord } from '@coach/shared/contract/speech';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from './button.tsx';
import { Spinner } from './spinner.tsx';
import './speech-analysis.css';

type Measured = Extract<SpeechAnalysis, { status: 'done' }>;

/** The pace scale runs to half again the band's top, so a fast reader's marker stays on it. */
const PACE_SCALE_MAX = Math.round(PACE_BAND.max * 1.5);

const seconds = (value: number) => `${value.toFixed(1)} s`;

/** m:ss from the start of the recording. */
const clock = (value: number) => {
  const whole = Math.max(0, Math.floor(value));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** A visible symbol (hidden from screen readers, which get the words instead) and a description per status. */
const WORD_MARKS = {
  mispronounced: { symbol: '≈', label: 'said differently' },
  omitted: { symbol: '−', label: 'missed' },
  inserted: { symbol: '+', label: 'extra word' },
} as const;

const describeWord = (word: SpeechWord) => {
  if (word.status === 'mispronounced' && word.heard)
    return `${WORD_MARKS.mispronounced.label}: heard “${word.heard}”`;
  return word.status === 'correct' ? '' : WORD_MARKS[word.status].label;
};

/** The target text as read: each word marked by status, by a symbol and an underline style, not colour alone. */
const MarkedReading = ({ words }: { words: SpeechWord[] }) => {
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
          const description = describeWord(word);
          const key = `${index}-${word.word}`;
          if (word.status === 'correct') return <span key={key}>{word.word} </span>;
          return (
            <span key={key}>
              <span className={`speech-word speech-word--${word.status}`} title={description}>
                <span className="speech-word__symbol" aria-hidden="true">
                  {WORD_MARKS[word.status].symbol}
                </span>
                {word.word}
                <span className="visually-hidden"> ({description})</span>
              </span>{' '}
            </span>
          );
        })}
      </p>
      {marked.length > 0 ? (
        <ul className="speech-analysis__legend" aria-label="Marks">
          {marked.map((status) => (
            <li key={status}>
              <span className={`speech-word speech-word--${status}`} aria-hidden="true">
                <span className="speech-word__symbol">{WORD_MARKS[status].symbol}</span>
                word
              </span>{' '}
              {WORD_MARKS[status].label}: {counts[status]}
            </li>
          ))}
        </ul>
      ) : (
        <p className="speech-analysis__note">Every word was heard as written.</p>
      )}
    </>
  );
};

const Pace = ({ wordsPerMinute }: { wordsPerMinute: number }) => {
  const verdict = paceVerdict(wordsPerMinute);
  const label = PACE_VERDICT_LABELS[verdict];
  const at = (value: number) => `${(Math.min(value, PACE_SCALE_MAX) / PACE_SCALE_MAX) * 100}%`;
  return (
    <>
      <p className="speech-analysis__figure">
        <strong>{wordsPerMinute}</strong> words a minute{' '}
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
        aria-label="Pace"
        aria-valuetext={`${wordsPerMinute} words a minute: ${label.toLowerCase()}`}
        min={0}
        max={PACE_SCALE_MAX}
        low={PACE_BAND.min}
        high={PACE_BAND.max}
        optimum={(PACE_BAND.min + PACE_BAND.max) / 2}
        value={Math.min(wordsPerMinute, PACE_SCALE_MAX)}
      >
        {wordsPerMinute} words a minute
      </meter>
      <p className="speech-analysis__note">
        A comfortable pace is {PACE_BAND.min}–{PACE_BAND.max} words a minute.
      </p>
    </>
  );
};

const Pauses = ({ analysis }: { analysis: Measured }) =>
  analysis.pauses.length === 0 ? (
    <p className="speech-analysis__figure">No pauses of {MIN_PAUSE_SECONDS} s or longer.</p>
  ) : (
    <>
      <p className="speech-analysis__figure">
        <strong>{plural(analysis.pauses.length, 'pause', 'pauses')}</strong> of {MIN_PAUSE_SECONDS} s or
        longer; the longest {seconds(analysis.longestPauseSeconds)}.
      </p>
      <ul className="speech-analysis__list" aria-label="Pauses">
        {analysis.pauses.map((pause) => (
          <li key={pause.start}>
            at {clock(pause.start)} for {seconds(pause.end - pause.start)}
          </li>
        ))}
      </ul>
    </>
  );

const Fillers = ({ fillers }: { fillers: Measured['fillers'] }) => {
  if (fillers.count === 0) return <p className="speech-analysis__figure">No fillers heard.</p>;
  const tally = new Map<string, number>();
  for (const word of fillers.words) tally.set(word, (tally.get(word) ?? 0) + 1);
  return (
    <p className="speech-analysis__figure">
      <strong>{plural(fillers.count, 'filler', 'fillers')}</strong> ({fillers.per100Words} per 100 words):{' '}
      {[...tally].map(([word, count]) => `“${word}” × ${count}`).join(', ')}
    </p>
  );
};

const SCORE_LABELS = {
  pronunciation: 'Pronunciation',
  accuracy: 'Accuracy',
  completeness: 'Completeness',
  fluency: 'Fluency',
} as const satisfies Record<keyof SpeechScores, string>;

const Scores = ({ scores, hasTarget }: { scores: SpeechScores; hasTarget: boolean }) => {
  const hints: Record<keyof SpeechScores, string> = {
    pronunciation: 'Overall, from the three below',
    accuracy: hasTarget ? 'Words said as written' : 'How clearly the words came across',
    completeness: hasTarget ? 'Share of the text read' : 'Share of words heard clearly',
    fluency: 'Pace, pauses and fillers',
  };
  return (
    <ul className="speech-scores">
      {(Object.keys(SCORE_LABELS) as (keyof SpeechScores)[]).map((key) => (
        <li key={key} className="speech-scores__item">
          <span className="speech-scores__label">{SCORE_LABELS[key]}</span>
          <span className="speech-scores__value" aria-hidden="true">
            {scores[key]}
          </span>
          <meter
            className="speech-scores__meter"
            aria-label={SCORE_LABELS[key]}
            aria-valuetext={`${scores[key]} out of 100`}
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

const Details = ({ analysis }: { analysis: Measured }) => (
  <div className="speech-analysis__grid">
    <section className="speech-analysis__part speech-analysis__part--wide" aria-label="What we heard">
      <h3 className="speech-analysis__heading">What we heard</h3>
      {analysis.words ? (
        <>
          <MarkedReading words={analysis.words} />
          {analysis.transcript ? (
            <details className="speech-analysis__transcript">
              <summary>Word for word</summary>
              <p>{analysis.transcript}</p>
            </details>
          ) : null}
        </>
      ) : (
        <p className="speech-analysis__reading">{analysis.transcript}</p>
      )}
    </section>
    <section className="speech-analysis__part" aria-label="Pace">
      <h3 className="speech-analysis__heading">Pace</h3>
      <Pace wordsPerMinute={analysis.wordsPerMinute} />
    </section>
    <section className="speech-analysis__part" aria-label="Pauses">
      <h3 className="speech-analysis__heading">Pauses</h3>
      <Pauses analysis={analysis} />
    </section>
    <section className="speech-analysis__part" aria-label="Fillers">
      <h3 className="speech-analysis__heading">Fillers</h3>
      <Fillers fillers={analysis.fillers} />
    </section>
    <section className="speech-analysis__part speech-analysis__part--wide" aria-label="Scores">
      <h3 className="speech-analysis__heading">Scores</h3>
      <Scores scores={analysis.scores} hasTarget={analysis.words !== null} />
    </section>
  </div>
);

/** What a screen reader hears once a pending analysis is finished. */
const ARRIVED = (analysis: SpeechAnalysis, reviewer: boolean) => {
  const whose = reviewer ? 'The recording' : 'Your recording';
  switch (analysis.status) {
    case 'done':
      return `${whose} is analysed: pronunciation ${analysis.scores.pronunciation} out of 100.`;
    case 'no-speech':
      return `We could not hear speech in ${whose.toLowerCase()}.`;
    case 'failed':
      return `We could not analyse ${whose.toLowerCase()}.`;
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
  title = 'Speech analysis',
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
  const headingId = useId();
  const reviewer = viewer === 'reviewer';
  // The result is announced once when it arrives after a pending state, not when the screen opens with it.
  const [announcement, setAnnouncement] = useState('');
  const wasPending = useRef(analysis.status === 'pending');
  useEffect(() => {
    if (analysis.status === 'pending') wasPending.current = true;
    else if (wasPending.current) {
      wasPending.current = false;
      setAnnouncement(ARRIVED(analysis, reviewer));
    }
  }, [analysis, reviewer]);
  const body = () => {
    switch (analysis.status) {
      case 'pending':
        return stalled ? (
          <p className="speech-analysis__note">
            Still analysing {reviewer ? 'the' : 'your'} recording. This is taking longer than usual: come back
            later to see what we heard.
          </p>
        ) : (
          <p className="speech-analysis__pending" role="status">
            <Spinner size="sm" label="" />
            Analysing {reviewer ? 'the' : 'your'} recording…
          </p>
        );
      case 'failed':
        return (
          <StateBlock
            tone="error"
            title="We could not analyse this recording"
            description={`Something went wrong while listening to it. ${reviewer ? 'The' : 'Your'} recording is kept.`}
            action={onRetry ? { label: 'Try again', onClick: onRetry } : undefined}
          />
        );
      case 'no-speech':
        return (
          <StateBlock
            tone="info"
            title="We could not hear speech"
            description={
              reviewer
                ? 'The recording sounds silent: the microphone may have been off or muted.'
                : 'The recording sounds silent. Check that your microphone is on and not muted, then record again, speaking close to it.'
            }
            action={onRetry ? { label: 'Record again', onClick: onRetry } : undefined}
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
        {title}
      </h2>
      {body()}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
};
