import { GROUP_SEARCH_DEBOUNCE_MS } from '@coach/shared/constants/timing';
import {
  SURVEY_STATUSES,
  type SurveyStatus,
  type SurveySummary,
  surveys,
} from '@coach/shared/contract/surveys';
import { truncateText } from '@coach/shared/format/truncate-text';
import { useState } from 'react';
import { Link } from 'react-router-dom';
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

const responsesLabel = (survey: SurveySummary) =>
  survey.status === 'Draft' ? '—' : `${survey.responseCount} of ${survey.assignedCount}`;

/** /enterprise/surveys: the enterprise's surveys with their status and answers (issue 17). */
export const SurveysPage = () => {
  const [search, setSearch] = useState('');
  const searchQuery = useDebounced(search.trim(), GROUP_SEARCH_DEBOUNCE_MS);
  const [status, setStatus] = useState<StatusFilter>('all');
  const list = usePagedList(`${searchQuery}|${status}`, (currentPage) =>
    api.call(surveys.list, { searchQuery, currentPage, ...(status === 'all' ? {} : { status }) }),
  );
  const filtered = Boolean(searchQuery || status !== 'all');

  const deletion = useConfirmedDelete<SurveySummary>(async (survey) => {
    await api.call(surveys.remove, { surveyId: survey._id });
    return 'Survey deleted';
  }, list.reload);

  return (
    <div className="surveys">
      <PageHeader
        title="Surveys"
        description="Ask your members questions, assign them to groups and see the answers."
        actions={
          <Link className="btn btn--primary btn--md" to={manageSurveyPath()}>
            New survey
          </Link>
        }
      />
      <div className="list-toolbar">
        <SearchBox
          label="Search surveys"
          placeholder="Search by title..."
          value={search}
          onChange={setSearch}
        />
        <fieldset className="segmented">
          <legend className="visually-hidden">Status</legend>
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
              {value === 'all' ? 'All' : value}
            </label>
          ))}
        </fieldset>
      </div>
      <PagedTable
        list={list}
        noun="surveys"
        empty={{
          title: filtered ? 'No survey matches' : 'No surveys yet',
          description: filtered
            ? 'Try another search or status.'
            : 'Create a survey, assign it to groups and see what your members think.',
        }}
        head={
          <>
            <th scope="col">Survey</th>
            <th scope="col">Status</th>
            <th scope="col" className="table__number">
              Questions
            </th>
            <th scope="col" className="table__number">
              Responses
            </th>
            <th scope="col">Due</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
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
            <td data-label="Status">
              <SurveyStatusChip status={survey.status} />
            </td>
            <td data-label="Questions" className="table__number">
              {survey.questionCount}
            </td>
            <td data-label="Responses" className="table__number">
              {responsesLabel(survey)}
            </td>
            <td data-label="Due">
              {survey.status === 'Closed'
                ? `Closed ${formatDate(survey.closedAt)}`
                : survey.dueAt
                  ? formatDate(survey.dueAt)
                  : survey.expirySeconds
                    ? 'From publishing'
                    : 'No due date'}
            </td>
            <td>
              <div className="table__actions">
                {survey.status === 'Draft' ? null : (
                  <Link
                    className="btn btn--secondary btn--sm"
                    to={manageSurveyPath(survey._id, 'results')}
                    aria-label={`Results of ${survey.title}`}
                  >
                    Results
                  </Link>
                )}
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Delete ${survey.title}`}
                  onClick={() => deletion.ask(survey)}
                >
                  Delete
                </Button>
              </div>
            </td>
          </tr>
        )}
      />
      {deletion.pending ? (
        <ConfirmDialog
          title={`Delete ${truncateText(deletion.pending.title, 60)}?`}
          description={
            deletion.pending.responseCount > 0
              ? `The survey and its ${deletion.pending.responseCount} response${deletion.pending.responseCount === 1 ? '' : 's'} are removed for good.`
              : 'The survey is removed for good.'
          }
          confirmLabel="Delete survey"
          {...deletion.dialog}
        />
      ) : null}
    </div>
  );
};
