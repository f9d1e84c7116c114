import { type ReadingTopic, readingTopics } from '@coach/shared/contract/reading-topics';
import { truncateText } from '@coach/shared/format/truncate-text';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { api } from '../../lib/api.ts';
import { formatDate } from '../../lib/dates.ts';
import { Button } from '../../ui/button.tsx';
import { type Column, ListScreen, useListScreen } from '../../widgets/list-screen.tsx';
import { ReadingTopicFormDialog } from './reading-topic-form-dialog.tsx';
import './reading-topics.css';

/** /enterprise/reading-topics: the passages Read tasks are made from (spec §2). */
export const ReadingTopicsPage = () => {
  const { t } = useTranslation('reading-topics');
  const screen = useListScreen<ReadingTopic>({
    call: readingTopics.list,
    fetch: ({ search: searchQuery, currentPage }) =>
      api.call(readingTopics.list, { searchQuery, currentPage }),
    remove: async (topic) =>
      (await api.callWithMessage(readingTopics.remove, { topicId: topic._id })).message,
  });
  const { search: searchQuery } = screen;
  const [editing, setEditing] = useState<ReadingTopic | 'new' | null>(null);

  const columns: Column<ReadingTopic>[] = [
    {
      header: t('columns.topic'),
      unlabelled: true,
      cell: (topic) => (
        <>
          <span className="reading-topics__title">{topic.title}</span>
          <span className="reading-topics__excerpt" dir="auto">
            {truncateText(topic.passage)}
          </span>
        </>
      ),
    },
    {
      header: t('columns.level'),
      cell: (topic) =>
        topic.level ? (
          <span className="chip chip--accent">{t(`levels.${topic.level}`)}</span>
        ) : (
          <span className="chip">{t('anyLevel')}</span>
        ),
    },
    { header: t('columns.words'), numeric: true, cell: (topic) => formatNumber(topic.wordCount) },
    { header: t('columns.updated'), cell: (topic) => formatDate(topic.updatedAt) },
    {
      header: t('columns.actions'),
      hiddenHeader: true,
      cell: (topic) => (
        <div className="table__actions">
          <Button
            variant="secondary"
            size="sm"
            aria-label={t('editTopic', { title: topic.title })}
            onClick={() => setEditing(topic)}
          >
            {t('edit')}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('deleteTopic', { title: topic.title })}
            onClick={() => screen.deletion.ask(topic)}
          >
            {t('delete')}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <ListScreen
      className="reading-topics"
      title={t('title')}
      description={t('description')}
      actions={<Button onClick={() => setEditing('new')}>{t('add')}</Button>}
      screen={screen}
      search={{ label: t('search.label'), placeholder: t('search.placeholder') }}
      noun={t('noun')}
      empty={{
        title: searchQuery ? t('empty.searchTitle') : t('empty.title'),
        description: searchQuery
          ? t('empty.searchDescription', { query: searchQuery })
          : t('empty.description'),
      }}
      columns={columns}
      rowKey={(topic) => topic._id}
      confirmDelete={(topic) => ({
        title: t('confirmDelete.title', { title: topic.title }),
        description: t('confirmDelete.description'),
        confirmLabel: t('confirmDelete.confirm'),
      })}
    >
      {editing ? (
        <ReadingTopicFormDialog
          topic={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void screen.list.reload();
          }}
        />
      ) : null}
    </ListScreen>
  );
};
