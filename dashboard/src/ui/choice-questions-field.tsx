import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusLater } from '../lib/use-focus-later.ts';
import { Button } from './button.tsx';
import { type FieldErrors, newOption, newQuestion, type QuestionDraft } from './choice-question-draft.ts';
import { Checkbox } from './table.tsx';
import { TextField } from './text-field.tsx';
import './choice-questions-field.css';

/** Contract limits of a question template (spec §3): 2 to 20 options, up to 50 questions. */
const MIN_OPTIONS = 2;
const MAX_OPTIONS = 20;
const MAX_QUESTIONS = 50;

const optionInputId = (key: string) => `option-${key}`;
const questionInputId = (id: string) => `question-${id}`;

const ListError = ({ id, message }: { id: string; message: string | undefined }) =>
  message ? (
    <p id={id} className="field__error" tabIndex={-1} data-error-anchor>
      {message}
    </p>
  ) : null;

const QuestionEditor = ({
  index,
  count,
  question,
  errors,
  onChange,
  onRemove,
  onMove,
  expectedAnswers,
  who: whoName,
}: {
  index: number;
  count: number;
  question: QuestionDraft;
  errors: FieldErrors;
  onChange: (question: QuestionDraft) => void;
  onRemove: () => void;
  onMove: (by: -1 | 1) => void;
  expectedAnswers: boolean;
  who: string;
}) => {
  const { t } = useTranslation('widgets');
  const who = t(`mcq.who.${whoName}`, { defaultValue: whoName });
  const baseId = useId();
  const focusLater = useFocusLater();
  const key = `questions.${index}`;
  const number = index + 1;
  const set = (patch: Partial<QuestionDraft>) => onChange({ ...question, ...patch });

  const addOption = () => {
    const option = newOption();
    set({ options: [...question.options, option] });
    focusLater(optionInputId(option.key));
  };
  const removeOption = (optionKey: string) => {
    const at = question.options.findIndex((o) => o.key === optionKey);
    const options = question.options.filter((o) => o.key !== optionKey);
    set({ options, answerKeys: question.answerKeys.filter((k) => k !== optionKey) });
    const neighbour = options[Math.min(at, options.length - 1)];
    focusLater(neighbour ? optionInputId(neighbour.key) : `${baseId}-add`);
  };
  const toggleExpected = (optionKey: string, on: boolean) => {
    if (!on) return set({ answerKeys: question.answerKeys.filter((k) => k !== optionKey) });
    // One expected answer unless learners may choose several.
    set({ answerKeys: question.multipleSelection ? [...question.answerKeys, optionKey] : [optionKey] });
  };

  return (
    <fieldset className="mcq" aria-describedby={errors[key] ? `${baseId}-error` : undefined}>
      <legend className="mcq__legend">{t('mcq.question', { number })}</legend>
      <div className="mcq__tools">
        <Button
          variant="ghost"
          size="sm"
          aria-label={t('mcq.moveUp', { number })}
          disabled={index === 0}
          onClick={() => onMove(-1)}
        >
          ↑ {t('mcq.up')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={t('mcq.moveDown', { number })}
          disabled={index === count - 1}
          onClick={() => onMove(1)}
        >
          ↓ {t('mcq.down')}
        </Button>
        <Button variant="ghost" size="sm" aria-label={t('mcq.removeQuestion', { number })} onClick={onRemove}>
          {t('mcq.remove')}
        </Button>
      </div>
      <ListError id={`${baseId}-error`} message={errors[key]} />
      <TextField
        id={questionInputId(question.id)}
        label={t('mcq.questionLabel')}
        value={question.text}
        maxLength={1000}
        error={errors[`${key}.text`]}
        onChange={(event) => set({ text: event.target.value })}
      />

      <fieldset className="mcq__options" aria-describedby={`${baseId}-options-hint`}>
        <legend className="mcq__sublegend">{t('mcq.options')}</legend>
        <p id={`${baseId}-options-hint`} className="mcq__hint">
          {expectedAnswers ? t('mcq.optionsHintExpected') : t('mcq.optionsHint')}
        </p>
        <ListError id={`${baseId}-options-error`} message={errors[`${key}.options`]} />
        <ol className="mcq__list">
          {question.options.map((option, j) => (
            <li key={option.key} className={`mcq__option ${expectedAnswers ? '' : 'mcq__option--plain'}`}>
              <TextField
                id={optionInputId(option.key)}
                label={t('mcq.option', { number: j + 1 })}
                value={option.text}
                maxLength={500}
                error={errors[`${key}.options.${j}.text`]}
                onChange={(event) =>
                  set({
                    options: question.options.map((o) =>
                      o.key === option.key ? { ...o, text: event.target.value } : o,
                    ),
                  })
                }
              />
              {expectedAnswers ? (
                <label className="mcq__expected">
                  <input
                    type="checkbox"
                    aria-label={t('mcq.expectedOption', { number: j + 1 })}
                    checked={question.answerKeys.includes(option.key)}
                    onChange={(event) => toggleExpected(option.key, event.target.checked)}
                  />
                  <span>{t('mcq.expected')}</span>
                </label>
              ) : null}
              <Button
                variant="ghost"
                size="sm"
                className="mcq__remove"
                aria-label={t('mcq.removeOption', { number: j + 1 })}
                disabled={question.options.length <= MIN_OPTIONS}
                onClick={() => removeOption(option.key)}
              >
                {t('mcq.remove')}
              </Button>
            </li>
          ))}
        </ol>
        <ListError id={`${baseId}-answer-error`} message={errors[`${key}.answer`]} />
        <Button
          id={`${baseId}-add`}
          variant="secondary"
          size="sm"
          disabled={question.options.length >= MAX_OPTIONS}
          onClick={addOption}
        >
          {t('mcq.addOption')}
        </Button>
      </fieldset>

      <div className="mcq__settings">
        <Checkbox
          label={t('mcq.several', { who })}
          checked={question.multipleSelection}
          onChange={(multipleSelection) =>
            set({
              multipleSelection,
              answerKeys: multipleSelection ? question.answerKeys : question.answerKeys.slice(0, 1),
            })
          }
        />
        <Checkbox
          label={t('mcq.required')}
          checked={question.required}
          onChange={(required) => set({ required })}
        />
        <Checkbox
          label={t('mcq.offerOther')}
          hint={t('mcq.otherHint', { who })}
          checked={question.hasOther}
          onChange={(hasOther) => set({ hasOther })}
        />
      </div>
      {question.hasOther ? (
        <TextField
          label={t('mcq.otherLabel')}
          placeholder={t('mcq.other')}
          value={question.otherText}
          maxLength={200}
          error={errors[`${key}.otherText`]}
          onChange={(event) => set({ otherText: event.target.value })}
        />
      ) : null}
    </fieldset>
  );
};

/**
 * The builder of multiple-choice questions (spec §3 question template), for a Multiple Choice task (type 8) and a
 * survey: questions with their options, the expected answer when there is one (tasks only), several answers or
 * one, required or not, and an optional "Other" answer; questions move up and down with buttons.
 */
export const ChoiceQuestionsField = ({
  questions,
  onChange,
  errors,
  expectedAnswers = true,
  who = 'Learners',
  max = MAX_QUESTIONS,
}: {
  questions: QuestionDraft[];
  onChange: (questions: QuestionDraft[]) => void;
  errors: FieldErrors;
  /** Offer an expected answer per question (a task's right answer; a survey has none). */
  expectedAnswers?: boolean;
  /** Who answers, as the settings name them ('Learners', 'Members'). */
  who?: string;
  max?: number;
}) => {
  const { t } = useTranslation('widgets');
  const baseId = useId();
  const focusLater = useFocusLater();
  const add = () => {
    const question = newQuestion();
    onChange([...questions, question]);
    focusLater(questionInputId(question.id));
  };
  const remove = (index: number) => {
    const next = questions.filter((_, i) => i !== index);
    onChange(next);
    const neighbour = next[Math.min(index, next.length - 1)];
    focusLater(neighbour ? questionInputId(neighbour.id) : `${baseId}-add`);
  };
  const move = (index: number, by: -1 | 1) => {
    const next = [...questions];
    const [moved] = next.splice(index, 1);
    if (!moved) return;
    next.splice(index + by, 0, moved);
    onChange(next);
    focusLater(questionInputId(moved.id));
  };

  return (
    <div className="mcq-list">
      <ListError id={`${baseId}-error`} message={errors.questions} />
      {questions.map((question, index) => (
        <QuestionEditor
          key={question.id}
          index={index}
          count={questions.length}
          question={question}
          errors={errors}
          onChange={(changed) => onChange(questions.map((q, i) => (i === index ? changed : q)))}
          onRemove={() => remove(index)}
          onMove={(by) => move(index, by)}
          expectedAnswers={expectedAnswers}
          who={who}
        />
      ))}
      <div>
        <Button id={`${baseId}-add`} variant="secondary" disabled={questions.length >= max} onClick={add}>
          {t('mcq.addQuestion')}
        </Button>
      </div>
    </div>
  );
};
