import { GROUP_SEARCH_DEBOUNCE_MS } from '@coach/shared/constants/timing';
import { adminVocabulary, type VocabularyWord } from '@coach/shared/contract/admin-vocabulary';
import { truncateText } from '@coach/shared/format/truncate-text';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { useCall } from '../../lib/use-call.ts';
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
  const { t } = useTranslation('admin-vocabulary');
  const [search, setSearch] = useState('');
  const searchInput = useDebounced(search.trim(), GROUP_SEARCH_DEBOUNCE_MS);
  const [category, setCategory] = useState('');
  // A failure leaves the filter with "All categories" only; the list shows its own error.
  const categoryList = useCall(adminVocabulary.categories, {});
  const categories = categoryList.state.status === 'ready' ? categoryList.state.data : [];
  const loadCategories = categoryList.reload;
  const list = usePagedList([adminVocabulary.list.path, searchInput, category], (currentPage) =>
    api.call(adminVocabulary.list, {
      searchInput,
      currentPage,
      ...(category ? { category } : {}),
    }),
  );
  const [editing, setEditing] = useState<VocabularyWord | 'new' | null>(null);
  const [importing, setImporting] = useState(false);

  const changed = () => {
    void list.reload();
    loadCategories();
  };

  const deletion = useConfirmedDelete<VocabularyWord>(
    async (word) => (await api.callWithMessage(adminVocabulary.remove, { wordId: word._id })).message,
    changed,
  );

  const filtered = Boolean(searchInput || category);
  return (
    <div className="admin-vocabulary">
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={
          <>
            <Button variant="secondary" onClick={() => setImporting(true)}>
              {t('list.import')}
            </Button>
            <Button onClick={() => setEditing('new')}>{t('list.add')}</Button>
          </>
        }
      />
      <div className="list-toolbar">
        <SearchBox
          label={t('list.search')}
          placeholder={t('list.searchPlaceholder')}
          value={search}
          onChange={setSearch}
        />
        <div className="admin-vocabulary__filter">
          <SelectField
            label={t('list.category')}
            value={category}
            onChange={(event) => setCategory(event.target.value)}
          >
            <option value="">{t('list.allCategories')}</option>
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
        noun={t('list.noun')}
        empty={{
          title: filtered ? t('list.noMatch') : t('list.none'),
          description: filtered ? t('list.noMatchText') : t('list.noneText'),
        }}
        head={
          <>
            <th scope="col">{t('list.word')}</th>
            <th scope="col">{t('list.example')}</th>
            <th scope="col">{t('list.level')}</th>
            <th scope="col">{t('list.category')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('list.actions')}</span>
            </th>
          </>
        }
        row={(word) => (
          <tr key={word._id}>
            <td>
              <span className="admin-vocabulary__word">{word.word}</span>
              <span className="admin-vocabulary__meaning">{truncateText(word.meaning)}</span>
            </td>
            <td data-label={t('list.example')} className="admin-vocabulary__example">
              {truncateText(word.example)}
            </td>
            <td data-label={t('list.level')}>
              <span className="chip chip--accent">{t(`levels.${word.level}`)}</span>
            </td>
            <td data-label={t('list.category')}>{word.category}</td>
            <td>
              <div className="table__actions">
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={t('list.editName', { word: word.word })}
                  onClick={() => setEditing(word)}
                >
                  {t('list.edit')}
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t('list.deleteName', { word: word.word })}
                  onClick={() => deletion.ask(word)}
                >
                  {t('list.delete')}
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
          title={t('confirm.title', { word: deletion.pending.word })}
          description={t('confirm.text')}
          confirmLabel={t('confirm.submit')}
          {...deletion.dialog}
        />
      ) : null}
    </div>
  );
};
