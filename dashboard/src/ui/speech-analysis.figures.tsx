import { MIN_PAUSE_SECONDS, PACE_BAND, paceVerdict } from '@coach/shared/constants/speech';
import type { SpeechAnalysis, SpeechProsody, SpeechScores } from '@coach/shared/contract/speech';
import type { TFunction } from 'i18next';
import { Trans, useTranslation } from 'react-i18next';
import { formatList, formatNumber } from '../i18n/format.ts';

/** An analysis the engine finished: the one with figures to show. */
export type Measured = Extract<SpeechAnalysis, { status: 'done' }>;

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

/** The pace of a recording of enough words to judge it (paceMeasurable: the panel says so otherwise). */
export const Pace = ({ wordsPerMinute }: { wordsPerMinute: number }) => {
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

export const Pauses = ({ analysis }: { analysis: Measured }) => {
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

export const Fillers = ({ fillers }: { fillers: Measured['fillers'] }) => {
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

/**
 * The prosody figure's line: how many words carried their stress where the dictionary puts it; for a word said alone,
 * whether it did ("Stress in place on 0 of 1" read as a count of nothing).
 */
const stressHint = (t: TFunction<'speech'>, stress: SpeechProsody['stress']) => {
  if (!stress || stress.of === 0) return t('analysis.hint.prosody');
  if (stress.of === 1)
    return stress.matched === 1
      ? t('analysis.hint.prosodyStressRight')
      : t('analysis.hint.prosodyStressMoved');
  return t('analysis.hint.prosodyStress', {
    matched: formatNumber(stress.matched),
    of: formatNumber(stress.of),
  });
};

/**
 * The prosody advice's sentence: for a word said alone, of that word ("Some words were stressed on the wrong
 * syllable" and "lower at the end of a statement" told a learner nothing about the one word they said).
 */
const adviceKey = ({ advice, stress }: SpeechProsody) =>
  stress?.of === 1 && (advice === 'stress' || advice === 'good') ? (`${advice}Word` as const) : advice;

export const Scores = ({
  scores,
  hasTarget,
  prosody,
  fluencyJudged = true,
}: {
  scores: SpeechScores;
  hasTarget: boolean;
  prosody: SpeechProsody | null | undefined;
  /** Enough words were said for pace, pauses and fillers (paceMeasurable): a word or two has no fluency figure. */
  fluencyJudged?: boolean;
}) => {
  const { t } = useTranslation('speech');
  const hints: Record<keyof SpeechScores, string> = {
    pronunciation: t('analysis.hint.pronunciation'),
    accuracy: hasTarget ? t('analysis.hint.accuracyTarget') : t('analysis.hint.accuracyFree'),
    completeness: hasTarget ? t('analysis.hint.completenessTarget') : t('analysis.hint.completenessFree'),
    fluency: t('analysis.hint.fluency'),
  };
  // Nothing of the words was said (accuracy and completeness 0): the engine's fluency measures speech that was
  // not the task's, so it shows no figure (a greyed 100 still read as a perfect score beside two zeros), only why.
  const fluencyNotCounted = scores.accuracy === 0 && scores.completeness === 0;
  // Nor has a word or two (a Pronunciation item): its 100 sat beside "too short for a verdict".
  const fluencyHint = fluencyNotCounted
    ? t('analysis.hint.fluencyNotCounted')
    : fluencyJudged
      ? null
      : t('analysis.hint.fluencyTooFew');
  const rows: { key: string; label: string; value: number; hint: string; muted?: boolean }[] = SCORE_KEYS.map(
    (key) =>
      key === 'fluency' && fluencyHint
        ? { key, label: t(`analysis.score.${key}`), value: scores[key], hint: fluencyHint, muted: true }
        : { key, label: t(`analysis.score.${key}`), value: scores[key], hint: hints[key] },
  );
  // Prosody sits beside the four scores, not in the overall one.
  if (prosody)
    rows.push({
      key: 'prosody',
      label: t('analysis.score.prosody'),
      value: prosody.score,
      hint: stressHint(t, prosody.stress),
    });
  return (
    <>
      <ul className={`speech-scores ${prosody ? 'speech-scores--five' : ''}`}>
        {rows.map(({ key, label, value, hint, muted }) => (
          <li key={key} className={`speech-scores__item ${muted ? 'speech-scores__item--muted' : ''}`}>
            <span className="speech-scores__label">{label}</span>
            <span className="speech-scores__value" aria-hidden="true">
              {muted ? '–' : formatNumber(value)}
            </span>
            {muted ? null : (
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
            )}
            <span className="speech-scores__hint">{hint}</span>
          </li>
        ))}
      </ul>
      {prosody ? (
        <p className="speech-analysis__advice">
          <Trans
            t={t}
            i18nKey="analysis.prosodyAdvice"
            values={{ advice: t(`analysis.prosodyAdviceText.${adviceKey(prosody)}`) }}
            components={{ strong: <strong /> }}
          />
        </p>
      ) : null}
    </>
  );
};
