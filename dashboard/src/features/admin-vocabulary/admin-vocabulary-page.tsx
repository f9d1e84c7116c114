import { adminVocabulary, type VocabularyWord } from '@coach/shared/contract/admin-vocabulary';
import { truncateText } from '@coach/shared/format/truncate-text';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { useCall } from '../../lib/use-call.ts';
import { Button } from '../../ui/button.tsx';
import { SelectField } from '../../ui/text-field.tsx';
import { type Column, ListScreen, useListScreen } from '../../widgets/list-screen.tsx';
import { ImportVocabularyDialog, WordFormDialog } from './vocabulary-dialogs.tsx';
import './admin-vocabulary.css';

/** /admin/vocabulary: the platform's words for vocabulary practice (spec §2). */
export const AdminVocabularyPage = () => {
  const { t } = useTranslation('admin-vocabulary');
  const [category, setCategory] = useState('');
  // A failure leaves the filter with "All categories" only; the list shows its own error.
  const categoryList = useCall(adminVocabulary.categories, {});
  const categories = categoryList.state.status === 'ready' ? categoryList.state.data : [];
  const loadCategories = categoryList.reload;
  const screen = useListScreen<VocabularyWord>({
    call: adminVocabulary.list,
    filters: [category],
    fetch: ({ search: searchInput, currentPage }) =>
      api.call(adminVocabulary.list, { searchInput, currentPage, ...(category ? { category } : {}) }),
    remove: async (word) => (await api.callWithMessage(adminVocabulary.remove, { wordId: word._id })).message,
    afterRemoved: loadCategories,
  });
  const [editing, setEditing] = useState<VocabularyWord | 'new' | null>(null);
  const [importing, setImporting] = useState(false);

  const changed = () => {
    void screen.list.reload();
    loadCategories();
  };

  const columns: Column<VocabularyWord>[] = [
    {
      header: t('list.word'),
      unlabelled: true,
      cell: (word) => (
        <>
          {/* English as typed: its own direction in a right-to-left page (".To work" read backwards). */}
          <span className="admin-vocabulary__word" lang="en" dir="auto">
            {word.word}
          </span>
          <span className="admin-vocabulary__meaning" lang="en" dir="auto">
            {truncateText(word.meaning)}
          </span>
        </>
      ),
    },
    {
      header: t('list.example'),
      className: 'admin-vocabulary__example',
      cell: (word) => (
        <span lang="en" dir="auto">
          {truncateText(word.example)}
        </span>
      ),
    },
    {
      header: t('list.level'),
      cell: (word) => <span className="chip chip--accent">{t(`levels.${word.level}`)}</span>,
    },
    { header: t('list.category'), cell: (word) => word.category },
    {
      header: t('list.actions'),
      hiddenHeader: true,
      cell: (word) => (
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
            onClick={() => screen.deletion.ask(word)}
          >
            {t('list.delete')}
          </Button>
        </div>
      ),
    },
  ];

  const filtered = Boolean(screen.search || category);
  return (
    <ListScreen
      className="admin-vocabulary"
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
      screen={screen}
      search={{ label: t('list.search'), placeholder: t('list.searchPlaceholder') }}
      filters={
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
      }
      noun={t('list.noun')}
      empty={{
        title: filtered ? t('list.noMatch') : t('list.none'),
        description: filtered ? t('list.noMatchText') : t('list.noneText'),
      }}
      columns={columns}
      rowKey={(word) => word._id}
      confirmDelete={(word) => ({
        title: t('confirm.title', { word: word.word }),
        description: t('confirm.text'),
        confirmLabel: t('confirm.submit'),
      })}
    >
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
    </ListScreen>
  );
};
