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
import { Button } from '../../ui/button.tsx';
import { type Column, ListScreen, useListScreen } from '../../widgets/list-screen.tsx';
import { manageSurveyPath } from './survey-paths.ts';
import { SurveyStatusChip } from './survey-status.tsx';
import './surveys.css';

type StatusFilter = 'all' | SurveyStatus;

/** /enterprise/surveys: the enterprise's surveys with their status and answers (spec §2). */
export const SurveysPage = () => {
  const { t } = useTranslation('surveys');
  const [status, setStatus] = useState<StatusFilter>('all');
  const screen = useListScreen<SurveySummary>({
    call: surveys.list,
    filters: [status],
    fetch: ({ search: searchQuery, currentPage }) =>
      api.call(surveys.list, { searchQuery, currentPage, ...(status === 'all' ? {} : { status }) }),
    remove: async (survey) => {
      await api.call(surveys.remove, { surveyId: survey._id });
      return t('delete.done');
    },
  });
  const filtered = Boolean(screen.search || status !== 'all');

  const columns: Column<SurveySummary>[] = [
    {
      header: t('list.survey'),
      unlabelled: true,
      cell: (survey) => (
        <Link
          className="surveys__link"
          to={manageSurveyPath(survey._id)}
          title={survey.title.length > 100 ? survey.title : undefined}
        >
          {truncateText(survey.title)}
        </Link>
      ),
    },
    { header: t('list.status'), cell: (survey) => <SurveyStatusChip status={survey.status} /> },
    { header: t('list.questions'), numeric: true, cell: (survey) => formatNumber(survey.questionCount) },
    {
      header: t('list.responses'),
      numeric: true,
      cell: (survey) =>
        survey.status === 'Draft'
          ? '—'
          : t('list.responsesOf', {
              responses: formatNumber(survey.responseCount),
              assigned: formatNumber(survey.assignedCount),
            }),
    },
    {
      header: t('list.due'),
      cell: (survey) =>
        survey.status === 'Closed'
          ? t('list.closedOn', { date: formatDate(survey.closedAt) })
          : survey.dueAt
            ? formatDate(survey.dueAt)
            : survey.expirySeconds
              ? t('list.fromPublishing')
              : t('list.noDueDate'),
    },
    {
      header: t('list.actions'),
      hiddenHeader: true,
      cell: (survey) => (
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
            onClick={() => screen.deletion.ask(survey)}
          >
            {t('list.delete')}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <ListScreen
      className="surveys"
      title={t('list.title')}
      description={t('list.description')}
      actions={
        <Link className="btn btn--primary btn--md" to={manageSurveyPath()}>
          {t('list.new')}
        </Link>
      }
      screen={screen}
      search={{ label: t('list.search'), placeholder: t('list.searchPlaceholder') }}
      filters={
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
      }
      noun={t('list.noun')}
      empty={{
        title: filtered ? t('list.noMatch') : t('list.none'),
        description: filtered ? t('list.noMatchText') : t('list.noneText'),
      }}
      columns={columns}
      rowKey={(survey) => survey._id}
      confirmDelete={(survey) => ({
        title: t('delete.title', { title: truncateText(survey.title, 60) }),
        description:
          survey.responseCount > 0
            ? t('delete.withResponses', {
                count: survey.responseCount,
                value: formatNumber(survey.responseCount),
              })
            : t('delete.noResponses'),
        confirmLabel: t('delete.confirm'),
      })}
    />
  );
};
