import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import {
  type Survey,
  type SurveyQuestionResult,
  type SurveyResults,
  surveys,
} from '@coach/shared/contract/surveys';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { downloadText } from '../../lib/download.ts';
import { notify } from '../../lib/notify.ts';
import { selectedGroupAtom } from '../../lib/ui-state.ts';
import { useLoad } from '../../lib/use-load.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/layout.tsx';
import { LoadStates } from '../../ui/load-states.tsx';
import { EmptyState } from '../../ui/states.tsx';

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** One bar of the chart: the label, a CSS bar (decoration), and the figures as text for everyone. */
const Bar = ({ label, count, percent }: { label: string; count: number; percent: number }) => (
  <li className="result-bar">
    <span className="result-bar__label">{label}</span>
    <span className="result-bar__track" aria-hidden="true">
      <span className="result-bar__fill" style={{ width: `${Math.min(100, Math.max(0, percent))}%` }} />
    </span>
    <span className="result-bar__figure">
      {count} <span className="result-bar__percent">({percent}%)</span>
    </span>
  </li>
);

const QuestionResult = ({ result, number }: { result: SurveyQuestionResult; number: number }) => (
  <Card className="result-question" aria-labelledby={`result-q-${result.id}`}>
    <h3 id={`result-q-${result.id}`} className="result-question__title">
      <span className="result-question__number">{number}.</span> {result.text}
    </h3>
    <p className="result-question__meta">
      {plural(result.answered, 'answer')} ·{' '}
      {result.multipleSelection
        ? 'several could be chosen, so the shares may add up to more than 100%'
        : 'one answer each'}
      {result.required ? '' : ' · optional'}
    </p>
    <ul className="result-bars" aria-label={`Answers to question ${number}`}>
      {result.options.map((option) => (
        <Bar key={option.value} label={option.text} count={option.count} percent={option.percent} />
      ))}
      {result.other ? (
        <Bar label={result.other.label} count={result.other.count} percent={result.other.percent} />
      ) : null}
    </ul>
    {result.other && result.other.answers.length > 0 ? (
      <div className="result-other">
        <h4 className="result-other__title">“{result.other.label}” answers</h4>
        <ul className="result-other__list">
          {result.other.answers.map((answer, index) => (
            // Two people may write the same words: the position keeps each one (the list never reorders).
            <li key={index} className="result-other__answer">
              <span className="result-other__text">{answer.text}</span>
              <span className="result-other__who">{answer.name}</span>
            </li>
          ))}
        </ul>
      </div>
    ) : null}
  </Card>
);

const GroupRates = ({ results }: { results: SurveyResults }) => (
  <Card title="Response rate by group">
    {results.groups.length === 0 ? (
      <p className="survey-results__note">
        {results.group
          ? `${results.group.name} has no members yet.`
          : 'The survey is assigned to members only, not to groups.'}
      </p>
    ) : (
      <div className="table-card">
        <table className="table table--stack">
          <caption className="visually-hidden">Members of each group and how many answered</caption>
          <thead>
            <tr>
              <th scope="col">Group</th>
              <th scope="col" className="table__number">
                Members
              </th>
              <th scope="col" className="table__number">
                Answered
              </th>
              <th scope="col">Response rate</th>
            </tr>
          </thead>
          <tbody>
            {results.groups.map((group) => (
              <tr key={group._id}>
                <td className="survey-results__group">{group.name}</td>
                <td data-label="Members" className="table__number">
                  {group.members}
                </td>
                <td data-label="Answered" className="table__number">
                  {group.responded}
                </td>
                <td data-label="Response rate">
                  <span className="result-rate">
                    <span className="result-bar__track" aria-hidden="true">
                      <span className="result-bar__fill" style={{ width: `${group.rate}%` }} />
                    </span>
                    {group.rate}%
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    )}
  </Card>
);

/**
 * A survey's results (issue 17): how many answered, each question's options counted with their share and a bar,
 * the "Other" answers written, the response rate per group, all narrowed to the top-bar group when one is
 * chosen; and the responses as a CSV file.
 */
export const SurveyResultsView = ({ survey }: { survey: Survey }) => {
  const group = useAtomValue(selectedGroupAtom);
  const query = { surveyId: survey._id, ...(group ? { groupId: group._id } : {}) };
  const { state, reload } = useLoad(`${survey._id}|${group?._id ?? ''}|${survey.updatedAt}`, () =>
    api.call(surveys.results, query),
  );
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { response, message } = await api.callWithMessage(surveys.exportResults, query);
      downloadText(response.filename, response.csv);
      notify.success(message);
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);
    } finally {
      setExporting(false);
    }
  };

  if (survey.status === 'Draft')
    return (
      <EmptyState
        title="No answers yet"
        description="Publish the survey: answers appear here as members send them."
      />
    );

  return (
    <LoadStates state={state} reload={reload} what="the results">
      {(results) => (
        <div className="survey-results">
          <Card>
            <div className="survey-results__head">
              <dl className="survey-results__figures">
                <div>
                  <dt>Responses</dt>
                  <dd>{results.respondents}</dd>
                </div>
                <div>
                  <dt>Assigned</dt>
                  <dd>{results.assigned}</dd>
                </div>
                <div>
                  <dt>Response rate</dt>
                  <dd>{results.responseRate}%</dd>
                </div>
              </dl>
              <Button
                variant="secondary"
                loading={exporting}
                disabled={results.respondents === 0}
                onClick={() => void exportCsv()}
              >
                Export CSV
              </Button>
            </div>
            <p className="survey-results__note">
              {results.group
                ? `Members of ${results.group.name} only (the group filter at the top). Choose All Groups to see everyone.`
                : 'Everyone who has the survey. Choose a group at the top to see its members only.'}
            </p>
          </Card>
          <GroupRates results={results} />
          {results.respondents === 0 ? (
            <EmptyState
              title="No answers yet"
              description={
                results.group
                  ? `Nobody in ${results.group.name} has answered.`
                  : 'Answers appear here as members send them.'
              }
            />
          ) : (
            results.questions.map((result, index) => (
              <QuestionResult key={result.id} result={result} number={index + 1} />
            ))
          )}
        </div>
      )}
    </LoadStates>
  );
};
