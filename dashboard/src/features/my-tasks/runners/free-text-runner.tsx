import type { TASK_TYPES } from '@coach/shared/constants/task-types';
import { useTranslation } from 'react-i18next';
import { TextAreaField } from '../../../ui/text-field.tsx';
import { answerField } from '../task-report.ts';
import { Intro, type RunnerInput, stepId } from './runner-parts.tsx';

/** Free Text Question and Answer: each question with a box for the typed answer, saved as the learner types. */
export const FreeTextRunner = ({ task, props }: RunnerInput<typeof TASK_TYPES.freeTextQuestionAndAnswer>) => {
  const { t } = useTranslation('my-tasks');
  return (
    <div className="runner">
      <Intro readOnly={props.readOnly}>{t('runner.freeIntro')}</Intro>
      <ol className="steps">
        {task.questions.map((question, index) => {
          const field = answerField(index);
          return (
            <li key={index} className="step step--plain" id={stepId(field)}>
              <TextAreaField
                label={`${index + 1}. ${question}`}
                value={props.report.answers?.[index] ?? ''}
                maxLength={10_000}
                rows={4}
                readOnly={props.readOnly}
                error={props.errorFor(field)}
                onChange={(event) => {
                  const text = event.target.value;
                  void props.update((report) => {
                    const answers = task.questions.map((_, i) => report.answers?.[i] ?? '');
                    answers[index] = text;
                    return { ...report, answers };
                  }, 'soon');
                }}
              />
            </li>
          );
        })}
      </ol>
    </div>
  );
};
