import { EXPIRY_CHOICES } from '@coach/shared/constants/durations';
import { SURVEY_QUESTIONS_MAX, type Survey, surveys } from '@coach/shared/contract/surveys';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { i18n } from '../../i18n/index.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { Button } from '../../ui/button.tsx';
import {
  type FieldErrors,
  fromQuestionTemplate,
  newQuestion,
  type QuestionDraft,
  questionsFingerprint,
  toQuestionTemplate,
} from '../../ui/choice-question-draft.ts';
import { ChoiceQuestionsField } from '../../ui/choice-questions-field.tsx';
import { Card } from '../../ui/layout.tsx';
import { useLeaveGuard } from '../../ui/leave-guard.tsx';
import { FormAlert } from '../../ui/states.tsx';
import { SelectField, TextAreaField, TextField } from '../../ui/text-field.tsx';
import { surveyText } from './survey-messages.ts';
import { SurveyQuestionsSummary } from './survey-questions.tsx';

type Draft = { title: string; description: string; expirySeconds: number | null; questions: QuestionDraft[] };

const draftOf = (survey: Survey | null): Draft =>
  survey
    ? {
        title: survey.title,
        description: survey.description ?? '',
        expirySeconds: survey.expirySeconds,
        questions: survey.questions.map(fromQuestionTemplate),
      }
    : { title: '', description: '', expirySeconds: null, questions: [newQuestion()] };

const fingerprint = (draft: Draft) =>
  JSON.stringify({ ...draft, questions: questionsFingerprint(draft.questions) });

/** The keys the form shows an error at; any other key shows at its nearest shown parent. */
const shownKeys = (draft: Draft) => {
  const keys = new Set(['title', 'description', 'expirySeconds', 'questions']);
  draft.questions.forEach((question, i) => {
    const q = `questions.${i}`;
    for (const key of [q, `${q}.text`, `${q}.options`, `${q}.otherText`]) keys.add(key);
    question.options.forEach((_, j) => {
      keys.add(`${q}.options.${j}.text`);
    });
  });
  return [...keys];
};

const dueHint = (survey: Survey | null, expirySeconds: number | null) => {
  const t = i18n.getFixedT(null, 'surveys', 'form');
  if (expirySeconds === null) return t('openUntilClosed');
  if (survey?.publishedAt) return t('countedFromDate', { date: formatDateTime(survey.publishedAt) });
  return t('countedFromPublishing');
};

/** "7 Days after publishing": whole days when the choice is, else hours. */
const afterPublishing = (seconds: number) => {
  const t = i18n.getFixedT(null, 'surveys', 'form');
  const days = seconds / 86_400;
  if (Number.isInteger(days)) return t('daysAfter', { count: days, value: formatNumber(days) });
  const hours = seconds / 3600;
  return t('hoursAfter', { count: hours, value: formatNumber(hours) });
};

/**
 * The survey's title, description, due date and questions. A draft changes freely; once members have
 * answered an active survey its questions stay as they are (shown read only), the rest may still change.
 */
export const SurveyForm = ({
  survey,
  questionsLocked,
  onSaved,
}: {
  survey: Survey | null;
  /** Members have answered: the questions cannot change. */
  questionsLocked: boolean;
  onSaved: (survey: Survey) => void;
}) => {
  const { t } = useTranslation('surveys');
  const [initial] = useState(() => draftOf(survey));
  const [draft, setDraft] = useState<Draft>(initial);
  const form = useContractForm(shownKeys(draft), surveys.add);
  const errors = form.errors as FieldErrors;
  const dirty = fingerprint(draft) !== fingerprint(initial);
  const guard = useLeaveGuard(dirty, 'this survey');
  const bodyOf = (from: Draft) => ({
    title: from.title,
    ...(from.description.trim() ? { description: from.description } : {}),
    questions: questionsLocked && survey ? survey.questions : from.questions.map(toQuestionTemplate),
    expirySeconds: from.expirySeconds,
  });
  const set = (patch: Partial<Draft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    // After a save the check stopped, each field's error goes as the field is put right.
    const options = { text: surveyText, fields: shownKeys(next) };
    if (survey) form.recheck(surveys.edit, { surveyId: survey._id, ...bodyOf(next) }, options);
    else form.recheck(surveys.add, bodyOf(next), options);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf(draft);
    const options = { text: surveyText, invalidText: t('form.checkFields') };
    const saved = survey
      ? await form.send(surveys.edit, { surveyId: survey._id, ...body }, options)
      : await form.send(surveys.add, body, options);
    if (!saved) return;
    guard.allowLeave();
    onSaved(saved);
  };

  return (
    <form className="survey-form" onSubmit={(event) => void submit(event)} noValidate>
      <Card>
        <FormAlert message={form.errors.form} />
        <TextField
          label={t('form.title')}
          value={draft.title}
          {...form.field('title')}
          onChange={(event) => set({ title: event.target.value })}
        />
        <TextAreaField
          label={t('form.description')}
          hint={t('form.descriptionHint')}
          value={draft.description}
          rows={3}
          {...form.field('description')}
          onChange={(event) => set({ description: event.target.value })}
        />
        <SelectField
          label={t('form.due')}
          hint={dueHint(survey, draft.expirySeconds)}
          value={draft.expirySeconds === null ? '' : String(draft.expirySeconds)}
          error={errors.expirySeconds}
          onChange={(event) => set({ expirySeconds: event.target.value ? Number(event.target.value) : null })}
        >
          <option value="">{t('form.noDueDate')}</option>
          {EXPIRY_CHOICES.map((choice) => (
            <option key={choice.seconds} value={choice.seconds}>
              {afterPublishing(choice.seconds)}
            </option>
          ))}
        </SelectField>
      </Card>
      <Card title={t('form.questions')}>
        {questionsLocked && survey ? (
          <>
            <p className="survey-form__note">{t('form.locked')}</p>
            <SurveyQuestionsSummary questions={survey.questions} />
          </>
        ) : (
          <ChoiceQuestionsField
            questions={draft.questions}
            onChange={(questions) => set({ questions })}
            errors={errors}
            expectedAnswers={false}
            who="Members"
            max={SURVEY_QUESTIONS_MAX}
          />
        )}
      </Card>
      <div className="survey-form__actions">
        <Button type="submit" loading={form.saving}>
          {survey ? t('form.saveChanges') : t('form.saveDraft')}
        </Button>
      </div>
      {guard.prompt}
    </form>
  );
};
