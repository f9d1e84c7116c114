import { LEVEL_VALUES } from '@coach/shared/constants/levels';
import { type ReadingTopic, readingTopics } from '@coach/shared/contract/reading-topics';
import { countWords } from '@coach/shared/format/word-count';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { SelectField, TextAreaField, TextField } from '../../ui/text-field.tsx';

const FIELDS = ['title', 'passage', 'level'] as const;

/** Add (topic null) or edit a reading topic: its title, level and passage, with a live word count. */
export const ReadingTopicFormDialog = ({
  topic,
  onClose,
  onSaved,
}: {
  topic: ReadingTopic | null;
  onClose: () => void;
  onSaved: () => void;
}) => {
  const [title, setTitle] = useState(topic?.title ?? '');
  const [level, setLevel] = useState(topic?.level ? String(topic.level) : '');
  const [passage, setPassage] = useState(topic?.passage ?? '');
  const { errors, saving, send, limits } = useContractForm(FIELDS, readingTopics.add);
  const words = countWords(passage);
  const { t } = useTranslation('reading-topics');

  const submit = async () => {
    const fields = { title, passage, level: level === '' ? null : Number(level) };
    const saved = topic
      ? await send(readingTopics.edit, { topicId: topic._id, ...fields })
      : await send(readingTopics.add, fields);
    if (saved) onSaved();
  };

  return (
    <FormDialog
      title={topic ? t('form.editTitle', { title: topic.title }) : t('form.addTitle')}
      description={t('form.description')}
      className="topic-form"
      formError={errors.form}
      submitLabel={topic ? t('form.save') : t('form.add')}
      saving={saving}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label={t('form.title')}
        value={title}
        maxLength={limits.title?.maxLength}
        onChange={(event) => setTitle(event.target.value)}
        error={errors.title}
        autoFocus
      />
      <SelectField
        label={t('form.level')}
        value={level}
        onChange={(event) => setLevel(event.target.value)}
        error={errors.level}
      >
        <option value="">{t('anyLevel')}</option>
        {LEVEL_VALUES.map((value) => (
          <option key={value} value={value}>
            {t(`levels.${value}`)}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label={t('form.passage')}
        value={passage}
        maxLength={limits.passage?.maxLength}
        rows={9}
        onChange={(event) => setPassage(event.target.value)}
        error={errors.passage}
        hint={t('form.words', { count: words })}
      />
    </FormDialog>
  );
};
