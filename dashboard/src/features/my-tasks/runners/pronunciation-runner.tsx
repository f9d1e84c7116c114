import type { TASK_TYPES } from '@coach/shared/constants/task-types';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../i18n/format.ts';
import { HearIt, isPronunciationAccent } from '../../../widgets/hear-it.tsx';
import { type ItemMark, itemMark } from '../item-marks.ts';
import { RecordingStep } from './recording-step.tsx';
import { Intro, type RunnerInput } from './runner-parts.tsx';

/** A scored item's score against the passing score, in words as well as colour. */
const MarkChip = ({ mark, passing }: { mark: Extract<ItemMark, { score: number }>; passing: number }) => {
  const { t } = useTranslation('my-tasks');
  const values = { score: formatNumber(mark.score), passing: formatNumber(passing) };
  return mark.state === 'passed' ? (
    <span className="chip chip--success">{t('runner.itemPassed', values)}</span>
  ) : (
    <span className="chip chip--danger">{t('runner.itemBelow', values)}</span>
  );
};

/** Pronunciation: each item to say, with "Hear it" in the learner's accent, then its recorder. */
export const PronunciationRunner = ({
  task,
  pronunciation: rule,
  props,
}: RunnerInput<typeof TASK_TYPES.pronunciation>) => {
  const { t } = useTranslation('my-tasks');
  const accent = isPronunciationAccent(rule?.accent) ? rule.accent : undefined;
  return (
    <div className="runner">
      <Intro readOnly={props.readOnly}>{t('runner.pronunciationIntro')}</Intro>
      {rule ? (
        <p className="my-task__note">
          {t('runner.scoredFor', {
            accent: t(`pronunciation:accents.${rule.accent}`, { defaultValue: rule.accent }),
            score: formatNumber(rule.passingScore),
            judging: t(`pronunciation:strictness.${rule.strictness}.judging`, {
              defaultValue: rule.strictness,
            }),
          })}
        </p>
      ) : null}
      <ol className="steps">
        {task.items.map((item, index) => {
          // Each item against the pass mark, from the analysis the server counts for it (its own score).
          const mark = rule ? itemMark(props.analyses[String(index)], rule.passingScore) : null;
          return (
            <RecordingStep
              // Items are fixed for the task, so the index is their identity (and their report key).
              key={index}
              recordingKey={String(index)}
              status={
                rule && mark && mark.state !== 'scoring' ? (
                  <MarkChip mark={mark} passing={rule.passingScore} />
                ) : undefined
              }
              label={t('runner.itemLabel', { n: index + 1 })}
              heading={
                <div className="step__say-line">
                  <p className="step__say">
                    <span className="step__number">{index + 1}.</span> {item}
                  </p>
                  <HearIt text={item} accent={accent} />
                </div>
              }
              accent={accent}
              props={props}
            />
          );
        })}
      </ol>
    </div>
  );
};
