import type { TASK_TYPES } from '@coach/shared/constants/task-types';
import { useTranslation } from 'react-i18next';
import { HearIt, isPronunciationAccent } from '../../../widgets/hear-it.tsx';
import { passMarkStatus, ScoredFor } from './pass-mark.tsx';
import { RecordingStep } from './recording-step.tsx';
import { Intro, Passage, type RunnerInput } from './runner-parts.tsx';

/** Read & Record: the passage, read aloud with one recorder; "Hear it" in the learner's accent. */
export const ReadAndRecordRunner = ({
  task,
  pronunciation,
  props,
}: RunnerInput<typeof TASK_TYPES.readAndRecord>) => {
  const { t } = useTranslation('my-tasks');
  const accent = isPronunciationAccent(pronunciation?.accent) ? pronunciation.accent : undefined;
  return (
    <div className="runner">
      <Intro readOnly={props.readOnly}>{t('runner.rrIntro')}</Intro>
      <ScoredFor rule={pronunciation} />
      <ol className="steps steps--single">
        <RecordingStep
          recordingKey="passage"
          // The passage against the pass mark, as the server scores it.
          status={passMarkStatus(pronunciation, props.analyses, 'passage')}
          label={t('runner.passageLabel')}
          heading={
            <div className="step__say-line">
              <h3 className="step__question">{t('runner.passageHeading')}</h3>
              {task.passage ? (
                <HearIt text={task.passage} name={t('runner.passageLabel')} accent={accent} />
              ) : null}
            </div>
          }
          accent={accent}
          props={props}
        >
          <Passage text={task.passage} />
        </RecordingStep>
      </ol>
    </div>
  );
};
