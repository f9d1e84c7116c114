import type { LEVEL_NAMES } from '@coach/shared/constants/levels';
import { readingTopics } from '@coach/shared/contract/reading-topics';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { i18n } from '../../i18n/index.ts';
import { useCall } from '../../lib/use-call.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { SelectField } from '../../ui/text-field.tsx';

const optionLabel = (topic: { title: string; level: keyof typeof LEVEL_NAMES | null; wordCount: number }) =>
  i18n.t('task-editor:topics.option', {
    title: topic.title,
    level: topic.level ? i18n.t(`tasks:levels.${topic.level}`) : i18n.t('task-editor:topics.anyLevel'),
    words: i18n.t('task-editor:topics.words', {
      count: topic.wordCount,
      value: formatNumber(topic.wordCount),
    }),
  });

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
  const { t } = useTranslation('task-editor');
  const { state, reload } = useCall(readingTopics.options, {});
  if (state.status === 'loading')
    return (
      <p className="editor-note">
        <Spinner size="sm" label="" /> {t('topics.loading')}
      </p>
    );
  if (state.status === 'error')
    return (
      <div className="editor-note editor-note--error" role="alert">
        <span>{t('topics.loadError', { reason: state.message })}</span>
        <Button variant="secondary" size="sm" onClick={reload}>
          {t('topics.tryAgain')}
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
        <p>{t('topics.none')}</p>
        {error ? (
          <p className="field__error" data-error-anchor tabIndex={-1}>
            {error}
          </p>
        ) : null}
      </div>
    );
  return (
    <SelectField
      label={t('topics.label')}
      value={value ?? ''}
      error={error}
      onChange={(event) => onChange(event.target.value || null)}
    >
      <option value="">{t('topics.choose')}</option>
      {topics.map((topic) => (
        <option key={topic._id} value={topic._id}>
          {optionLabel(topic)}
        </option>
      ))}
    </SelectField>
  );
};
