import { GROUP_SEARCH_DEBOUNCE_MS } from '@coach/shared/constants/timing';
import { type ReadingTopic, readingTopics } from '@coach/shared/contract/reading-topics';
import { truncateText } from '@coach/shared/format/truncate-text';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { api } from '../../lib/api.ts';
import { formatDate } from '../../lib/dates.ts';
import { useConfirmedDelete } from '../../lib/use-confirmed-delete.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { usePagedList } from '../../lib/use-paged-list.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { PageHeader } from '../../ui/layout.tsx';
import { PagedTable } from '../../ui/paged-table.tsx';
import { SearchBox } from '../../ui/table.tsx';
import { ReadingTopicFormDialog } from './reading-topic-form-dialog.tsx';
import './reading-topics.css';

/** /enterprise/reading-topics: the passages Read tasks are made from (issue 5, spec §2). */
export const ReadingTopicsPage = () => {
  const { t } = useTranslation('reading-topics');
  const [search, setSearch] = useState('');
  const searchQuery = useDebounced(search.trim(), GROUP_SEARCH_DEBOUNCE_MS);
  const list = usePagedList([readingTopics.list.path, searchQuery], (currentPage) =>
    api.call(readingTopics.list, { searchQuery, currentPage }),
  );
  const [editing, setEditing] = useState<ReadingTopic | 'new' | null>(null);

  const deletion = useConfirmedDelete<ReadingTopic>(
    async (topic) => (await api.callWithMessage(readingTopics.remove, { topicId: topic._id })).message,
    list.reload,
  );

  return (
    <div className="reading-topics">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={<Button onClick={() => setEditing('new')}>{t('add')}</Button>}
      />
      <div className="list-toolbar">
        <SearchBox
          label={t('search.label')}
          placeholder={t('search.placeholder')}
          value={search}
          onChange={setSearch}
        />
      </div>

      <PagedTable
        list={list}
        noun={t('noun')}
        empty={{
          title: searchQuery ? t('empty.searchTitle') : t('empty.title'),
          description: searchQuery
            ? t('empty.searchDescription', { query: searchQuery })
            : t('empty.description'),
        }}
        head={
          <>
            <th scope="col">{t('columns.topic')}</th>
            <th scope="col">{t('columns.level')}</th>
            <th scope="col" className="table__number">
              {t('columns.words')}
            </th>
            <th scope="col">{t('columns.updated')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('columns.actions')}</span>
            </th>
          </>
        }
        row={(topic) => (
          <tr key={topic._id}>
            <td>
              <span className="reading-topics__title">{topic.title}</span>
              <span className="reading-topics__excerpt" dir="auto">
                {truncateText(topic.passage)}
              </span>
            </td>
            <td data-label={t('columns.level')}>
              {topic.level ? (
                <span className="chip chip--accent">{t(`levels.${topic.level}`)}</span>
              ) : (
                <span className="chip">{t('anyLevel')}</span>
              )}
            </td>
            <td data-label={t('columns.words')} className="table__number">
              {formatNumber(topic.wordCount)}
            </td>
            <td data-label={t('columns.updated')}>{formatDate(topic.updatedAt)}</td>
            <td>
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
                  onClick={() => deletion.ask(topic)}
                >
                  {t('delete')}
                </Button>
              </div>
            </td>
          </tr>
        )}
      />

      {editing ? (
        <ReadingTopicFormDialog
          topic={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void list.reload();
          }}
        />
      ) : null}
      {deletion.pending ? (
        <ConfirmDialog
          title={t('confirmDelete.title', { title: deletion.pending.title })}
          description={t('confirmDelete.description')}
          confirmLabel={t('confirmDelete.confirm')}
          {...deletion.dialog}
        />
      ) : null}
    </div>
  );
};
