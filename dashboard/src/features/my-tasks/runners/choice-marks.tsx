import type { TASK_TYPES } from '@coach/shared/constants/task-types';
import type {
  ChoiceAnswer,
  ChoiceMark,
  ChoiceResult,
  LearnerQuestion,
  LearnerTaskOfType,
} from '@coach/shared/contract/tasks';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../i18n/format.ts';
import { ChoiceVerdict, type ChoiceVerdictKind } from '../../../ui/choice-verdict.tsx';
import { UserText } from '../../../ui/user-text.tsx';

const verdictOf = (mark: ChoiceMark | undefined, answer: ChoiceAnswer | undefined): ChoiceVerdictKind => {
  if (!mark) return 'unmarked';
  if (mark.right) return 'right';
  return (answer?.values.length ?? 0) > 0 || answer?.other?.trim() ? 'wrong' : 'notAnswered';
};

/** A tag beside an option: the learner's choice, or the right answer they missed. In words, never colour alone. */
const Tag = ({ kind, children }: { kind: 'yours' | 'right'; children: string }) => (
  <>
    {/* A space, so the option and the tag are read as two words ("Hey Your answer"). */}{' '}
    <span className={`choice-mark__tag choice-mark__tag--${kind}`}>{children}</span>
  </>
);

/** One submitted question: its verdict in an icon and words, the options with the learner's choice and the right one. */
const MarkedQuestion = ({
  question,
  number,
  answer,
  mark,
}: {
  question: LearnerQuestion;
  number: number;
  answer: ChoiceAnswer | undefined;
  mark: ChoiceMark | undefined;
}) => {
  const { t } = useTranslation('my-tasks');
  const verdict = verdictOf(mark, answer);
  const values = answer?.values ?? [];
  const other = answer?.other?.trim();
  // The right answer is pointed out where the learner missed it (a right answer needs no second tag).
  const missed = new Set(verdict === 'wrong' || verdict === 'notAnswered' ? (mark?.expected ?? []) : []);
  return (
    <div className={`choice choice-mark choice-mark--${verdict}`}>
      <h3 className="choice__legend">
        <span className="choice__number">{formatNumber(number)}.</span> <UserText>{question.text}</UserText>
      </h3>
      <ChoiceVerdict kind={verdict} label={t(`marks.${verdict}`)} />
      <ul className="choice__answers">
        {question.options.map((option) => {
          const chosen = values.includes(option.value);
          const rightOne = missed.has(option.value);
          return (
            <li
              key={option.value}
              className={[
                'choice__answer',
                chosen ? 'choice__answer--chosen' : '',
                rightOne ? 'choice-mark__option--right' : '',
              ]
                .filter(Boolean)
                .join(' ')}
            >
              <UserText className="choice-mark__text">{option.text}</UserText>
              {chosen ? <Tag kind="yours">{t('marks.yourAnswer')}</Tag> : null}
              {rightOne ? <Tag kind="right">{t('marks.rightAnswer')}</Tag> : null}
            </li>
          );
        })}
        {other ? (
          <li className="choice__answer choice__answer--chosen">
            <span className="choice-mark__text">
              {question.otherText?.trim() || t('marks.other')}: <UserText>{other}</UserText>
            </span>
            <Tag kind="yours">{t('marks.yourAnswer')}</Tag>
          </li>
        ) : null}
      </ul>
    </div>
  );
};

/**
 * A submitted Multiple Choice task marked by the server (assignment.choiceResult): the total first ("You got 3 of
 * 4 right"), then each question with its verdict and, where the learner was wrong, the right answer.
 */
export const ChoiceMarks = ({
  task,
  choices,
  result,
}: {
  task: LearnerTaskOfType<typeof TASK_TYPES.multipleChoiceQuestion>;
  choices: Record<string, ChoiceAnswer> | undefined;
  result: ChoiceResult;
}) => {
  const { t } = useTranslation('my-tasks');
  const marks = new Map(result.questions.map((mark) => [mark.questionId, mark]));
  return (
    <div className="runner">
      <p className="choice-marks__total">
        {t('marks.total', { right: formatNumber(result.right), total: formatNumber(result.total) })}
      </p>
      <ol className="steps">
        {task.questions.map((question, index) => (
          <li key={question.id} className="step step--plain">
            <MarkedQuestion
              question={question}
              number={index + 1}
              answer={choices?.[question.id]}
              mark={marks.get(question.id)}
            />
          </li>
        ))}
      </ol>
    </div>
  );
};
