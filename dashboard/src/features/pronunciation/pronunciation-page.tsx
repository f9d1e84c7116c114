import { GROUP_SEARCH_DEBOUNCE_MS } from '@coach/shared/constants/timing';
import {
  DEFAULT_PRONUNCIATION_SETTINGS,
  type GroupPronunciation,
  PRONUNCIATION_ACCENT_LABELS,
  PRONUNCIATION_STRICTNESS_LABELS,
  pronunciationConfig,
} from '@coach/shared/contract/pronunciation';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { usePagedList } from '../../lib/use-paged-list.ts';
import { Button } from '../../ui/button.tsx';
import { PageHeader } from '../../ui/layout.tsx';
import { PagedTable } from '../../ui/paged-table.tsx';
import { SearchBox } from '../../ui/table.tsx';
import { PronunciationFormDialog } from './pronunciation-form-dialog.tsx';
import './pronunciation.css';

const DEFAULTS_TEXT = `${PRONUNCIATION_ACCENT_LABELS[DEFAULT_PRONUNCIATION_SETTINGS.accent]}, pass at ${DEFAULT_PRONUNCIATION_SETTINGS.passingScore}, ${PRONUNCIATION_STRICTNESS_LABELS[DEFAULT_PRONUNCIATION_SETTINGS.strictness].toLowerCase()} judging`;

/** /enterprise/config/pronunciation: how each group's Pronunciation tasks are scored (issue 5, spec §2, §6). */
export const PronunciationPage = () => {
  const [search, setSearch] = useState('');
  const searchQuery = useDebounced(search.trim(), GROUP_SEARCH_DEBOUNCE_MS);
  const list = usePagedList(searchQuery, (currentPage) =>
    api.call(pronunciationConfig.list, { searchQuery, currentPage }),
  );
  const [editing, setEditing] = useState<GroupPronunciation | null>(null);

  return (
    <div className="pronunciation">
      <PageHeader
        title="Pronunciation"
        description={`How each group's Pronunciation tasks are scored. Groups without settings of their own use the defaults: ${DEFAULTS_TEXT}.`}
      />
      <div className="list-toolbar">
        <SearchBox label="Search groups" placeholder="Search groups..." value={search} onChange={setSearch} />
      </div>

      <PagedTable
        list={list}
        noun="groups"
        empty={{
          title: searchQuery ? 'No group matches your search' : 'No groups yet',
          description: searchQuery
            ? `Nothing is named like "${searchQuery}".`
            : 'Create groups first; each can then have its own pronunciation settings.',
        }}
        head={
          <>
            <th scope="col">Group</th>
            <th scope="col" className="table__number">
              Members
            </th>
            <th scope="col">Accent</th>
            <th scope="col" className="table__number">
              Passing score
            </th>
            <th scope="col">Strictness</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </>
        }
        row={(row) => (
          <tr key={row.groupId}>
            <td>
              <span className="pronunciation__group">
                {row.groupName}
                {row.isDefault ? <span className="chip">Default</span> : null}
              </span>
            </td>
            <td data-label="Members" className="table__number">
              {row.memberCount}
            </td>
            <td data-label="Accent">{PRONUNCIATION_ACCENT_LABELS[row.accent]}</td>
            <td data-label="Passing score" className="table__number">
              {row.passingScore}
            </td>
            <td data-label="Strictness">{PRONUNCIATION_STRICTNESS_LABELS[row.strictness]}</td>
            <td>
              <div className="table__actions">
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Edit ${row.groupName}`}
                  onClick={() => setEditing(row)}
                >
                  Edit
                </Button>
              </div>
            </td>
          </tr>
        )}
      />

      {editing ? (
        <PronunciationFormDialog
          row={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void list.reload();
          }}
        />
      ) : null}
    </div>
  );
};
