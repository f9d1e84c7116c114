import { LEVEL_NAMES, LEVEL_VALUES } from '@coach/shared/constants/levels';
import {
  READING_TOPIC_PASSAGE_MAX,
  READING_TOPIC_TITLE_MAX,
  type ReadingTopic,
  readingTopics,
} from '@coach/shared/contract/reading-topics';
import { countWords } from '@coach/shared/format/word-count';
import { useState } from 'react';
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
  const { errors, saving, send } = useContractForm(FIELDS);
  const words = countWords(passage);

  const submit = async () => {
    const fields = { title, passage, level: level === '' ? null : Number(level) };
    const saved = topic
      ? await send(readingTopics.edit, { topicId: topic._id, ...fields })
      : await send(readingTopics.add, fields);
    if (saved) onSaved();
  };

  return (
    <FormDialog
      title={topic ? `Edit ${topic.title}` : 'Add reading topic'}
      description="Authors of Read tasks pick from these passages; a task keeps its own copy."
      className="topic-form"
      formError={errors.form}
      submitLabel={topic ? 'Save changes' : 'Add topic'}
      saving={saving}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label="Title"
        value={title}
        maxLength={READING_TOPIC_TITLE_MAX}
        onChange={(event) => setTitle(event.target.value)}
        error={errors.title}
        autoFocus
      />
      <SelectField
        label="Level"
        value={level}
        onChange={(event) => setLevel(event.target.value)}
        error={errors.level}
      >
        <option value="">Any level</option>
        {LEVEL_VALUES.map((value) => (
          <option key={value} value={value}>
            {LEVEL_NAMES[value]}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label="Passage"
        value={passage}
        maxLength={READING_TOPIC_PASSAGE_MAX}
        rows={9}
        onChange={(event) => setPassage(event.target.value)}
        error={errors.passage}
        hint={`${words} ${words === 1 ? 'word' : 'words'}`}
      />
    </FormDialog>
  );
};
