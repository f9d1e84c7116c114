import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import {
  type Survey,
  type SurveyQuestionResult,
  type SurveyResults,
  surveys,
} from '@coach/shared/contract/surveys';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { i18n } from '../../i18n/index.ts';
import { api } from '../../lib/api.ts';
import { downloadText } from '../../lib/download.ts';
import { notify } from '../../lib/notify.ts';
import { selectedGroupAtom } from '../../lib/ui-state.ts';
import { useCall } from '../../lib/use-call.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/layout.tsx';
import { LoadStates } from '../../ui/load-states.tsx';
import { EmptyState } from '../../ui/states.tsx';
import { surveyText } from './survey-messages.ts';

/** A whole percentage (the server rounds it) in the language's digits and sign: "50%". */
const percentText = (percent: number) => formatNumber(percent / 100, { style: 'percent' });

/** One bar of the chart: the label, a CSS bar (decoration), and the figures as text for everyone. */
const Bar = ({ label, count, percent }: { label: string; count: number; percent: number }) => (
  <li className="result-bar">
    <span className="result-bar__label">{label}</span>
    <span className="result-bar__track" aria-hidden="true">
      <span className="result-bar__fill" style={{ width: `${Math.min(100, Math.max(0, percent))}%` }} />
    </span>
    <span className="result-bar__figure">
      {formatNumber(count)} <span className="result-bar__percent">({percentText(percent)})</span>
    </span>
  </li>
);

const QuestionResult = ({ result, number }: { result: SurveyQuestionResult; number: number }) => {
  const { t } = useTranslation('surveys');
  const meta = {
    answers: t('results.answers', { count: result.answered, value: formatNumber(result.answered) }),
    kind: result.multipleSelection ? t('results.several') : t('results.oneEach'),
  };
  // The server names an "Other" without the author's own text 'Other', in English.
  const otherName = result.other?.label === 'Other' ? t('questions.other') : (result.other?.label ?? '');
  return (
    <Card className="result-question" aria-labelledby={`result-q-${result.id}`}>
      <h3 id={`result-q-${result.id}`} className="result-question__title">
        <span className="result-question__number">{formatNumber(number)}.</span> {result.text}
      </h3>
      <p className="result-question__meta">
        {result.required ? t('results.meta', meta) : t('results.metaOptional', meta)}
      </p>
      <ul className="result-bars" aria-label={t('results.answersTo', { number: formatNumber(number) })}>
        {result.options.map((option) => (
          <Bar key={option.value} label={option.text} count={option.count} percent={option.percent} />
        ))}
        {result.other ? (
          <Bar label={otherName} count={result.other.count} percent={result.other.percent} />
        ) : null}
      </ul>
      {result.other && result.other.answers.length > 0 ? (
        <div className="result-other">
          <h4 className="result-other__title">{t('results.otherAnswers', { label: otherName })}</h4>
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
};

/** Why there is no group to show: the filter's group is empty, nobody has the survey, or members only have it. */
const noGroupsNote = (results: SurveyResults, survey: Survey) => {
  const t = i18n.getFixedT(null, 'surveys', 'results');
  if (results.group) return t('groupEmpty', { group: results.group.name });
  return survey.groups.length === 0 && survey.members.length === 0 ? t('nobody') : t('membersOnly');
};

const GroupRates = ({ results, survey }: { results: SurveyResults; survey: Survey }) => {
  const { t } = useTranslation('surveys');
  return (
    <Card title={t('results.byGroup')}>
      {results.groups.length === 0 ? (
        <p className="survey-results__note">{noGroupsNote(results, survey)}</p>
      ) : (
        <div className="table-card">
          <table className="table table--stack">
            <caption className="visually-hidden">{t('results.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('results.group')}</th>
                <th scope="col" className="table__number">
                  {t('results.members')}
                </th>
                <th scope="col" className="table__number">
                  {t('results.answered')}
                </th>
                <th scope="col">{t('results.rate')}</th>
              </tr>
            </thead>
            <tbody>
              {results.groups.map((group) => (
                <tr key={group._id}>
                  <td className="survey-results__group">{group.name}</td>
                  <td data-label={t('results.members')} className="table__number">
                    {formatNumber(group.members)}
                  </td>
                  <td data-label={t('results.answered')} className="table__number">
                    {formatNumber(group.responded)}
                  </td>
                  <td data-label={t('results.rate')}>
                    <span className="result-rate">
                      <span className="result-bar__track" aria-hidden="true">
                        <span className="result-bar__fill" style={{ width: `${group.rate}%` }} />
                      </span>
                      {percentText(group.rate)}
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
};

/**
 * A survey's results: how many answered, each question's options counted with their share and a bar,
 * the "Other" answers written, the response rate per group, all narrowed to the top-bar group when one is
 * chosen; and the responses as a CSV file.
 */
export const SurveyResultsView = ({ survey }: { survey: Survey }) => {
  const { t } = useTranslation('surveys');
  const group = useAtomValue(selectedGroupAtom);
  const query = { surveyId: survey._id, ...(group ? { groupId: group._id } : {}) };
  const { state, reload } = useCall(surveys.results, query, { refreshOn: [survey.updatedAt] });
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { response, message } = await api.callWithMessage(surveys.exportResults, query);
      downloadText(response.filename, response.csv);
      notify.success(surveyText(message));
    } catch (error) {
      notify.error(error instanceof ApiError ? surveyText(error.message) : GENERIC_ERROR_MESSAGE);
    } finally {
      setExporting(false);
    }
  };

  if (survey.status === 'Draft')
    return <EmptyState title={t('results.noAnswers')} description={t('results.publishFirst')} />;

  return (
    <LoadStates state={state} reload={reload} what={t('what.results')}>
      {(results) => (
        <div className="survey-results">
          <Card>
            <div className="survey-results__head">
              <dl className="survey-results__figures">
                <div>
                  <dt>{t('results.responses')}</dt>
                  <dd>{formatNumber(results.respondents)}</dd>
                </div>
                <div>
                  <dt>{t('results.assigned')}</dt>
                  <dd>{formatNumber(results.assigned)}</dd>
                </div>
                <div>
                  <dt>{t('results.rate')}</dt>
                  <dd>{percentText(results.responseRate)}</dd>
                </div>
              </dl>
              <Button
                variant="secondary"
                loading={exporting}
                disabled={results.respondents === 0}
                onClick={() => void exportCsv()}
              >
                {t('results.export')}
              </Button>
            </div>
            <p className="survey-results__note">
              {results.group ? t('results.filtered', { group: results.group.name }) : t('results.everyone')}
            </p>
          </Card>
          <GroupRates results={results} survey={survey} />
          {results.respondents === 0 ? (
            <EmptyState
              title={t('results.noAnswers')}
              description={
                results.group ? t('results.nobodyIn', { group: results.group.name }) : t('results.appearHere')
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
