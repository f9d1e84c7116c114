import type { TASK_TYPES } from '@coach/shared/constants/task-types';
import { useTranslation } from 'react-i18next';
import { HearIt, isPronunciationAccent } from '../../../widgets/hear-it.tsx';
import { passMarkStatus, ScoredFor } from './pass-mark.tsx';
import { RecordingStep } from './recording-step.tsx';
import { Intro, type RunnerInput } from './runner-parts.tsx';

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
      <ScoredFor rule={rule} />
      <ol className="steps">
        {task.items.map((item, index) => {
          return (
            <RecordingStep
              // Items are fixed for the task, so the index is their identity (and their report key).
              key={index}
              recordingKey={String(index)}
              // Each item against the pass mark, from the analysis the server counts for it (its own score).
              status={passMarkStatus(rule, props.analyses, String(index))}
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
