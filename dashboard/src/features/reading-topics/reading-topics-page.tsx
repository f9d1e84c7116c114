import { LEVEL_NAMES } from '@coach/shared/constants/levels';
import { GROUP_SEARCH_DEBOUNCE_MS } from '@coach/shared/constants/timing';
import { type ReadingTopic, readingTopics } from '@coach/shared/contract/reading-topics';
import { truncateText } from '@coach/shared/format/truncate-text';
import { useState } from 'react';
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
  const [search, setSearch] = useState('');
  const searchQuery = useDebounced(search.trim(), GROUP_SEARCH_DEBOUNCE_MS);
  const list = usePagedList(searchQuery, (currentPage) =>
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
        title="Reading Topics"
        description="Passages for Read tasks. Task authors pick a topic and the task keeps its own copy."
        actions={<Button onClick={() => setEditing('new')}>Add reading topic</Button>}
      />
      <div className="list-toolbar">
        <SearchBox
          label="Search reading topics"
          placeholder="Search reading topics..."
          value={search}
          onChange={setSearch}
        />
      </div>

      <PagedTable
        list={list}
        noun="reading topics"
        empty={{
          title: searchQuery ? 'No reading topic matches your search' : 'No reading topics yet',
          description: searchQuery
            ? `No title contains "${searchQuery}".`
            : 'Add a passage your members can practise reading aloud.',
        }}
        head={
          <>
            <th scope="col">Topic</th>
            <th scope="col">Level</th>
            <th scope="col" className="table__number">
              Words
            </th>
            <th scope="col">Updated</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </>
        }
        row={(topic) => (
          <tr key={topic._id}>
            <td>
              <span className="reading-topics__title">{topic.title}</span>
              <span className="reading-topics__excerpt">{truncateText(topic.passage)}</span>
            </td>
            <td data-label="Level">
              {topic.level ? (
                <span className="chip chip--accent">{LEVEL_NAMES[topic.level]}</span>
              ) : (
                <span className="chip">Any level</span>
              )}
            </td>
            <td data-label="Words" className="table__number">
              {topic.wordCount}
            </td>
            <td data-label="Updated">{formatDate(topic.updatedAt)}</td>
            <td>
              <div className="table__actions">
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Edit ${topic.title}`}
                  onClick={() => setEditing(topic)}
                >
                  Edit
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Delete ${topic.title}`}
                  onClick={() => deletion.ask(topic)}
                >
                  Delete
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
          title={`Delete ${deletion.pending.title}?`}
          description="The topic is removed for good. Tasks already made from it keep their passage."
          confirmLabel="Delete topic"
          {...deletion.dialog}
        />
      ) : null}
    </div>
  );
};
