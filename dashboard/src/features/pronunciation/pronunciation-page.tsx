import { GROUP_SEARCH_DEBOUNCE_MS } from '@coach/shared/constants/timing';
import {
  DEFAULT_PRONUNCIATION_SETTINGS,
  type GroupPronunciation,
  pronunciationConfig,
} from '@coach/shared/contract/pronunciation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { api } from '../../lib/api.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { usePagedList } from '../../lib/use-paged-list.ts';
import { Button } from '../../ui/button.tsx';
import { PageHeader } from '../../ui/layout.tsx';
import { PagedTable } from '../../ui/paged-table.tsx';
import { SearchBox } from '../../ui/table.tsx';
import { PronunciationFormDialog } from './pronunciation-form-dialog.tsx';
import './pronunciation.css';

/** /enterprise/config/pronunciation: how each group's Pronunciation tasks are scored (issue 5, spec §2, §6). */
export const PronunciationPage = () => {
  const { t } = useTranslation('pronunciation');
  const defaults = t('defaults', {
    accent: t(`accents.${DEFAULT_PRONUNCIATION_SETTINGS.accent}`),
    score: formatNumber(DEFAULT_PRONUNCIATION_SETTINGS.passingScore),
    judging: t(`strictness.${DEFAULT_PRONUNCIATION_SETTINGS.strictness}.judging`),
  });
  const [search, setSearch] = useState('');
  const searchQuery = useDebounced(search.trim(), GROUP_SEARCH_DEBOUNCE_MS);
  const list = usePagedList([pronunciationConfig.list.path, searchQuery], (currentPage) =>
    api.call(pronunciationConfig.list, { searchQuery, currentPage }),
  );
  const [editing, setEditing] = useState<GroupPronunciation | null>(null);

  return (
    <div className="pronunciation">
      <PageHeader title={t('title')} description={t('description', { defaults })} />
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
            <th scope="col">{t('columns.group')}</th>
            <th scope="col" className="table__number">
              {t('columns.members')}
            </th>
            <th scope="col">{t('columns.accent')}</th>
            <th scope="col" className="table__number">
              {t('columns.passingScore')}
            </th>
            <th scope="col">{t('columns.strictness')}</th>
            <th scope="col">{t('columns.attemptCounts')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('columns.actions')}</span>
            </th>
          </>
        }
        row={(row) => (
          <tr key={row.groupId}>
            <td>
              <span className="pronunciation__group">
                {row.groupName}
                {row.isDefault ? <span className="chip">{t('default')}</span> : null}
              </span>
            </td>
            <td data-label={t('columns.members')} className="table__number">
              {formatNumber(row.memberCount)}
            </td>
            <td data-label={t('columns.accent')}>{t(`accents.${row.accent}`)}</td>
            <td data-label={t('columns.passingScore')} className="table__number">
              {formatNumber(row.passingScore)}
            </td>
            <td data-label={t('columns.strictness')}>{t(`strictness.${row.strictness}.label`)}</td>
            <td data-label={t('columns.attemptCounts')}>{t(`attemptCounts.${row.attemptCounts}.label`)}</td>
            <td>
              <div className="table__actions">
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={t('editGroup', { name: row.groupName })}
                  onClick={() => setEditing(row)}
                >
                  {t('edit')}
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
