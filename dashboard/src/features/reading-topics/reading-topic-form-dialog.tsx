import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { LEVEL_NAMES, LEVEL_VALUES } from '@coach/shared/constants/levels';
import {
  READING_TOPIC_PASSAGE_MAX,
  READING_TOPIC_TITLE_MAX,
  type ReadingTopic,
  readingTopics,
} from '@coach/shared/contract/reading-topics';
import { countWords } from '@coach/shared/format/word-count';
import { type FormEvent, useState } from 'react';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormAlert } from '../../ui/states.tsx';
import { SelectField, TextAreaField, TextField } from '../../ui/text-field.tsx';

type Field = 'title' | 'passage' | 'level';
type Errors = Partial<Record<Field | 'form', string>>;
const FIELDS: readonly string[] = ['title', 'passage', 'level'] satisfies Field[];

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
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const words = countWords(passage);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fields = { title, passage, level: level === '' ? null : Number(level) };
    const showErrors = (issues: { path: PropertyKey[]; message: string }[]) => {
      const next: Errors = {};
      for (const issue of issues) next[String(issue.path[0]) as Field] ??= issue.message;
      setErrors(next);
    };
    const send = async (request: () => Promise<{ message: string }>) => {
      setSaving(true);
      setErrors({});
      try {
        const { message } = await request();
        notify.success(message);
        onSaved();
      } catch (error) {
        if (error instanceof ApiError && error.field && FIELDS.includes(error.field))
          setErrors({ [error.field]: error.message.replace(/^\w+: /, '') });
        else setErrors({ form: error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE });
        setSaving(false);
      }
    };
    // The contract's own schemas check the form, so the messages are the server's.
    if (topic) {
      const parsed = readingTopics.edit.request.safeParse({ topicId: topic._id, ...fields });
      if (!parsed.success) return showErrors(parsed.error.issues);
      await send(() => api.callWithMessage(readingTopics.edit, parsed.data));
    } else {
      const parsed = readingTopics.add.request.safeParse(fields);
      if (!parsed.success) return showErrors(parsed.error.issues);
      await send(() => api.callWithMessage(readingTopics.add, parsed.data));
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={topic ? `Edit ${topic.title}` : 'Add reading topic'}
      description="Authors of Read tasks pick from these passages; a task keeps its own copy."
    >
      <form className="topic-form" onSubmit={submit} noValidate>
        <FormAlert message={errors.form} />
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
        <div className="dialog__footer">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {topic ? 'Save changes' : 'Add topic'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
};
