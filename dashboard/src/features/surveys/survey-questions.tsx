import { choiceProblem } from '@coach/shared/contract/choice-rules';
import type { SurveyAnswers, SurveyQuestion } from '@coach/shared/contract/surveys';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { Button } from '../../ui/button.tsx';
import { MultipleChoiceQuestion } from '../../ui/multiple-choice.tsx';
import { FormAlert } from '../../ui/states.tsx';
import { UserText } from '../../ui/user-text.tsx';
import { surveyText } from './survey-messages.ts';

const questionAnchor = (id: string) => `survey-question-${id}`;

/** The first problem per question (the rules the server applies too), keyed by question id, in the language on screen. */
export const answerProblems = (questions: SurveyQuestion[], answers: SurveyAnswers) => {
  const problems: Record<string, string> = {};
  for (const question of questions) {
    const problem = choiceProblem(question, answers[question.id]);
    if (problem) problems[question.id] = surveyText(problem);
  }
  return problems;
};

/** Where a form sending the answers shows a question's error: the request's path to its answer. */
export const answerField = (questionId: string) => `answers.${questionId}`;

/**
 * A survey's questions as the member answers them: one answer or several, "Other" with its text, required ones
 * marked. Submitting checks every question first and moves to the first one missing an answer; `submit` gets
 * the answers once they pass (and sends them; `saving` while it does). The manage screen's preview shows exactly
 * this, with a submit that saves nothing.
 */
export const SurveyQuestionsForm = ({
  questions,
  initial,
  submitLabel,
  submit,
  saving = false,
  errors = {},
  footer,
}: {
  questions: SurveyQuestion[];
  initial: SurveyAnswers;
  submitLabel: string;
  submit: (answers: SurveyAnswers) => unknown;
  saving?: boolean;
  /** The send's errors: a question's at its `answerField`, any other at `form` (useContractForm's). */
  errors?: Partial<Record<string, string>>;
  footer?: ReactNode;
}) => {
  const { t } = useTranslation('surveys');
  const [answers, setAnswers] = useState<SurveyAnswers>(initial);
  const [problems, setProblems] = useState<Record<string, string>>({});

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = answerProblems(questions, answers);
    setProblems(found);
    const first = questions.find((question) => found[question.id]);
    if (first) {
      const element = document.getElementById(questionAnchor(first.id));
      element?.scrollIntoView({ block: 'center' });
      element?.querySelector<HTMLInputElement>('input')?.focus();
      return;
    }
    await submit(answers);
  };

  const errorOf = (id: string) => problems[id] ?? errors[answerField(id)];
  const missing = Object.keys(problems).length;

  return (
    <form className="survey-questions" onSubmit={(event) => void onSubmit(event)} noValidate>
      <FormAlert message={errors.form} />
      {questions.map((question, index) => (
        <MultipleChoiceQuestion
          key={question.id}
          id={questionAnchor(question.id)}
          question={question}
          number={index + 1}
          answer={answers[question.id]}
          error={errorOf(question.id)}
          onChange={(answer) => {
            setAnswers((current) => ({ ...current, [question.id]: answer }));
            if (problems[question.id]) setProblems(({ [question.id]: _fixed, ...rest }) => rest);
          }}
        />
      ))}
      <div className="survey-questions__actions">
        {missing > 0 ? (
          <p className="survey-questions__missing" role="alert">
            {t('questions.missing', { count: missing, value: formatNumber(missing) })}
          </p>
        ) : null}
        {footer}
        <Button type="submit" loading={saving}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
};

/** The questions with the member's answers, read only (a closed survey). */
export const SurveyAnswersView = ({
  questions,
  answers,
}: {
  questions: SurveyQuestion[];
  answers: SurveyAnswers;
}) => (
  <div className="survey-questions">
    {questions.map((question, index) => (
      <MultipleChoiceQuestion
        key={question.id}
        question={question}
        number={index + 1}
        answer={answers[question.id]}
        onChange={() => {}}
        readOnly
      />
    ))}
  </div>
);

/** The questions as written, for reading (a survey whose questions can no longer change). */
export const SurveyQuestionsSummary = ({ questions }: { questions: SurveyQuestion[] }) => {
  const { t } = useTranslation('surveys');
  return (
    <ol className="survey-summary">
      {questions.map((question) => (
        <li key={question.id} className="survey-summary__question">
          <p className="survey-summary__text" dir="auto">
            {question.text}
          </p>
          <p className="survey-summary__meta">
            {question.multipleSelection ? t('questions.several') : t('questions.one')} ·{' '}
            {question.required ? t('questions.required') : t('questions.optional')}
          </p>
          <ul className="chips" aria-label={t('questions.options')}>
            {question.options.map((option) => (
              <li key={option.value} className="chip">
                <UserText>{option.text}</UserText>
              </li>
            ))}
            {question.hasOther ? (
              <li className="chip chip--accent">
                {t('questions.freeText', { label: question.otherText?.trim() || t('questions.other') })}
              </li>
            ) : null}
          </ul>
        </li>
      ))}
    </ol>
  );
};
