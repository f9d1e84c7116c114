import { LEVEL_NAMES } from '@coach/shared/constants/levels';
import { readingTopics } from '@coach/shared/contract/reading-topics';
import { api } from '../../lib/api.ts';
import { useLoad } from '../../lib/use-load.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { SelectField } from '../../ui/text-field.tsx';

const optionLabel = (topic: { title: string; level: keyof typeof LEVEL_NAMES | null; wordCount: number }) =>
  `${topic.title} · ${topic.level ? LEVEL_NAMES[topic.level] : 'Any level'} · ${topic.wordCount} words`;

/** The Read task's topic list (reading-topics/get-reading-topic-options): every topic, without its passage. */
export const ReadingTopicPicker = ({
  value,
  onChange,
  error,
}: {
  value: string | null;
  onChange: (topicId: string | null) => void;
  error: string | undefined;
}) => {
  const { state, reload } = useLoad('reading-topic-options', () => api.call(readingTopics.options, {}));
  if (state.status === 'loading')
    return (
      <p className="editor-note">
        <Spinner size="sm" label="" /> Loading the reading topics…
      </p>
    );
  if (state.status === 'error')
    return (
      <div className="editor-note editor-note--error" role="alert">
        <span>The reading topics could not be loaded: {state.message}</span>
        <Button variant="secondary" size="sm" onClick={reload}>
          Try again
        </Button>
        {error ? (
          <span className="field__error" data-error-anchor tabIndex={-1}>
            {error}
          </span>
        ) : null}
      </div>
    );
  const topics = state.data;
  if (topics.length === 0)
    return (
      <div className="editor-note">
        <p>There are no reading topics yet. Someone with the Reading Topics permission can add them.</p>
        {error ? (
          <p className="field__error" data-error-anchor tabIndex={-1}>
            {error}
          </p>
        ) : null}
      </div>
    );
  return (
    <SelectField
      label="Reading topic"
      value={value ?? ''}
      error={error}
      onChange={(event) => onChange(event.target.value || null)}
    >
      <option value="">Choose a topic</option>
      {topics.map((topic) => (
        <option key={topic._id} value={topic._id}>
          {optionLabel(topic)}
        </option>
      ))}
    </SelectField>
  );
};
