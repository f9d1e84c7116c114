import {
  isFillerWord,
  MIN_PAUSE_SECONDS,
  MIN_WORDS_FOR_PACE,
  PACE_BAND,
  paceMeasurable,
  paceVerdict,
} from '@coach/shared/constants/speech';
import { PHONE_IPA, type PhoneTip, phoneTipOf, VOWELS } from '@coach/shared/constants/speech-sounds';
import type {
  SpeechAnalysis,
  SpeechPhone,
  SpeechProsody,
  SpeechScores,
  SpeechWord,
} from '@coach/shared/contract/speech';
import { normaliseWord } from '@coach/shared/format/spoken-words';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
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

const ipa = (phone: SpeechPhone['phone']) => `/${PHONE_IPA[phone]}/`;

/**
 * What a marked word's mark means. A word marked mispronounced says why (issue 38 item 4): the word heard
 * instead, the sound heard instead, or that it was heard but not clearly; never "said differently" for a word
 * the transcript shows as written.
 */
const describeWord = (t: TFunction<'speech'>, word: SpeechWord) => {
  if (word.status !== 'mispronounced')
    return word.status === 'correct' ? '' : t(`analysis.marks.${word.status}`);
  if (word.heard) return t('analysis.heard', { heard: word.heard });
  const sound = word.phones?.find((phone) => phone.status === 'mispronounced' && phone.heard);
  if (sound?.heard) return t('analysis.soundHeard', { heard: ipa(sound.heard), phone: ipa(sound.phone) });
  const missed = word.phones?.find((phone) => phone.status === 'omitted' || phone.status === 'inserted');
  if (missed) return t('analysis.soundMissed', { phone: ipa(missed.phone) });
  return t('analysis.notClear');
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

/** How many words to practise show at once, with their tips; the rest are one click away. */
const PRACTICE_SHOWN = 3;
/** The sounds named per word: its worst two. */
const SOUNDS_PER_WORD = 2;

/** A word as it is said, without the punctuation it is written with ("shelf." is heard as "shelf"). */
const bare = (word: string) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '') || word;

/** A phone as a learner reads it, between slashes ("/θ/"). */
type SoundIssue = { phone: SpeechPhone; next: SpeechPhone | undefined; tip: PhoneTip | null };
type Practice = { word: SpeechWord; text: string; issues: SoundIssue[] };

/** A word's sounds not heard as written, the worst (lowest score) first. */
const soundIssues = (word: SpeechWord): SoundIssue[] => {
  const phones = word.phones ?? [];
  // A missed word's sounds are all missing: the word says so once, not sound by sound.
  if (word.status === 'omitted') return [];
  return phones
    .map((phone, index) => ({
      phone,
      next: phones.slice(index + 1).find((later) => later.status !== 'inserted'),
      tip: phoneTipOf({ phone: phone.phone, status: phone.status, last: index === phones.length - 1 }),
    }))
    .filter((issue) => issue.phone.status !== 'correct')
    .sort((a, b) => a.phone.score - b.phone.score);
};

/** Words with a sound to work on first (worst sound first), then words said differently, then missed words. */
const rankOf = ({ word, issues }: Practice) =>
  issues[0]?.phone.score ?? (word.status === 'mispronounced' ? 101 : 102);

const practiceOf = (words: SpeechWord[]): Practice[] =>
  words
    .filter((word) => word.status !== 'inserted')
    .map((word) => ({ word, text: bare(word.word), issues: soundIssues(word) }))
    .filter(({ word, issues }) => word.status !== 'correct' || issues.length > 0)
    .sort((a, b) => rankOf(a) - rankOf(b));

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

/** What was heard of a word that has no sound to name (missed, or heard as another word). */
const wordSentence = (t: TFunction<'speech'>, word: SpeechWord) => {
  if (word.status === 'omitted') return t('practice.wordMissed');
  return word.heard ? t('practice.wordHeardAs', { heard: word.heard }) : t('practice.wordUnclear');
};

const PracticeItem = ({
  practice: { word, text, issues },
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
          {word.phones && word.status !== 'omitted' ? <Sounds phones={word.phones} /> : null}
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
        <p className="speech-practice__issue">{wordSentence(t, word)}</p>
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
 * The words to work on (issue 37), worst first: each with its sounds, the sound heard wrong marked and said in a
 * sentence, and, for the first few, the tip for that confusion (each tip once). The rest fold away.
 */
const WordsToPractise = ({
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

/** The words of a transcript that count towards its pace: fillers and punctuation left out. */
const spokenWordsOf = (transcript: string) =>
  transcript
    .split(/\s+/)
    .flatMap((word) => normaliseWord(word))
    .filter((word) => !isFillerWord(word)).length;

const Pace = ({ wordsPerMinute, spokenWords }: { wordsPerMinute: number; spokenWords: number }) => {
  const { t } = useTranslation('speech');
  // A word or two has no pace worth a verdict ("75 words a minute, too slow" for one word).
  if (!paceMeasurable(spokenWords))
    return (
      <p className="speech-analysis__note">
        {t('analysis.paceTooFew', { count: MIN_WORDS_FOR_PACE, value: formatNumber(MIN_WORDS_FOR_PACE) })}
      </p>
    );
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

const Scores = ({
  scores,
  hasTarget,
  prosody,
}: {
  scores: SpeechScores;
  hasTarget: boolean;
  prosody: SpeechProsody | null | undefined;
}) => {
  const { t } = useTranslation('speech');
  const hints: Record<keyof SpeechScores, string> = {
    pronunciation: t('analysis.hint.pronunciation'),
    accuracy: hasTarget ? t('analysis.hint.accuracyTarget') : t('analysis.hint.accuracyFree'),
    completeness: hasTarget ? t('analysis.hint.completenessTarget') : t('analysis.hint.completenessFree'),
    fluency: t('analysis.hint.fluency'),
  };
  const rows: { key: string; label: string; value: number; hint: string }[] = SCORE_KEYS.map((key) => ({
    key,
    label: t(`analysis.score.${key}`),
    value: scores[key],
    hint: hints[key],
  }));
  // Prosody sits beside the four scores, not in the overall one (issue 37).
  if (prosody)
    rows.push({
      key: 'prosody',
      label: t('analysis.score.prosody'),
      value: prosody.score,
      hint:
        prosody.stress && prosody.stress.of > 0
          ? t('analysis.hint.prosodyStress', {
              matched: formatNumber(prosody.stress.matched),
              of: formatNumber(prosody.stress.of),
            })
          : t('analysis.hint.prosody'),
    });
  return (
    <>
      <ul className={`speech-scores ${prosody ? 'speech-scores--five' : ''}`}>
        {rows.map(({ key, label, value, hint }) => (
          <li key={key} className="speech-scores__item">
            <span className="speech-scores__label">{label}</span>
            <span className="speech-scores__value" aria-hidden="true">
              {formatNumber(value)}
            </span>
            <meter
              className="speech-scores__meter"
              aria-label={label}
              aria-valuetext={t('analysis.outOf100', { value: formatNumber(value) })}
              min={0}
              max={100}
              value={value}
            >
              {value}
            </meter>
            <span className="speech-scores__hint">{hint}</span>
          </li>
        ))}
      </ul>
      {prosody ? (
        <p className="speech-analysis__advice">
          <Trans
            t={t}
            i18nKey="analysis.prosodyAdvice"
            values={{ advice: t(`analysis.prosodyAdviceText.${prosody.advice}`) }}
            components={{ strong: <strong /> }}
          />
        </p>
      ) : null}
    </>
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
                <p>{analysis.transcript}</p>
              </details>
            ) : null}
          </>
        ) : (
          <p className="speech-analysis__reading">{analysis.transcript}</p>
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
      <section className="speech-analysis__part" aria-label={t('analysis.pace')}>
        <h3 className="speech-analysis__heading">{t('analysis.pace')}</h3>
        <Pace wordsPerMinute={analysis.wordsPerMinute} spokenWords={spokenWordsOf(analysis.transcript)} />
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
        <Scores scores={analysis.scores} hasTarget={analysis.words !== null} prosody={analysis.prosody} />
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
 * What the speech engine made of one recording (issue 16): the reading with mispronounced, missed and extra
 * words marked, the words to practise with their sounds and tips (issue 37), the pace on the 100-165 band,
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
