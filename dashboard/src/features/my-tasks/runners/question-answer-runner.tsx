import type { TASK_TYPES } from '@coach/shared/constants/task-types';
import { useTranslation } from 'react-i18next';
import { UserText } from '../../../ui/user-text.tsx';
import { RecordingStep } from './recording-step.tsx';
import { Intro, type RunnerInput } from './runner-parts.tsx';

/** Question and Answer: each question, answered aloud with its recorder. */
export const QuestionAnswerRunner = ({ task, props }: RunnerInput<typeof TASK_TYPES.questionAndAnswer>) => {
  const { t } = useTranslation('my-tasks');
  return (
    <div className="runner">
      <Intro readOnly={props.readOnly}>{t('runner.qaIntro')}</Intro>
      <ol className="steps">
        {task.questions.map((question, index) => (
          <RecordingStep
            key={index}
            recordingKey={String(index)}
            label={t('runner.answerLabel', { n: index + 1 })}
            heading={
              <h3 className="step__question">
                <span className="step__number">{index + 1}.</span> <UserText>{question}</UserText>
              </h3>
            }
            props={props}
          />
        ))}
      </ol>
    </div>
  );
};
