import type { TASK_TYPES } from '@coach/shared/constants/task-types';
import { useTranslation } from 'react-i18next';
import { MultipleChoiceQuestion } from '../../../ui/multiple-choice.tsx';
import { choiceField } from '../task-report.ts';
import { ChoiceMarks } from './choice-marks.tsx';
import { Intro, type RunnerInput, stepId } from './runner-parts.tsx';

/**
 * Multiple Choice Question: each question with its options, saved as the learner chooses. Once submitted, the
 * answers as the server marked them (right or wrong, the right answer, the total) when the task has expected answers.
 */
export const MultipleChoiceRunner = ({
  task,
  choiceResult,
  props,
}: RunnerInput<typeof TASK_TYPES.multipleChoiceQuestion>) => {
  const { t } = useTranslation('my-tasks');
  if (props.readOnly && choiceResult)
    return <ChoiceMarks task={task} choices={props.report.choices} result={choiceResult} />;
  return (
    <div className="runner">
      <Intro readOnly={props.readOnly}>{t('runner.mcIntro')}</Intro>
      <ol className="steps">
        {task.questions.map((question, index) => {
          const field = choiceField(question.id);
          return (
            <li key={question.id} className="step step--plain">
              <MultipleChoiceQuestion
                id={stepId(field)}
                question={question}
                number={index + 1}
                answer={props.report.choices?.[question.id]}
                readOnly={props.readOnly}
                error={props.errorFor(field)}
                onChange={(answer) => {
                  void props.update(
                    (report) => ({ ...report, choices: { ...report.choices, [question.id]: answer } }),
                    'soon',
                  );
                }}
              />
            </li>
          );
        })}
      </ol>
    </div>
  );
};
