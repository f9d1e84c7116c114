import {
  DEFAULT_PRONUNCIATION_SETTINGS,
  type GroupPronunciation,
  pronunciationConfig,
} from '@coach/shared/contract/pronunciation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { api } from '../../lib/api.ts';
import { Button } from '../../ui/button.tsx';
import { type Column, ListScreen, useListScreen } from '../../widgets/list-screen.tsx';
import { PronunciationFormDialog } from './pronunciation-form-dialog.tsx';
import './pronunciation.css';
import { JoinedCount } from '../../ui/joined-count.tsx';

/** /enterprise/config/pronunciation: how each group's Pronunciation tasks are scored (spec §2, §6). */
export const PronunciationPage = () => {
  const { t } = useTranslation('pronunciation');
  const defaults = t('defaults', {
    accent: t(`accents.${DEFAULT_PRONUNCIATION_SETTINGS.accent}`),
    score: formatNumber(DEFAULT_PRONUNCIATION_SETTINGS.passingScore),
    judging: t(`strictness.${DEFAULT_PRONUNCIATION_SETTINGS.strictness}.judging`),
  });
  const screen = useListScreen<GroupPronunciation>({
    call: pronunciationConfig.list,
    fetch: ({ search: searchQuery, currentPage }) =>
      api.call(pronunciationConfig.list, { searchQuery, currentPage }),
  });
  const { search: searchQuery } = screen;
  const [editing, setEditing] = useState<GroupPronunciation | null>(null);

  const columns: Column<GroupPronunciation>[] = [
    {
      header: t('columns.group'),
      unlabelled: true,
      cell: (row) => (
        <span className="pronunciation__group">
          {row.groupName}
          {row.isDefault ? <span className="chip">{t('default')}</span> : null}
        </span>
      ),
    },
    {
      header: t('columns.members'),
      numeric: true,
      // Invited is not joined: the group's invitees are counted apart under its members (as on Groups).
      cell: (row) => <JoinedCount joined={row.memberCount} invited={row.invitedCount} />,
    },
    { header: t('columns.accent'), cell: (row) => t(`accents.${row.accent}`) },
    { header: t('columns.passingScore'), numeric: true, cell: (row) => formatNumber(row.passingScore) },
    { header: t('columns.strictness'), cell: (row) => t(`strictness.${row.strictness}.label`) },
    { header: t('columns.attemptCounts'), cell: (row) => t(`attemptCounts.${row.attemptCounts}.label`) },
    {
      header: t('columns.actions'),
      hiddenHeader: true,
      cell: (row) => (
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
      ),
    },
  ];

  return (
    <ListScreen
      className="pronunciation"
      title={t('title')}
      description={t('description', { defaults })}
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
      rowKey={(row) => row.groupId}
    >
      {editing ? (
        <PronunciationFormDialog
          row={editing}
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
