import { GROUP_SEARCH_DEBOUNCE_MS } from '@coach/shared/constants/timing';
import {
  SURVEY_STATUSES,
  type SurveyStatus,
  type SurveySummary,
  surveys,
} from '@coach/shared/contract/surveys';
import { truncateText } from '@coach/shared/format/truncate-text';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
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
import { manageSurveyPath } from './survey-paths.ts';
import { SurveyStatusChip } from './survey-status.tsx';
import './surveys.css';

type StatusFilter = 'all' | SurveyStatus;

/** /enterprise/surveys: the enterprise's surveys with their status and answers (issue 17). */
export const SurveysPage = () => {
  const { t } = useTranslation('surveys');
  const [search, setSearch] = useState('');
  const searchQuery = useDebounced(search.trim(), GROUP_SEARCH_DEBOUNCE_MS);
  const [status, setStatus] = useState<StatusFilter>('all');
  const list = usePagedList([surveys.list.path, searchQuery, status], (currentPage) =>
    api.call(surveys.list, { searchQuery, currentPage, ...(status === 'all' ? {} : { status }) }),
  );
  const filtered = Boolean(searchQuery || status !== 'all');

  const deletion = useConfirmedDelete<SurveySummary>(async (survey) => {
    await api.call(surveys.remove, { surveyId: survey._id });
    return t('delete.done');
  }, list.reload);

  return (
    <div className="surveys">
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={
          <Link className="btn btn--primary btn--md" to={manageSurveyPath()}>
            {t('list.new')}
          </Link>
        }
      />
      <div className="list-toolbar">
        <SearchBox
          label={t('list.search')}
          placeholder={t('list.searchPlaceholder')}
          value={search}
          onChange={setSearch}
        />
        <fieldset className="segmented">
          <legend className="visually-hidden">{t('list.status')}</legend>
          {(['all', ...SURVEY_STATUSES] as const).map((value) => (
            <label
              key={value}
              className={`segmented__option ${status === value ? 'segmented__option--on' : ''}`}
            >
              <input
                type="radio"
                name="survey-status"
                value={value}
                checked={status === value}
                onChange={() => setStatus(value)}
              />
              {value === 'all' ? t('list.all') : t(`status.${value}`)}
            </label>
          ))}
        </fieldset>
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
            <th scope="col">{t('list.survey')}</th>
            <th scope="col">{t('list.status')}</th>
            <th scope="col" className="table__number">
              {t('list.questions')}
            </th>
            <th scope="col" className="table__number">
              {t('list.responses')}
            </th>
            <th scope="col">{t('list.due')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('list.actions')}</span>
            </th>
          </>
        }
        row={(survey) => (
          <tr key={survey._id}>
            <td>
              <Link
                className="surveys__link"
                to={manageSurveyPath(survey._id)}
                title={survey.title.length > 100 ? survey.title : undefined}
              >
                {truncateText(survey.title)}
              </Link>
            </td>
            <td data-label={t('list.status')}>
              <SurveyStatusChip status={survey.status} />
            </td>
            <td data-label={t('list.questions')} className="table__number">
              {formatNumber(survey.questionCount)}
            </td>
            <td data-label={t('list.responses')} className="table__number">
              {survey.status === 'Draft'
                ? '—'
                : t('list.responsesOf', {
                    responses: formatNumber(survey.responseCount),
                    assigned: formatNumber(survey.assignedCount),
                  })}
            </td>
            <td data-label={t('list.due')}>
              {survey.status === 'Closed'
                ? t('list.closedOn', { date: formatDate(survey.closedAt) })
                : survey.dueAt
                  ? formatDate(survey.dueAt)
                  : survey.expirySeconds
                    ? t('list.fromPublishing')
                    : t('list.noDueDate')}
            </td>
            <td>
              <div className="table__actions">
                {survey.status === 'Draft' ? null : (
                  <Link
                    className="btn btn--secondary btn--sm"
                    to={manageSurveyPath(survey._id, 'results')}
                    aria-label={t('list.resultsOf', { title: survey.title })}
                  >
                    {t('list.results')}
                  </Link>
                )}
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t('list.deleteName', { title: survey.title })}
                  onClick={() => deletion.ask(survey)}
                >
                  {t('list.delete')}
                </Button>
              </div>
            </td>
          </tr>
        )}
      />
      {deletion.pending ? (
        <ConfirmDialog
          title={t('delete.title', { title: truncateText(deletion.pending.title, 60) })}
          description={
            deletion.pending.responseCount > 0
              ? t('delete.withResponses', {
                  count: deletion.pending.responseCount,
                  value: formatNumber(deletion.pending.responseCount),
                })
              : t('delete.noResponses')
          }
          confirmLabel={t('delete.confirm')}
          {...deletion.dialog}
        />
      ) : null}
    </div>
  );
};
