import { LEVEL_NAMES } from '@coach/shared/constants/levels';
import { GROUP_SEARCH_DEBOUNCE_MS } from '@coach/shared/constants/timing';
import { adminVocabulary, type VocabularyWord } from '@coach/shared/contract/admin-vocabulary';
import { truncateText } from '@coach/shared/format/truncate-text';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import { useConfirmedDelete } from '../../lib/use-confirmed-delete.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { usePagedList } from '../../lib/use-paged-list.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { PageHeader } from '../../ui/layout.tsx';
import { PagedTable } from '../../ui/paged-table.tsx';
import { SearchBox } from '../../ui/table.tsx';
import { SelectField } from '../../ui/text-field.tsx';
import { ImportVocabularyDialog, WordFormDialog } from './vocabulary-dialogs.tsx';
import './admin-vocabulary.css';

/** /admin/vocabulary: the platform's words for vocabulary practice (issue 7, spec §2). */
export const AdminVocabularyPage = () => {
  const [search, setSearch] = useState('');
  const searchInput = useDebounced(search.trim(), GROUP_SEARCH_DEBOUNCE_MS);
  const [category, setCategory] = useState('');
  const [categories, setCategories] = useState<string[]>([]);
  const list = usePagedList(`${searchInput}|${category}`, (currentPage) =>
    api.call(adminVocabulary.list, {
      searchInput,
      currentPage,
      ...(category ? { category } : {}),
    }),
  );
  const [editing, setEditing] = useState<VocabularyWord | 'new' | null>(null);
  const [importing, setImporting] = useState(false);

  const loadCategories = useCallback(async () => {
    try {
      setCategories(await api.call(adminVocabulary.categories, {}));
    } catch {
      // The filter then offers "All categories" only; the list shows its own error.
    }
  }, []);
  useEffect(() => {
    void loadCategories();
  }, [loadCategories]);
  const changed = () => {
    void list.reload();
    void loadCategories();
  };

  const deletion = useConfirmedDelete<VocabularyWord>(
    async (word) => (await api.callWithMessage(adminVocabulary.remove, { wordId: word._id })).message,
    changed,
  );

  const filtered = Boolean(searchInput || category);
  return (
    <div className="admin-vocabulary">
      <PageHeader
        title="Vocabulary List"
        description="Words, meanings and example sentences for vocabulary practice."
        actions={
          <>
            <Button variant="secondary" onClick={() => setImporting(true)}>
              Import CSV
            </Button>
            <Button onClick={() => setEditing('new')}>Add word</Button>
          </>
        }
      />
      <div className="list-toolbar">
        <SearchBox
          label="Search words"
          placeholder="Search words or meanings..."
          value={search}
          onChange={setSearch}
        />
        <div className="admin-vocabulary__filter">
          <SelectField
            label="Category"
            value={category}
            onChange={(event) => setCategory(event.target.value)}
          >
            <option value="">All categories</option>
            {categories.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </SelectField>
        </div>
      </div>

      <PagedTable
        list={list}
        noun="words"
        empty={{
          title: filtered ? 'No word matches' : 'No words yet',
          description: filtered
            ? 'Try another search or category.'
            : 'Add a word or import a CSV file of words.',
        }}
        head={
          <>
            <th scope="col">Word</th>
            <th scope="col">Example</th>
            <th scope="col">Level</th>
            <th scope="col">Category</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </>
        }
        row={(word) => (
          <tr key={word._id}>
            <td>
              <span className="admin-vocabulary__word">{word.word}</span>
              <span className="admin-vocabulary__meaning">{truncateText(word.meaning)}</span>
            </td>
            <td data-label="Example" className="admin-vocabulary__example">
              {truncateText(word.example)}
            </td>
            <td data-label="Level">
              <span className="chip chip--accent">{LEVEL_NAMES[word.level]}</span>
            </td>
            <td data-label="Category">{word.category}</td>
            <td>
              <div className="table__actions">
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Edit ${word.word}`}
                  onClick={() => setEditing(word)}
                >
                  Edit
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Delete ${word.word}`}
                  onClick={() => deletion.ask(word)}
                >
                  Delete
                </Button>
              </div>
            </td>
          </tr>
        )}
      />

      {editing ? (
        <WordFormDialog
          word={editing === 'new' ? null : editing}
          categories={categories}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            changed();
          }}
        />
      ) : null}
      {importing ? <ImportVocabularyDialog onClose={() => setImporting(false)} onImported={changed} /> : null}
      {deletion.pending ? (
        <ConfirmDialog
          title={`Delete ${deletion.pending.word}?`}
          description="The word is removed from the list and from vocabulary practice."
          confirmLabel="Delete word"
          {...deletion.dialog}
        />
      ) : null}
    </div>
  );
};
