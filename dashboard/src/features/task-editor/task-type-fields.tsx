import { INTERVIEW_REGIONS, isInterviewRegion } from '@coach/shared/constants/interview';
import { TASK_TYPES } from '@coach/shared/constants/task-types';
import { useTranslation } from 'react-i18next';
import { ChoiceQuestionsField } from '../../ui/choice-questions-field.tsx';
import { SelectField, TextAreaField, TextField } from '../../ui/text-field.tsx';
import { useEditorScope } from './editor-scope.tsx';
import { ReadingTopicPicker } from './reading-topic-picker.tsx';
import { RowsField } from './rows-field.tsx';
import { type FieldErrors, type PassageSource, TASK_LIMITS, type TaskDraft } from './task-draft.ts';
import { VideoPicker } from './video-picker.tsx';

/**
 * The interview's region: one of those its introduction supports (constants/interview.ts), as add-task and edit-task
 * take only these. A task saved before with another region shows it, marked, and asks for a supported one.
 */
const RegionField = ({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (region: string) => void;
}) => {
  const { t } = useTranslation('task-editor');
  const supported = isInterviewRegion(value);
  const stored = !supported && value.trim() !== '';
  return (
    <SelectField
      label={t('fields.region')}
      value={value}
      error={error}
      hint={stored ? t('fields.regionUnsupported', { region: value }) : t('fields.regionHint')}
      onChange={(event) => onChange(event.target.value)}
    >
      {supported ? null : (
        <option value={value} disabled>
          {stored ? t('fields.regionStored', { region: value }) : t('fields.regionPick')}
        </option>
      )}
      {INTERVIEW_REGIONS.map((region) => (
        <option key={region} value={region}>
          {t(`regions.${region}`)}
        </option>
      ))}
    </SelectField>
  );
};

const PassageSourceSwitch = ({
  value,
  onChange,
}: {
  value: PassageSource;
  onChange: (value: PassageSource) => void;
}) => {
  const { t } = useTranslation('task-editor');
  return (
    <fieldset className="segmented">
      <legend className="visually-hidden">{t('fields.source')}</legend>
      {(
        [
          ['text', t('fields.writeOwn')],
          ['topic', t('fields.pickTopic')],
        ] as const
      ).map(([source, label]) => (
        <label
          key={source}
          className={`segmented__option ${value === source ? 'segmented__option--on' : ''}`}
        >
          <input
            type="radio"
            name="passage-source"
            value={source}
            checked={value === source}
            onChange={() => onChange(source)}
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
};

/** The fields of the draft's type (spec §3). */
export const TypeFields = ({
  draft,
  update,
  errors,
  onVideoAvailability,
}: {
  draft: TaskDraft;
  update: (patch: Partial<TaskDraft>) => void;
  errors: FieldErrors;
  onVideoAvailability: (available: boolean) => void;
}) => {
  const { t } = useTranslation('task-editor');
  const { readingTopics } = useEditorScope();
  const passageField = (hint: string) => (
    <TextAreaField
      label={t('fields.passage')}
      rows={9}
      value={draft.passage}
      maxLength={TASK_LIMITS.passage?.maxLength}
      error={errors.passage}
      hint={hint}
      onChange={(event) => update({ passage: event.target.value })}
    />
  );
  switch (draft.type) {
    case TASK_TYPES.read:
      if (!readingTopics) return passageField(t('fields.passageHint'));
      return (
        <>
          <PassageSourceSwitch
            value={draft.passageSource}
            onChange={(passageSource) => update({ passageSource })}
          />
          {draft.passageSource === 'text' ? (
            passageField(t('fields.passageHint'))
          ) : (
            <ReadingTopicPicker
              value={draft.readingTopicId}
              error={errors.readingTopicId}
              onChange={(readingTopicId) => update({ readingTopicId })}
            />
          )}
        </>
      );
    case TASK_TYPES.pronunciation:
      return (
        <RowsField
          name="items"
          legend={t('fields.words')}
          hint={t('fields.wordsHint')}
          rowLabel={t('fields.wordRow')}
          addLabel={t('fields.addWord')}
          values={draft.items}
          onChange={(items) => update({ items })}
          errors={errors}
          max={100}
          maxLength={500}
        />
      );
    case TASK_TYPES.video:
      return (
        <VideoPicker
          value={draft.contentId}
          error={errors.contentId}
          onChange={(contentId) => update({ contentId })}
          onAvailability={onVideoAvailability}
        />
      );
    case TASK_TYPES.questionAndAnswer:
    case TASK_TYPES.freeTextQuestionAndAnswer:
      return (
        <RowsField
          name="questions"
          legend={t('fields.questions')}
          hint={
            draft.type === TASK_TYPES.questionAndAnswer ? t('fields.spokenHint') : t('fields.writtenHint')
          }
          rowLabel={t('fields.questionRow')}
          addLabel={t('fields.addQuestion')}
          values={draft.questions}
          onChange={(questions) => update({ questions })}
          errors={errors}
          max={50}
          maxLength={1000}
          multiline
        />
      );
    case TASK_TYPES.readAndRecord:
      return passageField(t('fields.rrHint'));
    case TASK_TYPES.getInterviewReady:
      return (
        <>
          <p className="editor-form__note">{t('fields.interviewNote')}</p>
          <div className="editor-form__row">
            <TextField
              label={t('fields.jobTitle')}
              value={draft.jobTitle}
              maxLength={TASK_LIMITS.jobTitle?.maxLength}
              error={errors.jobTitle}
              onChange={(event) => update({ jobTitle: event.target.value })}
            />
            <TextField
              label={t('fields.industry')}
              value={draft.industry}
              maxLength={TASK_LIMITS.industry?.maxLength}
              error={errors.industry}
              onChange={(event) => update({ industry: event.target.value })}
            />
          </div>
          <div className="editor-form__row">
            <TextField
              label={t('fields.location')}
              value={draft.location}
              maxLength={TASK_LIMITS.location?.maxLength}
              error={errors.location}
              onChange={(event) => update({ location: event.target.value })}
            />
            <RegionField
              value={draft.region}
              error={errors.region}
              onChange={(region) => update({ region })}
            />
          </div>
        </>
      );
    case TASK_TYPES.multipleChoiceQuestion:
      return (
        <ChoiceQuestionsField
          questions={draft.choiceQuestions}
          onChange={(choiceQuestions) => update({ choiceQuestions })}
          errors={errors}
        />
      );
  }
};
