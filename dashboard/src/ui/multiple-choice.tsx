import {
  chooseOption,
  chooseOther,
  otherChosen,
  otherLabel,
  typeOther,
} from '@coach/shared/contract/choice-rules';
import type { ChoiceAnswer, QuestionTemplate } from '@coach/shared/contract/tasks';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { T } from './t.tsx';
import { TextField } from './text-field.tsx';
import { UserText } from './user-text.tsx';
import './table.css';
import './multiple-choice.css';

/** The value of the "Other" input itself; it never reaches the report (the text goes in `other`). */
const OTHER_INPUT_VALUE = '__other__';

/** The tag beside an option the learner chose: their choice, not a verdict (no tick, no success colour). */
const YourAnswer = () => (
  <>
    {/* A space, so the option and the tag are read as two words ("Good morning Your answer"). */}{' '}
    <span className="choice__yours">
      <T k="ui.choice.yourAnswer" />
    </span>
  </>
);

/**
 * One multiple-choice question (spec §3 question template): radios for one answer, checkboxes when
 * multipleSelection; an "Other" option with its own text box when hasOther.
 */
export const MultipleChoiceQuestion = ({
  question,
  number,
  answer,
  onChange,
  readOnly = false,
  error,
  id,
}: {
  question: QuestionTemplate;
  number: number;
  answer: ChoiceAnswer | undefined;
  onChange: (answer: ChoiceAnswer) => void;
  readOnly?: boolean;
  /** Shown under the question (a missing answer, or the server's 422 naming this question). */
  error?: string | null | undefined;
  id?: string;
}) => {
  const { t } = useTranslation('common');
  const name = useId();
  const hintId = `${name}-hint`;
  const errorId = `${name}-error`;
  const type = question.multipleSelection ? 'checkbox' : 'radio';
  const values = answer?.values ?? [];
  const withOther = otherChosen(answer);
  // The author's label for "Other", else the reader's word for it (the contract's fallback is English).
  const other = question.otherText?.trim() ? otherLabel(question) : t('ui.choice.other');

  if (readOnly)
    return (
      <section id={id} className="choice" aria-labelledby={`${name}-title`}>
        <h3 id={`${name}-title`} className="choice__legend">
          <span className="choice__number">{number}.</span> <UserText>{question.text}</UserText>
        </h3>
        {/* The learner's choice, stated in words and without a tick: their copy of the quiz has no expected
            answers (the server keeps them), so nothing here may read as "correct". */}
        <ul className="choice__answers">
          {question.options.map((option) => {
            const chosen = values.includes(option.value);
            return (
              <li key={option.value} className={`choice__answer ${chosen ? 'choice__answer--chosen' : ''}`}>
                <UserText>{option.text}</UserText>
                {chosen ? <YourAnswer /> : null}
              </li>
            );
          })}
          {withOther ? (
            <li className="choice__answer choice__answer--chosen">
              <span>
                {other}: <UserText>{answer?.other}</UserText>
              </span>
              <YourAnswer />
            </li>
          ) : null}
        </ul>
        {values.length === 0 && !withOther ? (
          <p className="choice__hint">
            <T k="ui.choice.notAnswered" />
          </p>
        ) : null}
      </section>
    );

  return (
    <fieldset
      id={id}
      className={`choice ${error ? 'choice--invalid' : ''}`}
      aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
    >
      <legend className="choice__legend">
        <span className="choice__number">{number}.</span> <UserText>{question.text}</UserText>
      </legend>
      <p id={hintId} className="choice__hint">
        <T k={question.multipleSelection ? 'ui.choice.all' : 'ui.choice.one'} />
        {' · '}
        <T k={question.required ? 'ui.choice.required' : 'ui.choice.optional'} />
      </p>
      <div className="choice__options">
        {question.options.map((option) => (
          <label
            key={option.value}
            className={`checkbox choice__option ${values.includes(option.value) ? 'choice__option--on' : ''}`}
          >
            <input
              type={type}
              name={name}
              value={option.value}
              checked={values.includes(option.value)}
              onChange={(event) =>
                onChange(chooseOption(question, answer, option.value, event.target.checked))
              }
            />
            <span className="checkbox__text" dir="auto">
              {option.text}
            </span>
          </label>
        ))}
        {question.hasOther ? (
          <label className={`checkbox choice__option ${withOther ? 'choice__option--on' : ''}`}>
            <input
              type={type}
              name={name}
              value={OTHER_INPUT_VALUE}
              checked={withOther}
              onChange={(event) => onChange(chooseOther(question, answer, event.target.checked))}
            />
            <span className="checkbox__text">{other}</span>
          </label>
        ) : null}
      </div>
      {question.hasOther && withOther ? (
        <TextField
          className="choice__other"
          // The label typed by the author keeps its own direction inside the sentence (\u2068…\u2069).
          label={t('ui.choice.otherAnswer', { label: `\u2068${other}\u2069` })}
          value={answer?.other ?? ''}
          maxLength={1000}
          onChange={(event) => onChange(typeOther(answer, event.target.value))}
        />
      ) : null}
      {error ? (
        <p id={errorId} className="choice__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
};
